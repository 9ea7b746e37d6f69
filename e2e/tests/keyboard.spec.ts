// Keyboard journeys (issue 9): with nothing but the keyboard a visitor skips to the content, adds a service,
// opens and closes the cart panel, reaches checkout, opens the promo dialog and subscribes to the newsletter;
// focus moves into each dialog and back out, and every stop shows a focus ring.
import type { Locator, Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { promotionBanner, showPromotion } from '../support/promotion';
import { SERVICE } from '../support/routes';

/** Presses Tab (or Shift+Tab) until `target` has focus; fails if it is not reached within `max` presses. */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}) {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}

/**
 * The focused element shows a focus ring (an outline at least 2 px wide, or a box shadow), and an outline keeps
 * 3:1 contrast with the surface it is drawn on: the element's own background when drawn inside it, else the
 * nearest opaque background around it.
 */
async function expectFocusRing(target: Locator) {
  await expect(target).toBeFocused();
  const ring = await target.evaluate((el) => {
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    if (!outline) return { visible: style.boxShadow !== 'none', contrast: Infinity };
    const rgb = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = (color: string) => {
      const [r = 0, g = 0, b = 0] = rgb(color).map((c) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    let surface: Element | null = parseFloat(style.outlineOffset) < 0 ? el : el.parentElement;
    let background = 'rgb(255, 255, 255)';
    for (; surface; surface = surface.parentElement) {
      const color = getComputedStyle(surface).backgroundColor;
      if ((rgb(color)[3] ?? 1) > 0.5) {
        background = color;
        break;
      }
    }
    const [light, dark] = [luminance(style.outlineColor), luminance(background)].sort((a, b) => b - a);
    return { visible: true, contrast: ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05) };
  });
  expect(ring.visible, 'the focused element shows a focus ring').toBe(true);
  expect(ring.contrast, 'the focus ring contrasts 3:1 with the surface behind it').toBeGreaterThanOrEqual(3);
}

const isFocusWithin = (container: Locator) => container.evaluate((el) => el.contains(document.activeElement));

test('the first Tab reaches the skip link, which moves focus to the main content', async ({ page }) => {
  await page.goto('/how-we-work');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expectFocusRing(skip);
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  // The next Tab continues inside the page, not in the header.
  await page.keyboard.press('Tab');
  expect(await isFocusWithin(page.getByRole('main'))).toBe(true);
});

test('the dark footer shows a light focus ring on its links', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const about = page.getByRole('contentinfo').getByRole('link', { name: 'About' });
  await tabTo(page, about, { max: 40 });
  await expectFocusRing(about);
});

test('add a service, open and close the cart panel, reach checkout: keyboard only', async ({ page }) => {
  await page.goto('/how-we-work');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const add = page.getByRole('button', { name: `Add to Cart ${SERVICE}` });
  await tabTo(page, add);
  await expectFocusRing(add);
  await page.keyboard.press('Enter');
  const remove = page.getByRole('button', { name: `Remove ${SERVICE}` });
  await expect(remove).toBeFocused();

  const cart = page.getByRole('banner').getByRole('button', { name: /^Cart, 1 item/ });
  await tabTo(page, cart, { back: true });
  await expectFocusRing(cart);
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Your Cart' });
  await expect(panel).toBeVisible();
  expect(await isFocusWithin(panel)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(cart).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(panel).toBeVisible();
  const checkout = panel.getByRole('link', { name: 'Go to Checkout' });
  await tabTo(page, checkout, { max: 10 });
  await expectFocusRing(checkout);
  await page.keyboard.press('Enter');
  // Signed out, checkout asks for a sign-in first.
  await expect(page).toHaveURL('/auth');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the promo dialog opens from the banner with Enter, holds focus and gives it back on Escape', async ({
  page,
}) => {
  await showPromotion(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The banner is fixed to the bottom of the window and last in the tab order: Shift+Tab from the page's start.
  const banner = promotionBanner(page);
  await expect(banner).toBeVisible();
  await tabTo(page, banner, { back: true, max: 5 });
  await expectFocusRing(banner);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: '10% off your first project order' });
  await expect(dialog).toBeVisible();
  await expect.poll(() => isFocusWithin(dialog)).toBe(true);
  // Focus stays trapped in the dialog.
  for (let i = 0; i < 6; i += 1) {
    await page.keyboard.press('Tab');
    expect(await isFocusWithin(dialog)).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(banner).toBeFocused();
});

test.describe('newsletter popup', () => {
  test.use({ newsletterPopup: true });

  test('subscribes with the keyboard only', async ({ page }) => {
    await page.goto('/about');
    const dialog = page.getByRole('dialog', { name: 'Get 10% off your first project' });
    await expect(dialog).toBeVisible({ timeout: 8000 });
    await expect.poll(() => isFocusWithin(dialog)).toBe(true);
    const name = dialog.getByLabel('Name');
    await expect(name).toBeVisible();
    await tabTo(page, name, { max: 10 });
    await page.keyboard.type('Kim');
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel('Email')).toBeFocused();
    await page.keyboard.type(`kim-${Date.now()}@example.com`);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Success! 🎉').first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});
