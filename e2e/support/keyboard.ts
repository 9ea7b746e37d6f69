// A keyboard-only walk (#33, "How it is checked"): every key press that moves focus or changes the view is
// followed by the two checks a keyboard user relies on: focus is somewhere (never dropped to <body>), and the
// focused element is not hidden under the sticky header (WCAG 2.4.11). Flows read as steps: tab to a control,
// type, press a key and say where focus should land.
import { expect, type ElementHandle, type Locator, type Page } from '@playwright/test';

interface FocusSpot {
  /** What has focus, for the failure message. */
  what: string;
  onBody: boolean;
  /** The focused element's top edge is above the bottom of the sticky header and the header is drawn over it. */
  underHeader: boolean;
}

/**
 * Where focus is now, read in the page (from `target`'s handle when given, which also tells whether it has focus:
 * one round trip per key press).
 */
function focusSpot(page: Page, target?: ElementHandle<Element>): Promise<FocusSpot & { onTarget: boolean }> {
  const read = (targetElement: Element | null) => {
    const el = document.activeElement;
    const onTarget = el !== null && el === targetElement;
    if (!el || el === document.body || el === document.documentElement) {
      return { what: '<body>', onBody: true, underHeader: false, onTarget };
    }
    const label = el.getAttribute('aria-label') ?? el.textContent ?? '';
    const what = `<${el.tagName.toLowerCase()}> “${label.trim().slice(0, 60)}”`;
    // The site's banner: the header that is not part of an article, section or dialog.
    const header = [...document.querySelectorAll('header')].find(
      (h) => !h.closest('main, article, section, aside, [role="dialog"]'),
    );
    // What sticks to the top with it (the header and, on a phone, the toast dock hanging from it).
    let top: Element | null = header ?? null;
    while (top && !['sticky', 'fixed'].includes(getComputedStyle(top).position)) top = top.parentElement;
    if (!header || !top || top.contains(el)) return { what, onBody: false, underHeader: false, onTarget };
    const box = el.getBoundingClientRect();
    const headerBottom = header.getBoundingClientRect().bottom;
    if (box.top >= headerBottom - 0.5) return { what, onBody: false, underHeader: false, onTarget };
    // Taller than the room below the header (a tab panel): it cannot all show; enough that it is not all hidden.
    if (box.height > window.innerHeight - headerBottom) {
      return { what, onBody: false, underHeader: box.bottom <= headerBottom, onTarget };
    }
    // Above the header's edge: hidden unless drawn in a layer over the header (a modal dialog, the skip link).
    const x = Math.min(Math.max(box.left + box.width / 2, 0), window.innerWidth - 1);
    const y = Math.min(Math.max(box.top + 1, 0), headerBottom - 1);
    const drawn = document.elementFromPoint(x, y);
    return { what, onBody: false, underHeader: !drawn || !(el === drawn || el.contains(drawn)), onTarget };
  };
  return target ? target.evaluate(read) : page.evaluate(read, null);
}

/**
 * Focus is on an element (not <body>) that is not under the sticky header (a smooth scroll may still be under
 * way, so that is waited for a moment).
 */
async function expectFocusInView(
  page: Page,
  after: string,
  target?: ElementHandle<Element>,
): Promise<boolean> {
  const spot = await focusSpot(page, target);
  expect(spot.onBody, `after ${after}, focus dropped to <body>`).toBe(false);
  if (spot.underHeader) {
    await expect
      .poll(async () => (await focusSpot(page)).underHeader, {
        message: `after ${after}, ${spot.what} has focus under the sticky header`,
        timeout: 2000,
      })
      .toBe(false);
  }
  return spot.onTarget;
}

/** Whether focus is on `container` or inside it. */
export const isFocusWithin = (container: Locator) =>
  container.evaluate((el) => el.contains(document.activeElement));

/** What a step leads to: the element that should then have focus, or any other check that the view has settled. */
type Outcome = Locator | (() => Promise<unknown>);

export class KeyboardWalk {
  constructor(private readonly page: Page) {}

  /** Presses `key`, waits for `then` (focus on it, or its check), and checks where focus is. */
  async press(key: string, then?: Outcome): Promise<void> {
    await this.page.keyboard.press(key);
    if (typeof then === 'function') await then();
    else if (then) await expect(then).toBeFocused();
    await expectFocusInView(this.page, `pressing ${key}`);
  }

  /** Presses Tab (or Shift+Tab) until `target` has focus, checking focus after every press. */
  async tabTo(target: Locator, { back = false, max = 60 } = {}): Promise<void> {
    const key = back ? 'Shift+Tab' : 'Tab';
    const handle = await target.elementHandle();
    if (!handle) throw new Error(`${target.toString()} is not on the page`);
    try {
      let reached = await handle.evaluate((el) => el === document.activeElement);
      for (let i = 0; i < max && !reached; i += 1) {
        await this.page.keyboard.press(key);
        reached = await expectFocusInView(this.page, `pressing ${key}`, handle);
      }
    } finally {
      await handle.dispose();
    }
    await expect(target, `${target.toString()} is reached within ${max} presses of ${key}`).toBeFocused();
  }

  /** Tabs until focus is inside `container` (a widget of one tab stop or a group of several). */
  async tabInto(container: Locator, { max = 60 } = {}): Promise<void> {
    for (let i = 0; i < max; i += 1) {
      if (await isFocusWithin(container).catch(() => false)) return;
      await this.press('Tab');
    }
    throw new Error(`${container.toString()} is not reached within ${max} presses of Tab`);
  }

  /**
   * Presses an arrow key, Home or End inside `widget`, a composite widget of one tab stop (a toolbar): focus moves
   * to another of its items.
   */
  async move(widget: Locator, key: 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown' | 'Home' | 'End') {
    const before = await this.page.evaluateHandle(() => document.activeElement);
    try {
      await this.press(key, () =>
        expect
          .poll(() => before.evaluate((el) => el !== document.activeElement), {
            message: `${key} moves focus inside ${widget.toString()}`,
          })
          .toBe(true),
      );
    } finally {
      await before.dispose();
    }
    expect(await isFocusWithin(widget), `${key} keeps focus inside ${widget.toString()}`).toBe(true);
  }

  /**
   * `widget` is one tab stop: from `item`, its entry (which has focus), one Tab leaves it and one Shift+Tab comes
   * back to `item`.
   */
  async expectOneTabStop(widget: Locator, item: Locator): Promise<void> {
    await expect(item).toBeFocused();
    await this.press('Tab');
    expect(await isFocusWithin(widget), `one Tab leaves ${widget.toString()}`).toBe(false);
    await this.press('Shift+Tab', item);
  }

  /** Tabs to the field `field` and types `text` into it (a select takes the typed option's label). */
  async fill(field: Locator, text: string): Promise<void> {
    await this.tabTo(field);
    await this.page.keyboard.type(text);
  }
}
