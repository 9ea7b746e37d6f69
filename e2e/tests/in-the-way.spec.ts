// Issue 33: nothing gets in a visitor's way. Toasts on a phone never cover the header or the focused control,
// Escape dismisses them, and their region comes right after the header in the tab order.
import type { Locator, Page } from '@playwright/test';
import { test, expect } from '../fixtures';

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator.toString()} is not on screen`);
  return found;
}

/** The visible toast: on a phone only the newest shows. */
const shownToast = (page: Page) =>
  page.getByRole('region', { name: 'Notifications' }).getByRole('listitem').last();

/** The focused element's box, or null when focus is on <body>. */
const focusedBox = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return null;
    const r = el.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  });

test.describe('toasts on a phone (375 px)', () => {
  test.use({ viewport: { width: 375, height: 667 } });

  test('/contact: the error toast hangs below the header, covers no focused control, and Escape closes it', async ({
    page,
  }) => {
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    const toast = shownToast(page);
    await expect(toast).toContainText('Validation Error');
    const header = page.getByRole('banner');
    await expect(page.getByLabel('Name', { exact: true })).toBeFocused();

    // Not over the field that took focus, and never over the header, at rest or after the visitor scrolls.
    await expect.poll(async () => overlaps(await box(toast), (await focusedBox(page))!)).toBe(false);
    for (const scroll of [0, 300]) {
      await page.mouse.wheel(0, scroll);
      await expect.poll(async () => overlaps(await box(toast), await box(header))).toBe(false);
    }

    // Tab order: the toast's button comes right after the header's last one, and the header stays usable.
    await page.getByRole('button', { name: 'Open menu' }).focus();
    await page.keyboard.press('Tab');
    await expect(toast.getByRole('button', { name: 'Dismiss notification' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
    await page.getByRole('button', { name: 'Open menu' }).click({ trial: true });

    // Escape dismisses it, wherever focus is; the field errors stay in the fields.
    await page.getByLabel('Email').focus();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('region', { name: 'Notifications' })).toHaveCount(0);
    await expect(page.getByLabel('Name', { exact: true })).toHaveAccessibleDescription(/Name is required/);
  });

  test('a field the toast would cover is scrolled out from under it when it gets focus', async ({ page }) => {
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    const toast = shownToast(page);
    await expect(toast).toBeVisible();
    // Bring the message field to just below the header, where the toast hangs, then focus it by keyboard.
    const message = page.getByLabel('Message', { exact: true });
    await message.evaluate((el) => {
      const header = document.querySelector('header')!.getBoundingClientRect();
      window.scrollBy({ top: el.getBoundingClientRect().top - header.bottom - 4, behavior: 'instant' });
    });
    await page.getByLabel('Email').focus();
    await page.keyboard.press('Tab');
    await expect(message).toBeFocused();
    await expect.poll(async () => overlaps(await box(toast), (await focusedBox(page))!)).toBe(false);
  });
});

/**
 * Every focusable control's ring against the colour right around it (the ring sits 2 px off the control, on its
 * container's background): 3:1 at least (WCAG 1.4.11), in both themes.
 */
const ringContrasts = (page: Page) =>
  page.evaluate(() => {
    const rgb = (color: string): [number, number, number, number] | null => {
      const m = /rgba?\(([\d.]+),? ([\d.]+),? ([\d.]+)(?:,? \/? ?([\d.]+))?\)/.exec(color);
      return m ? [Number(m[1]), Number(m[2]), Number(m[3]), m[4] === undefined ? 1 : Number(m[4])] : null;
    };
    const luminance = ([r, g, b]: number[]) => {
      const [R, G, B] = [r!, g!, b!].map((c) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * R! + 0.7152 * G! + 0.0722 * B!;
    };
    /** The first opaque-enough background behind the element (not its own). */
    const backdrop = (el: Element) => {
      for (let node = el.parentElement; node; node = node.parentElement) {
        const color = rgb(getComputedStyle(node).backgroundColor);
        if (color && color[3] > 0.5) return color;
      }
      return rgb(getComputedStyle(document.body).backgroundColor)!;
    };
    const results: { control: string; contrast: number }[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      'main a[href], main button, main input, main select, main textarea, header a[href], header button, footer a[href]',
    );
    for (const el of controls) {
      if (!el.checkVisibility() || el.closest('[aria-hidden="true"]')) continue;
      el.focus();
      if (document.activeElement !== el) continue;
      const style = getComputedStyle(el);
      if (style.outlineStyle === 'none') continue; // checked elsewhere: every control shows a ring
      const ring = rgb(style.outlineColor)!;
      const [a, b] = [luminance(ring), luminance(backdrop(el))];
      const contrast = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      results.push({
        control: `${el.tagName.toLowerCase()} “${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 40)}”`,
        contrast: Math.round(contrast * 100) / 100,
      });
    }
    return results;
  });

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`focus rings in the ${colorScheme} theme`, () => {
    test.use({ colorScheme, viewport: { width: 1280, height: 900 } });

    for (const path of ['/', '/how-we-work', '/contact', '/enter-the-future', '/auth']) {
      test(`reach 3:1 against what is around them on every control of ${path}`, async ({ page }) => {
        await page.goto(path);
        // Measured once the page's remote has drawn it (before, /auth had no control to measure).
        await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
        // Keyboard modality, so script focus shows the ring as Tab would.
        await page.keyboard.press('Tab');
        const rings = await ringContrasts(page);
        expect(rings.length, `${path} has controls`).toBeGreaterThan(5);
        const weak = rings.filter((ring) => ring.contrast < 3).map((r) => `${r.control} ${r.contrast}:1`);
        expect(weak).toEqual([]);
      });
    }
  });
}

// Three toasts at once on a desktop, a fourth pushing the oldest out: toaster.test.tsx (#46).
