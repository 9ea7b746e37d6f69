// The catalogue, cart and checkout against the composed site and the local backend.
import type { Page } from '@playwright/test';
import {
  test,
  expect,
  loadUntilLiveApp,
  signIn,
  signUp,
  skipNewsletterPopup,
  uniqueEmail,
} from '../fixtures';
import { completePurchase } from '../support/checkout';

const cartButton = (page: Page, count: number) =>
  page.getByRole('banner').getByRole('button', { name: `Cart, ${count} ${count === 1 ? 'item' : 'items'}` });

async function addServices(page: Page, titles: string[]) {
  await page.goto('/how-we-work');
  for (const title of titles) await page.getByRole('button', { name: `Add to Cart ${title}` }).click();
}

/** A newsletter code the backend issued, subscribed through the public API as the popup does. */
async function subscribedCode(page: Page): Promise<string> {
  const config = (await (await page.request.get('/config.json')).json()) as {
    supabaseUrl: string;
    supabaseAnonKey: string;
  };
  const response = await page.request.post(`${config.supabaseUrl}/rest/v1/rpc/subscribe_newsletter`, {
    headers: { apikey: config.supabaseAnonKey, Authorization: `Bearer ${config.supabaseAnonKey}` },
    data: { name: 'Tester', email: uniqueEmail('newsletter') },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as string;
}

// Seven services' badge, the panel's 20% and the next-tier hint, and Escape closing it, are CartButton.test.tsx's
// (#46).

// A new customer: an account has one code discount (#30), which the shared demo account may have had already.
test('a new customer applies an invalid then a valid code, checks out, and sees the order in /account', async ({
  page,
}) => {
  const code = await subscribedCode(page);
  await signUp(page, { email: uniqueEmail('code'), password: 'CodeCheckout1' });
  await addServices(page, ['Smart Website', 'Chat Helper']);
  await cartButton(page, 2).click();
  await page.getByRole('dialog', { name: 'Your Cart' }).getByRole('link', { name: 'Go to Checkout' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();

  const input = page.getByLabel('Discount code');
  await input.fill('WRONGCODE1');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid discount code' })).toBeVisible();
  await input.fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  // The toast's text is also announced in the live region: look for it among the notifications.
  await expect(
    page.getByRole('list', { name: 'Notifications' }).getByText('Discount code applied! 🎉'),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Order summary' }).getByText('Discount (10%)')).toBeVisible();
  // 899 + 699 = 1598, 10% off: 1438.20
  await expect(page.getByRole('region', { name: 'Order summary' })).toContainText('€1,438.20');

  await completePurchase(page);
  await expect(cartButton(page, 0)).toBeVisible();

  await page.goto('/account');
  await page.getByRole('tab', { name: 'Orders' }).click();
  const newest = page.getByRole('tabpanel').getByRole('article').first();
  await expect(newest).toContainText('€1,438.20');
  await expect(newest).toContainText('Saved €159.80');
  await expect(newest).toContainText(`Discount code: ${code}`);
});

test('a guest cart survives a reload and merges into the account on sign-in', async ({ page }) => {
  await addServices(page, ['Smart Emails', 'AI Dashboard']);
  await page.reload();
  await expect(cartButton(page, 2)).toBeVisible();
  const email = uniqueEmail('merge');
  await signUp(page, { email, password: 'Merge1Pass' });
  await expect(cartButton(page, 2)).toBeVisible();

  // Signing out clears this browser; signing in again brings the saved cart back.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: /Sign Out/ }).click();
  await expect(cartButton(page, 0)).toBeVisible();
  await signIn(page, { email, password: 'Merge1Pass' });
  await expect(cartButton(page, 2)).toBeVisible();
  // In the order it was built, not sorted by the backend.
  await page.goto('/checkout');
  await expect(
    page.getByRole('main').getByRole('link', { name: /^(Smart Emails|AI Dashboard)$/ }),
  ).toHaveText(['Smart Emails', 'AI Dashboard']);
});

test('two tabs of one user end with the same cart, kept by the account after signing out', async ({
  page,
  context,
}) => {
  const email = uniqueEmail('tabs');
  await signUp(page, { email, password: 'TwoTabs1Pass' });

  const second = await context.newPage();
  await second.goto('/how-we-work');
  await page.goto('/how-we-work');
  await page.getByRole('button', { name: 'Add to Cart Smart Website' }).click();
  await second.getByRole('button', { name: 'Add to Cart Chat Helper' }).click();
  await page.getByRole('button', { name: 'Add to Cart Task Automator' }).click();
  await expect(cartButton(page, 3)).toBeVisible();
  await expect(cartButton(second, 3)).toBeVisible();

  // Signing out in one tab empties both, but the other tab must not save that empty cart to the account.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: /Sign Out/ }).click();
  await expect(cartButton(page, 0)).toBeVisible();
  await expect(cartButton(second, 0)).toBeVisible();

  // What the backend holds is that same cart: a fresh browser of the same user sees it.
  const other = await context.browser()!.newContext();
  await skipNewsletterPopup(other);
  loadUntilLiveApp(other);
  const fresh = await other.newPage();
  await signIn(fresh, { email, password: 'TwoTabs1Pass' });
  await expect(cartButton(fresh, 3)).toBeVisible();
  await other.close();
});
