// Responsive layout (issue 9): the layouts at 768 and 1280 px, and on a phone the mobile menu, the cart panel and
// the dialogs are usable. That every route keeps to the viewport at phone and desktop widths (and a tablet width
// for a few) is checked in the visit routes.spec.ts makes of each route.
import type { Locator, Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { attachScreenshot, expectNoHorizontalOverflow } from '../support/layout';
import { addServiceToCart, cartButton, openRoute } from '../support/routes';
import { promotionBanner, showPromotion } from '../support/promotion';

const PHONE = { width: 375, height: 812 };
const TABLET = { width: 768, height: 1024 };
const DESKTOP = { width: 1280, height: 800 };

/** The header's links of the spec, shown in the mobile menu. */
const menuLinks = ['Home', 'Our Services', 'Cases', 'Contact'];

/** The top, height and right edge of each element `locator` matches, in page order. */
const boxes = (locator: Locator) =>
  locator.evaluateAll((els) =>
    els.map((el) => {
      const { top, height, right } = el.getBoundingClientRect();
      return { top: Math.round(top), height: Math.round(height), right: Math.round(right) };
    }),
  );

// Issue #33.6: three layouts a careful customer found uneven at 768 and 1280 px.
test.describe('layouts at 768 and 1280 px', () => {
  const SMART_WEBSITE = '/services/ai-website-building';

  test("at 1280 px the contact page's days are one height, and so are its times", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await openRoute(page, '/contact');
    const picker = page.getByRole('region', { name: 'Book a discovery call' });
    // Three weeks of working days: more than one line of them.
    await expect(
      picker.getByRole('toolbar', { name: 'Choose a day' }).getByRole('button').nth(6),
    ).toBeVisible();
    for (const name of ['Choose a day', /^Times on /]) {
      const buttons = picker.getByRole('toolbar', { name }).getByRole('button');
      await expect(buttons.first()).toBeVisible();
      const heights = (await boxes(buttons)).map((b) => b.height);
      expect(new Set(heights), `the heights of ${String(name)}: ${heights.join(', ')}`).toEqual(
        new Set([heights[0]]),
      );
    }
  });

  test('a service in the cart has its actions on one line at 1280 px, and rows filled evenly where they wrap', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await openRoute(page, SMART_WEBSITE);
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Add to Cart - €899.00' }).click();
    const added = main.getByRole('button', { name: 'Added to Cart' });
    await expect(added).toBeDisabled();
    const actions = added.locator('xpath=..');
    const [addedBox, checkoutBox, contactBox] = await boxes(actions.locator(':scope > *'));
    expect(checkoutBox?.top, "'Go to Checkout' beside 'Added to Cart'").toBe(addedBox?.top);
    expect(contactBox?.top, "'Contact Us' beside 'Added to Cart'").toBe(addedBox?.top);

    // Narrower, they wrap: each line they take ends where the price card's content does.
    for (const size of [PHONE, { width: 1024, height: 768 }, TABLET, DESKTOP]) {
      await page.setViewportSize(size);
      const right = Math.round(await actions.evaluate((el) => el.getBoundingClientRect().right));
      const rows = new Map<number, number>();
      for (const box of await boxes(actions.locator(':scope > *'))) {
        rows.set(box.top, Math.max(rows.get(box.top) ?? 0, box.right));
      }
      for (const [top, rowRight] of rows) {
        expect(
          Math.abs(rowRight - right),
          `at ${size.width} px the line at ${top} px is full`,
        ).toBeLessThanOrEqual(1);
      }
    }
  });

  test('at 768 px the price card of a service spans the page, leaving no empty column beside it', async ({
    page,
  }) => {
    await page.setViewportSize(TABLET);
    await openRoute(page, SMART_WEBSITE);
    const card = page.getByRole('main').getByText('€899.00', { exact: true }).locator('xpath=..');
    // The card, its column and the opening's grid: as wide as each other.
    const [cardWidth, columnWidth, gridWidth] = await card.evaluate((el) =>
      [el, el.parentElement!, el.parentElement!.parentElement!].map((e) =>
        Math.round(e.getBoundingClientRect().width),
      ),
    );
    expect(cardWidth).toBe(columnWidth);
    expect(columnWidth).toBe(gridWidth);
  });
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: PHONE });

  test('the mobile menu opens and shows the links', async ({ page }, testInfo) => {
    await openRoute(page, '/about');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    for (const name of menuLinks) await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Enter the Future' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await expectNoHorizontalOverflow(page, 'the open mobile menu');
    await attachScreenshot(page, testInfo, 'mobile menu at 375px');
    await menu.getByRole('link', { name: 'Cases', exact: true }).click();
    await expect(page).toHaveURL('/cases');
    await expect(menu).toBeHidden();
  });

  test('the cart panel fits the viewport', async ({ page }, testInfo) => {
    await addServiceToCart(page);
    await cartButton(page).click();
    const panel = page.getByRole('dialog', { name: 'Your Cart' });
    await expect(panel.getByRole('link', { name: 'Go to Checkout' })).toBeVisible();
    const box = (await panel.boundingBox())!;
    expect(box).not.toBeNull();
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    await expect(panel.getByRole('link', { name: 'Go to Checkout' })).toBeInViewport();
    await expectNoHorizontalOverflow(page, 'the open cart panel');
    await attachScreenshot(page, testInfo, 'cart panel at 375px');
  });
});

test.describe('on a short phone screen', () => {
  test.use({ viewport: { width: 375, height: 560 } });

  /** The dialog stays inside the viewport and scrolls its own content. */
  async function expectDialogFits(page: Page, dialog: Locator) {
    const box = await dialog.boundingBox();
    expect(box).not.toBeNull();
    if (!box) return;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(box.y + box.height).toBeLessThanOrEqual(560);
    const scrolls = await dialog.evaluate(
      (el) => el.scrollHeight <= el.clientHeight || getComputedStyle(el).overflowY !== 'visible',
    );
    expect(scrolls, 'content taller than the dialog scrolls within it').toBe(true);
    await expectNoHorizontalOverflow(page, 'the open dialog');
  }

  test('the promo dialog fits and scrolls within the viewport', async ({ page }, testInfo) => {
    await showPromotion(page);
    await openRoute(page, '/');
    await promotionBanner(page).click();
    const dialog = page.getByRole('dialog', { name: '10% off your first project order' });
    await expect(dialog).toBeVisible();
    await expectDialogFits(page, dialog);
    await attachScreenshot(page, testInfo, 'promo dialog at 375x560');
  });

  test.describe('newsletter popup', () => {
    test.use({ newsletterPopup: true });

    test('the newsletter popup fits and scrolls within the viewport', async ({ page }, testInfo) => {
      await page.goto('/about');
      const dialog = page.getByRole('dialog', { name: 'Get 10% off your first project' });
      await expect(dialog.getByLabel('Email')).toBeVisible({ timeout: 8000 });
      await expectDialogFits(page, dialog);
      await attachScreenshot(page, testInfo, 'newsletter popup at 375x560');
    });
  });
});
