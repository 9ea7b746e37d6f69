// The cart and checkout as a visitor uses them, for the specs that buy something.
import { expect, type Page } from '@playwright/test';

export const summary = (page: Page) => page.getByRole('region', { name: 'Order summary' });

/** A toast (its text is also announced in the live region, so it is looked for among the notifications). */
export const toast = (page: Page, text: string) =>
  page.getByRole('list', { name: 'Notifications' }).getByText(text);

/** Adds the services titled `titles` from /how-we-work, then opens the checkout. */
export async function checkoutWith(page: Page, titles: string[]) {
  await page.goto('/how-we-work');
  for (const title of titles) await page.getByRole('button', { name: `Add to Cart ${title}` }).click();
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
}
