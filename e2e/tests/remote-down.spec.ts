// The header's cart when the catalogue remote is down (issue 19.4): it claims no cart it cannot open, its button
// explains why and offers Retry (no dead click, no silent redirect), focus stays on it through a failed retry,
// and once the remote is back Retry brings the real cart button.
import { test, expect } from '../fixtures';
import { remoteOrigin } from '../support/site';

const CATALOG_REMOTE = `${remoteOrigin('catalog')}/**`;

const storedCart = {
  state: {
    items: [
      {
        id: 'smart-website',
        title: 'Smart Website',
        price: 899,
        icon: 'globe',
        path: '/services/ai-website-building',
      },
      { id: 'product-photos', title: 'Product Photos', price: 499, icon: 'camera', path: '' },
      { id: 'brand-creator', title: 'Brand Creator', price: 449, icon: 'palette', path: '' },
    ],
  },
  version: 1,
};

test.beforeEach(async ({ context }) => {
  await context.addInitScript((cart) => {
    if (!window.localStorage.getItem('storefront-cart')) {
      window.localStorage.setItem('storefront-cart', JSON.stringify(cart));
    }
  }, storedCart);
});

test('with the catalogue remote down the header says the cart is unavailable and offers Retry', async ({
  page,
}) => {
  await page.route(CATALOG_REMOTE, (route) => route.abort('connectionrefused'));
  await page.goto('/about');
  const header = page.getByRole('banner');
  const cart = header.getByRole('button', { name: 'Cart unavailable' });
  await expect(cart).toBeVisible({ timeout: 15_000 });
  // Nothing claims a cart of three items that cannot be opened, and nothing links away to another page.
  await expect(header.getByRole('button', { name: /^Cart, / })).toHaveCount(0);
  await expect(header.getByRole('link', { name: /Cart/ })).toHaveCount(0);
  await expect(cart).toHaveAccessibleDescription(/The cart could not be loaded right now/);

  await cart.focus();
  await page.keyboard.press('Enter');
  await expect(cart).toHaveAttribute('aria-expanded', 'true');
  const retry = header.getByRole('button', { name: 'Retry' });
  await expect(retry).toBeVisible();
  await expect(page).toHaveURL('/about');
  await page.keyboard.press('Escape');
  await expect(retry).toBeHidden();
  await expect(cart).toBeFocused();

  // Retry while the remote is still down: the same answer, and focus is on the cart control, not on <body>.
  await cart.click();
  await retry.click();
  await expect(header.getByRole('button', { name: 'Cart unavailable' })).toBeVisible({ timeout: 15_000 });
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? 'body'))
    .toMatch(/^Cart/);

  // The remote is back: Retry brings the real cart button with the stored items.
  await page.unroute(CATALOG_REMOTE);
  await header.getByRole('button', { name: 'Cart unavailable' }).click();
  await header.getByRole('button', { name: 'Retry' }).click();
  await expect(header.getByRole('button', { name: 'Cart, 3 items' })).toBeVisible({ timeout: 15_000 });
  await expect(header.getByRole('button', { name: 'Cart, 3 items' })).toBeFocused();
});
