// Every route of the spec, signed out and signed in, in one visit each that serves its checks (issue 9; one page
// load per route, #34.6): the marketing pages' main headings (#46, from marketing.spec.ts); axe finds no serious
// or critical violations (in the light theme, and in the dark one on the routes that show most of the components;
// at 375 px the rules whose outcome depends on the width run again), and the page keeps to the viewport at phone and desktop widths (and a tablet width for the densest layouts), with
// a full-page screenshot of each saved as a test artefact.
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import {
  expectNoSeriousViolations,
  expectNoSeriousViolationsAtBothWidths,
  PHONE,
  showDarkTheme,
} from '../support/axe';
import { expectEverySizeFits } from '../support/layout';
import { openRoute, openSharedPage, publicRoutes, signedInRoutes } from '../support/routes';

// The longest checks of the suite, independent of each other: spread over both workers. Each does the work of two
// tests before (axe and the layout checks), so it has twice the default time.
test.describe.configure({ mode: 'parallel', timeout: 120_000 });

// The dark theme (prefers-color-scheme: dark) has its own palette: axe checks its contrast on a few pages that
// show most of the components, signed out and in (each in the same visit as its light check).
const darkRoutes = [
  '/',
  '/how-we-work',
  '/services/ai-website-building',
  '/cases',
  '/about',
  '/contact',
  '/auth',
];

// The pages the performance issue measures (docs/performance.md, "Pictures as files"): their pictures are files
// shown with <img>, not SVG that React builds; only icons under 1 KB stay inline.
const pictureRoutes = ['/', '/how-we-work', '/services/ai-website-building', '/blog'];
const ICON_BYTES = 1024;

// The marketing pages' main headings, in the spec's words (the imprint's and a blog article's are checked in
// marketing.spec.ts, which reaches them through their links).
const headings: Record<string, string> = {
  '/': 'AI made simple',
  '/about': 'We make AI useful for small businesses',
  '/cases': 'Results our clients can measure',
  '/careers': 'Build the tools small businesses deserve',
  '/contact': "Let's talk",
  '/enter-the-future': 'Enter the Future',
  '/custom-projects': 'Something bigger in mind?',
  '/blog': 'AI Insights & Guides',
  '/privacy': 'Privacy Policy',
  '/terms': 'Terms of Service',
};

test.describe('signed out', () => {
  let shared: Page;

  test.beforeAll(async ({ browser }, workerInfo) => {
    shared = await openSharedPage(browser, workerInfo.project.use.baseURL);
  });

  test.afterAll(() => shared.context().close());

  for (const route of publicRoutes) {
    const dark = darkRoutes.includes(route);

    test(`axe${dark ? ', light and dark,' : ''} and layout: ${route}`, async () => {
      await shared.emulateMedia({ colorScheme: 'light' });
      // The phone width first, as the page first loads.
      await shared.setViewportSize(PHONE);
      await openRoute(shared, route);
      await expectMainHeading(shared, route);
      await expectEverySizeFits(shared, test.info(), route);
      await expectNoSeriousViolationsAtBothWidths(shared, route);
      await expectDarkThemeToPass(shared, route, dark);
      await expectPicturesAsFiles(shared, route);
    });
  }
});

/**
 * On the routes of `pictureRoutes`: no SVG of 1 KB or more inside the page's main content (a picture built as
 * elements), and every <img> there has loaded (the files come from the remotes' origins, which the CSP must allow).
 */
async function expectPicturesAsFiles(page: Page, route: string) {
  if (!pictureRoutes.includes(route)) return;
  const inlineSvg = await page.evaluate(
    (limit) =>
      [...document.querySelectorAll('main svg')]
        .map((svg) => svg.outerHTML)
        .filter((markup) => new Blob([markup]).size >= limit)
        .map((markup) => markup.slice(0, 80)),
    ICON_BYTES,
  );
  expect(inlineSvg, `${route}: inline SVG of 1 KB or more in <main>`).toEqual([]);
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          [...document.querySelectorAll('main img')]
            .filter((img) => !(img as HTMLImageElement).complete || !(img as HTMLImageElement).naturalWidth)
            .map((img) => (img as HTMLImageElement).src),
        ),
      { message: `${route}: pictures in <main> that did not load` },
    )
    .toEqual([]);
}

/** On the routes of `headings`: the page's one h1 says what the spec says. */
async function expectMainHeading(page: Page, route: string) {
  const heading = headings[route];
  if (heading) await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
}

/** The dark theme's check, on the page already showing `route`, when the route is one of `darkRoutes`. */
async function expectDarkThemeToPass(page: Page, route: string, dark: boolean) {
  if (!dark) return;
  await showDarkTheme(page);
  await expectNoSeriousViolations(page, `${route} in the dark theme`);
}

for (const route of signedInRoutes) {
  test(`axe, light and dark, and layout, signed in: ${route}`, async ({ page }, testInfo) => {
    await page.setViewportSize(PHONE);
    await openRoute(page, route);
    await expectEverySizeFits(page, testInfo, route);
    await expectNoSeriousViolations(page, route);
    await showDarkTheme(page);
    await expectNoSeriousViolations(page, `${route} in the dark theme`);
  });
}
