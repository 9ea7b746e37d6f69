// Public pages are served with their build-time HTML (scripts/prerender.mjs): readable before any JavaScript
// runs, then replaced by the live app in one step, with nothing moving.
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a public page shows its content, title and description from the HTML alone', async ({ page }) => {
    await page.goto('/how-we-work');
    await expect(page).toHaveTitle('Our Services | AI Made Simple');
    await expect(page.getByRole('heading', { level: 1, name: 'Our Services' })).toBeVisible();
    await expect(page.getByText('€899.00').first()).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Contact' })).toBeVisible();
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      'Fixed-price AI automation services and workshops, with automatic volume discounts.',
    );
    // Its pictures too: the snapshot names each remote's files where config.json puts the remote.
    const pictures = page.locator('main img');
    await expect(pictures.first()).toBeVisible();
    await expect
      .poll(() =>
        pictures.evaluateAll((images) =>
          images.filter((image) => !(image as HTMLImageElement).naturalWidth).map((image) => image.outerHTML),
        ),
      )
      .toEqual([]);
  });

  // The home page's largest element on a phone is its hero picture: in the HTML itself, it paints with the text,
  // waiting for no request to the marketing remote's origin (docs/performance.md, "The first screen's picture").
  test("the home page's hero picture is part of its HTML", async ({ page }) => {
    const pictureRequests: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'image') pictureRequests.push(request.url());
    });
    await page.goto('/');
    const hero = page.locator('main img').first();
    await expect(hero).toHaveAttribute('src', /^data:image\/svg\+xml,/);
    await expect(hero).toHaveAttribute('width', '480');
    await expect(hero).toHaveAttribute('height', '320');
    await expect.poll(() => hero.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(480);
    expect(pictureRequests.filter((url) => url.includes('hero'))).toEqual([]);
  });

  test('a blog article found through the site links is prerendered too', async ({ page }) => {
    await page.goto('/blog');
    const first = page.getByRole('link', { name: /Read Article/ }).first();
    const href = await first.getAttribute('href');
    await page.goto(href!);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('pages about the visitor are not prerendered', async ({ page }) => {
    for (const path of ['/account', '/checkout', '/auth']) {
      await page.goto(path);
      await expect(page.locator('body')).toHaveText('');
    }
  });
});

/** Records every layout shift of the page from its first byte. */
async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: { value: number; at: number }[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; startTime: number }[])
        w.__shifts.push({ value: entry.value, at: entry.startTime });
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return async () => {
    await expect(page.locator('#prerendered')).toHaveCount(0);
    await page.evaluate(() => new Promise(requestAnimationFrame));
    return page.evaluate(() => (window as unknown as { __shifts: { value: number; at: number }[] }).__shifts);
  };
}

// On a phone's CPU (4x slower) the live app renders in many slices while the snapshot is on screen: the snapshot
// must not move while the live app's styles arrive one component at a time, nor when it is replaced.
for (const path of ['/', '/blog', '/how-we-work']) {
  test(`on a slow phone, ${path} does not move from its first paint to the live page`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const shifts = await recordShifts(page);
    await page.goto(path);
    expect(await shifts()).toEqual([]);
  });
}

test('the live page replaces the snapshot without moving anything, and works', async ({ page }) => {
  const shifts = await recordShifts(page);
  await page.goto('/how-we-work');
  await expect(page.locator('h1')).toHaveCount(1);
  expect(await shifts()).toEqual([]);

  await page
    .getByRole('button', { name: /^Add to Cart / })
    .first()
    .click();
  await expect(page.getByRole('banner').getByRole('button', { name: /^Cart, 1 item/ })).toBeVisible();
});

// Paint first (shell/src/app/paint-first.ts): the page preloads the shell's scripts and starts them once its first
// screen is on screen, so the scripts download once, from the start, and run after the first paint.
test("the shell's scripts download once, by the page's preload, and start after its first paint", async ({
  page,
}) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __scriptsAt?: number };
    new MutationObserver((_, observer) => {
      if (!document.querySelector('head script[src*="/main."]')) return;
      w.__scriptsAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  const scriptRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/(main|vendor)\.[0-9a-f]+\.js$/.test(request.url()))
      scriptRequests.push(new URL(request.url()).pathname);
  });
  await page.goto('/how-we-work');
  await expect(page.locator('#prerendered')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Our Services' })).toBeVisible();

  expect(scriptRequests.sort()).toEqual([
    expect.stringMatching(/^\/main\./),
    expect.stringMatching(/^\/vendor\./),
  ]);
  const { firstPaint, scriptsAt, initiators } = await page.evaluate(() => ({
    firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    scriptsAt: (window as unknown as { __scriptsAt?: number }).__scriptsAt,
    initiators: performance
      .getEntriesByType('resource')
      .filter((entry) => /\/(main|vendor)\.[0-9a-f]+\.js$/.test(entry.name))
      .map((entry) => (entry as PerformanceResourceTiming).initiatorType),
  }));
  expect(initiators).toEqual(['link', 'link']);
  expect(firstPaint).toBeGreaterThan(0);
  expect(scriptsAt).toBeGreaterThan(firstPaint!);
});
