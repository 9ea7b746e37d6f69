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

/**
 * Completes the purchase shown at checkout and waits for the order's confirmation page (never a browser alert);
 * returns the order's id.
 */
export async function completePurchase(page: Page): Promise<string> {
  const dialogs: string[] = [];
  const onDialog = (dialog: { message(): string; dismiss(): Promise<void> }) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  };
  page.on('dialog', onDialog);
  await page.getByRole('button', { name: 'Complete Purchase' }).click();
  await expect(page).toHaveURL(/\/checkout\/confirmation\?order=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  page.off('dialog', onDialog);
  expect(dialogs).toEqual([]);
  return new URL(page.url()).searchParams.get('order')!;
}
