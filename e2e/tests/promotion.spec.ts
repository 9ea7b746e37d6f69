// The promotion banner (#33.5): the running promotion's words, from the database at run time (the prerendered
// HTML never holds them), at the bottom of the window so its late arrival moves nothing; no banner when none runs
// or the backend is down. The agency's promotion is added with the service role and removed again at once (the
// page that read it keeps it): while it runs, every page of the site shows it, so this file runs in the
// shared-accounts project, never beside the screenshots of visual.spec.ts.
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { promotionBanner, showPromotion } from '../support/promotion';
import { serviceRoleHeaders, supabaseUrl } from '../support/service-role';

const isPromotionRequest = (url: string) => new URL(url).pathname === '/rest/v1/promotions';

/** Adds a promotion running from an hour ago to an hour ahead, as the agency would; returns its removal. */
async function addRunningPromotion(page: Page, words: string): Promise<() => Promise<void>> {
  const promotions = `${await supabaseUrl()}/rest/v1/promotions`;
  const hour = 60 * 60 * 1000;
  const response = await page.request.post(promotions, {
    headers: { ...serviceRoleHeaders, Prefer: 'return=representation' },
    data: {
      words,
      starts_at: new Date(Date.now() - hour).toISOString(),
      ends_at: new Date(Date.now() + hour).toISOString(),
      offer: 'newsletter',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = ((await response.json()) as { id: string }[])[0]!;
  return async () => {
    const removed = await page.request.delete(`${promotions}?id=eq.${id}`, { headers: serviceRoleHeaders });
    expect(removed.ok()).toBe(true);
  };
}

test('the demo shows no banner: its September campaign is over', async ({ page }) => {
  const answer = page.waitForResponse(
    (response) => isPromotionRequest(response.url()) && response.request().method() === 'GET',
  );
  await page.goto('/');
  expect(await (await answer).json()).toEqual([]);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Promotion' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /See the details/ })).toHaveCount(0);
});

test('a promotion the agency adds shows its words without moving the page, and opens the newsletter offer', async ({
  page,
}) => {
  const words = `10% off your first project order, a test campaign ${Date.now()}.`;
  await page.setViewportSize({ width: 375, height: 667 });
  // Every layout shift from the first byte, as prerender.spec.ts records them on pages without a banner.
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: number[] };
    w.shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number }[]) w.shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // A slow backend: the promotion arrives only after the live page has replaced the snapshot.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => isPromotionRequest(url.href),
    async (route) => {
      await released;
      await route.continue();
    },
  );

  const remove = await addRunningPromotion(page, words);
  try {
    // The CDN's HTML is the same for everyone, promotion or not.
    expect(await (await page.request.get('/')).text()).not.toContain(words);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(promotionBanner(page, words)).toHaveCount(0);
    release();
    await expect(promotionBanner(page, words)).toBeVisible();
  } finally {
    await remove();
  }
  const banner = promotionBanner(page, words);
  const box = (await banner.boundingBox())!;
  expect(box.y + box.height).toBeCloseTo(667, 0);
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);

  await banner.click();
  const dialog = page.getByRole('dialog', { name: '10% off your first project order' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Email')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Get my 10% code' })).toBeVisible();
});

test('with the backend down, the site shows no banner and no error', async ({ page }) => {
  await page.route(
    (url) => isPromotionRequest(url.href),
    (route) => route.abort('connectionrefused'),
  );
  const failed = page.waitForEvent('requestfailed', (request) => isPromotionRequest(request.url()));
  await page.goto('/');
  await failed;
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Promotion' })).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a phone user dismisses the bar with the keyboard: focus goes to the content, and it stays away this session', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 667 });
  await showPromotion(page);
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const bar = page.getByRole('complementary', { name: 'Promotion' });
  const dismiss = bar.getByRole('button', { name: 'Dismiss promotion' });
  await expect(dismiss).toBeVisible();
  // Last in the tab order: the first Shift+Tab from the page's start.
  await page.keyboard.press('Shift+Tab');
  await expect(dismiss).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(bar).toHaveCount(0);
  await expect(page.getByRole('main')).toBeFocused();

  // Another page of this tab's session: still away, though the promotion still runs.
  const answered = page.waitForResponse((response) => isPromotionRequest(response.url()));
  await page.goto('/cases');
  await answered;
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(bar).toHaveCount(0);

  // A new tab is a new browsing session: the promotion shows there.
  const other = await page.context().newPage();
  await showPromotion(other);
  await other.goto('/cases');
  await expect(promotionBanner(other)).toBeVisible();
  await other.close();
});
