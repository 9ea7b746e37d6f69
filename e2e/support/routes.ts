// The routes of the spec that the accessibility, responsive and keyboard checks visit, and how to reach the
// ones that need a sign-in, a cart item or a slug read from the site first.
import type { Browser, Page } from '@playwright/test';
import { servicePaths } from '../../shared-lib/src/catalogue/service-index';
import { expect, loadUntilLiveApp, signIn, signUp, skipNewsletterPopup, uniqueEmail } from '../fixtures';

/** Stands for one blog article: its path is read from the blog page's first 'Read Article' link. */
const BLOG_ARTICLE = '/blog/<first article>';

export const publicRoutes: readonly string[] = [
  '/',
  '/about',
  '/how-we-work',
  ...servicePaths,
  '/cases',
  '/careers',
  '/contact',
  '/enter-the-future',
  '/custom-projects',
  '/blog',
  BLOG_ARTICLE,
  '/privacy',
  '/terms',
  '/auth',
  '/no-such-page',
];

export const signedInRoutes: readonly string[] = ['/account', '/checkout'];

/** A service on /how-we-work that the cart checks put in the cart. */
export const SERVICE = 'Smart Website';

/** The header's cart button, whatever the count. */
export const cartButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Cart, / });

/** Puts the test service in the cart from /how-we-work and waits for the header's count. */
export async function addServiceToCart(page: Page): Promise<void> {
  await page.goto('/how-we-work');
  await page.getByRole('button', { name: `Add to Cart ${SERVICE}` }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: /^Cart, 1 item/ })).toBeVisible();
}

/**
 * Opens a route and waits for its one h1. /account signs in as the demo user (orders and meetings to show);
 * /checkout signs up a fresh account and puts an item in its cart;
 * the blog article is reached through the blog page's first 'Read Article' link.
 */
export async function openRoute(page: Page, route: string): Promise<void> {
  if (route === '/account') await signIn(page);
  if (route === '/checkout') {
    // A fresh account: the demo user's cart is stored with the account and other tests change it.
    await signUp(page, { email: uniqueEmail('a11y'), password: 'A11yPass123' });
    await addServiceToCart(page);
  }
  if (route === BLOG_ARTICLE) {
    await page.goto('/blog');
    const href = await page
      .getByRole('link', { name: /Read Article/ })
      .first()
      .getAttribute('href');
    if (!href?.startsWith('/blog/')) throw new Error(`The first 'Read Article' link goes to ${href}`);
    await page.goto(href);
  } else {
    await page.goto(route);
  }
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/**
 * One page that a spec's signed-out route checks share (the browser keeps the apps' scripts cached between
 * them, which keeps the suite fast); set up as the default fixtures' context is.
 */
export async function openSharedPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await skipNewsletterPopup(context);
  loadUntilLiveApp(context);
  return context.newPage();
}
