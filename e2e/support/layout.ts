// Layout checks: nothing wider than the viewport, and a full-page screenshot of each size saved as a test artefact
// (issue 9). Every route at phone and desktop widths, and a tablet width for the densest layouts of each slice
// (e2e/tests/routes.spec.ts); the open menus and dialogs (e2e/tests/responsive.spec.ts).
import { expect, type Page, type TestInfo } from '@playwright/test';

const PHONE = { width: 375, height: 812 };
const TABLET = { width: 768, height: 1024 };
const DESKTOP = { width: 1280, height: 800 };

/** Routes also checked at the tablet width: the densest layouts of each slice. */
const tabletRoutes = [
  '/',
  '/how-we-work',
  '/services/ai-website-building',
  '/contact',
  '/blog',
  '/checkout',
  '/account',
];

export async function expectNoHorizontalOverflow(page: Page, what: string) {
  const { scrollWidth, innerWidth, widest } = await page.evaluate(() => {
    // Names the elements that stick out, so a failure says what to fix.
    const widest = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
      .slice(0, 5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].join('.')} (right ${Math.round(el.getBoundingClientRect().right)})`,
      );
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, widest };
  });
  expect(
    scrollWidth,
    `${what} scrolls sideways; wider than the viewport: ${widest.join(', ')}`,
  ).toBeLessThanOrEqual(innerWidth);
}

export async function attachScreenshot(page: Page, testInfo: TestInfo, name: string) {
  await testInfo.attach(name, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
}

/** Each size in turn on a page already showing the route: the phone width first, as the page first loads. */
export async function expectEverySizeFits(page: Page, testInfo: TestInfo, route: string) {
  const sizes = tabletRoutes.includes(route) ? [PHONE, TABLET, DESKTOP] : [PHONE, DESKTOP];
  for (const size of sizes) {
    await page.setViewportSize(size);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoHorizontalOverflow(page, `${route} at ${size.width}px`);
    await attachScreenshot(page, testInfo, `${route} at ${size.width}px`);
  }
}
