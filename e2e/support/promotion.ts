// The promotion banner in e2e. The demo's one promotion (seed.sql) ended in September, so no banner runs on the
// test site. `showPromotion` makes one page believe a promotion runs, without the database: the banner's own
// tests (promotion.spec.ts) add a real one, which every page of the site would show while it lasts.
import type { Page } from '@playwright/test';

const PROMOTION_WORDS = '10% off your first project order this winter.';

/** The banner's button, named by its words and its link's. */
export const promotionBanner = (page: Page, words = PROMOTION_WORDS) =>
  page
    .getByRole('complementary', { name: 'Promotion' })
    .getByRole('button', { name: `${words} See the details` });

/** This page's requests for the running promotion are answered with one (the real answer's headers kept). */
export async function showPromotion(page: Page): Promise<void> {
  await page.route(
    (url) => url.pathname === '/rest/v1/promotions',
    async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      const response = await route.fetch();
      await route.fulfill({
        response,
        json: [{ id: 'f0f0f0f0-0000-4000-8000-0000000009e2', words: PROMOTION_WORDS, offer: 'newsletter' }],
      });
    },
  );
}
