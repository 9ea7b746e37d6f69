// Shared Playwright fixtures: by default a test starts with the newsletter popup already seen, so the modal does
// not cover what the test is about; tests of the popup opt in with `test.use({ newsletterPopup: true })`.
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';

export const DEMO_USER = { email: 'demo@example.com', password: 'DemoPass123' };

/** Marks the newsletter popup as seen in every page of a browser context. */
export const skipNewsletterPopup = (context: BrowserContext) =>
  context.addInitScript(() => window.localStorage.setItem('newsletter_popup_seen', 'true'));

/**
 * Public pages arrive as an inert build-time snapshot that the live app replaces once it has rendered
 * (scripts/prerender.mjs). A visitor can read it at once but act only on the live page, so in a context set up
 * with this a page load (goto, reload) ends when the live app is shown, as the visitor's does.
 */
export function loadUntilLiveApp(context: BrowserContext): void {
  context.on('page', (page) => {
    for (const method of ['goto', 'reload'] as const) {
      const load = page[method].bind(page) as (...args: unknown[]) => Promise<unknown>;
      Object.assign(page, {
        [method]: async (...args: unknown[]) => {
          const response = await load(...args);
          await page.waitForFunction(() => !document.getElementById('prerendered'));
          return response;
        },
      });
    }
  });
}

export const test = base.extend<{ newsletterPopup: boolean }>({
  newsletterPopup: [false, { option: true }],
  context: async ({ context, newsletterPopup, javaScriptEnabled }, use) => {
    if (!newsletterPopup) await skipNewsletterPopup(context);
    // Without JavaScript the snapshot is all there is.
    if (javaScriptEnabled !== false) loadUntilLiveApp(context);
    await use(context);
  },
});

export { expect };

/** Signs in through the auth page and waits for the header's account menu. */
export async function signIn(page: Page, { email, password } = DEMO_USER): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
}

/** Creates an account through the auth page; the local backend confirms it at once, so the user is signed in. */
export async function signUp(
  page: Page,
  { email, password }: { email: string; password: string },
): Promise<void> {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
}

/** A unique e-mail address for a test's own account or subscription. */
export const uniqueEmail = (prefix = 'user') =>
  `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
