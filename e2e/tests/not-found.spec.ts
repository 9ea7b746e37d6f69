// Paths the site has no page for answer HTTP 404 with the app's 404 page (the build's routes.json and 404.html),
// so crawlers do not index them; every route, protected or prerendered, keeps 200.
import { blogIndex } from '../../mfe-marketing/src/content/blog-index';
import { test, expect } from '../fixtures';

const UNKNOWN = ['/no-such-page', '/blog/no-such-article', '/services/no-such-service', '/about/team'];
const KNOWN = [
  '/',
  '/about',
  '/About/',
  `/blog/${blogIndex[0].slug}`,
  '/services/ai-chatbots',
  '/account',
  '/checkout',
];

test('unknown paths answer 404 and known routes 200', async ({ request }) => {
  for (const path of UNKNOWN) expect((await request.get(path)).status(), path).toBe(404);
  for (const path of KNOWN) expect((await request.get(path)).status(), path).toBe(200);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("an unknown path shows the app's 404 page from the HTML alone", async ({ page }) => {
    const response = await page.goto('/blog/no-such-article');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
  });
});

test('the live app takes over the 404 page and its link home works', async ({ page }) => {
  await page.goto('/no-such-page');
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
