// The cart and checkout as a visitor uses them, for the specs that buy something.
import { expect, type Page } from '@playwright/test';
import { START_CONSENT } from '../../shared-lib/src/billing/payment-words';
import { uniqueEmail } from '../fixtures';
import { mainBackend } from './servers';

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

/** Who the invoices of the e2e purchases are made out to. */
export const BUYER = {
  name: 'Ada Lovelace',
  company: 'Analytical Engines GmbH',
  address: 'Example Street 12',
  postalCode: '10115',
  city: 'Berlin',
  country: 'Germany',
  vatNumber: 'DE 123 456 789',
};

/** The checkout's required box: the customer agrees that work may start within the withdrawal period (#45.1). */
export const startConsent = (page: Page) =>
  page.getByRole('form', { name: 'Billing details' }).getByRole('checkbox', { name: START_CONSENT.label });

/**
 * Fills the checkout's billing details (the form shows them once the saved ones were read), and ticks the consent
 * that work may start, as every purchase needs.
 */
export async function fillBilling(page: Page, buyer = BUYER) {
  const billing = page.getByRole('form', { name: 'Billing details' });
  await billing.getByLabel('Name', { exact: true }).fill(buyer.name);
  await billing.getByLabel('Company (optional)').fill(buyer.company);
  await billing.getByLabel('Address', { exact: true }).fill(buyer.address);
  await billing.getByLabel('Postal code (optional)').fill(buyer.postalCode);
  await billing.getByLabel('City', { exact: true }).fill(buyer.city);
  await billing.getByLabel('Country', { exact: true }).selectOption({ label: buyer.country });
  await billing.getByLabel('VAT number (optional)').fill(buyer.vatNumber);
  await startConsent(page).check();
}

/**
 * Completes the purchase shown at checkout and waits for the order's confirmation page (never a browser alert);
 * returns the order's id. A customer without saved billing details gets BUYER's.
 */
export async function completePurchase(page: Page): Promise<string> {
  const name = page.getByRole('form', { name: 'Billing details' }).getByLabel('Name', { exact: true });
  await expect(name).toBeVisible();
  if ((await name.inputValue()) === '') await fillBilling(page);
  else await startConsent(page).check();
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

/**
 * A new customer with one order (a Smart Website, placed through the API as the checkout places it; with `billing`,
 * an order with its invoice, as the checkout's billing details give one), for a spec
 * that needs an account with orders of its own rather than the seeded demo user's (which one file at a time may
 * use: the `shared-accounts` project).
 */
export async function customerWithOrder(
  prefix: string,
  billing?: Record<string, string>,
): Promise<{ email: string; password: string }> {
  const { supabaseUrl, supabaseAnonKey } = await mainBackend();
  const customer = { email: uniqueEmail(prefix), password: 'OrdersPass123' };
  const call = async (route: string, body: object, token = supabaseAnonKey) => {
    const response = await fetch(`${supabaseUrl}${route}`, {
      method: 'POST',
      headers: {
        apikey: supabaseAnonKey,
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(body),
    });
    expect(response.ok, `${route}: ${response.status}`).toBe(true);
    return (await response.json()) as { access_token?: string };
  };
  // The local backend confirms a sign-up at once and answers with the session.
  const { access_token } = await call('/auth/v1/signup', customer);
  await call(
    '/rest/v1/rpc/place_order',
    { items: [{ service_id: 'smart-website' }], expected_total: 89900, discount_code: null, billing },
    access_token,
  );
  return customer;
}
