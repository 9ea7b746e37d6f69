// Screenshot baselines (issue 24): five pages at a phone's, a tablet's and a laptop's width, in the light and the
// dark theme. A change that moves a pixel too many (over 1% of the page) fails here until it is reviewed and the
// baselines are updated (README: `npx playwright test tests/visual.spec.ts --update-snapshots` in e2e/).
//
// Deterministic by construction: a fixed clock (the footer's year), no animations or caret, the newsletter popup
// marked as seen (fixtures), the purchase toast off in e2e (playwright.config.ts), any toast dismissed, and the
// seeded demo user (fixed e-mail and id) with exactly one service in its cart for the signed-in pages.
import type { Page } from '@playwright/test';
import { test, expect, signIn } from '../fixtures';
import { SERVICE } from '../support/routes';

const WIDTHS = [
  { width: 375, height: 812 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
] as const;

/** A fixed moment for every page's Date: the footer prints its year. */
const NOW = new Date('2026-03-02T10:00:00Z');

const publicShots = [
  { name: 'home', path: '/' },
  { name: 'services', path: '/how-we-work' },
  { name: 'service-smart-website', path: '/services/ai-website-building' },
] as const;

/** Shown to the demo user with exactly the test service in its cart. */
const signedInShots = [
  { name: 'checkout', path: '/checkout' },
  { name: 'account', path: '/account' },
] as const;

/** Whether `titles` are exactly the test service. */
const onlyTheService = (titles: string[]) => titles.length === 1 && titles[0] === SERVICE;

/**
 * Signs in as the demo user and leaves its cart (stored with the account, which other specs change) holding the
 * one service, in this browser and saved with the account, so the next page load's merge adds nothing back. Each
 * load reads the stored cart and merges it in while the page is already in use, so a button can change under a
 * click (an "Add to Cart" that has just become "Remove"): the trimming is retried until both hold the one service.
 */
async function signInWithOneService(page: Page) {
  const storedCart = () =>
    page.waitForResponse(
      (response) => response.url().includes('/rest/v1/cart_items') && response.request().method() === 'GET',
    );
  const signedIn = storedCart();
  await signIn(page);
  await signedIn;
  const main = page.getByRole('main');
  const others = main.getByRole('button', { name: /^Remove / }).filter({ hasNotText: SERVICE });
  const add = main.getByRole('button', { name: `Add to Cart ${SERVICE}` });
  await expect(async () => {
    const loaded = storedCart();
    await page.goto('/how-we-work');
    const stored = ((await (await loaded).json()) as { service_title: string }[]).map(
      (row) => row.service_title,
    );
    const saved = page.waitForResponse(
      (response) =>
        response.url().includes('/rpc/replace_cart') &&
        response.ok() &&
        onlyTheService(
          (response.request().postDataJSON() as { items: { service_title: string }[] }).items.map(
            (item) => item.service_title,
          ),
        ),
      { timeout: 5_000 },
    );
    saved.catch(() => undefined);
    while ((await others.count()) > 0) await others.first().click();
    if ((await add.count()) > 0) await add.click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Cart, 1 item' })).toBeVisible({
      timeout: 2_000,
    });
    if (!onlyTheService(stored)) await saved;
  }).toPass({ timeout: 45_000 });
}

/** Waits until the page is settled: its h1 shown, web fonts loaded, no toast left on screen. */
async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: /^Cart, / })).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  const dismiss = page.getByRole('button', { name: 'Dismiss notification' });
  while ((await dismiss.count()) > 0) await dismiss.first().click();
  await page.evaluate(() => window.scrollTo(0, 0));
}

/**
 * Opens `path` at each width (a fresh load, not a resize, so no half-finished relayout is captured) and compares
 * the whole page with its baseline.
 */
async function expectPageAtEachWidth(page: Page, name: string, path: string, colorScheme: string) {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.goto(path);
    await settle(page);
    // Nothing wider than the screen: a page that scrolls sideways would also make the capture's size vary.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBe(size.width);
    await expect(page).toHaveScreenshot(`${name}-${colorScheme}-${size.width}.png`, {
      fullPage: true,
      animations: 'disabled',
      caret: 'hide',
      maxDiffPixelRatio: 0.01,
    });
  }
}

const widths = WIDTHS.map((w) => w.width).join(', ');

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });

    test.beforeEach(({ page }) => page.clock.setFixedTime(NOW));

    for (const shot of publicShots) {
      test(`${shot.name} at ${widths} px`, async ({ page }) => {
        await expectPageAtEachWidth(page, shot.name, shot.path, colorScheme);
      });
    }

    for (const shot of signedInShots) {
      test(`${shot.name}, signed in, at ${widths} px`, async ({ page }) => {
        await signInWithOneService(page);
        await expectPageAtEachWidth(page, shot.name, shot.path, colorScheme);
      });
    }
  });
}
