// A purchase a customer can trust (#31), as they make it: the checkout asks who the invoice is made out to, the
// order's confirmation page tells what happens next, the confirmation e-mail arrives in the inbox with the
// invoice's link, the printable invoice shows it, the agency marks it paid, and the next checkout remembers the
// details.
import { expect, signUp, test, uniqueEmail } from '../fixtures';
import { BUYER, checkoutWith, completePurchase, fillBilling } from '../support/checkout';
import { messageFromInbox } from '../support/inbox';
import { serviceRoleHeaders, supabaseUrl } from '../support/service-role';

test('checkout with billing details, confirmation page, the e-mail with the invoice, the invoice, paid in Account', async ({
  page,
  request,
}) => {
  // The whole journey, with an e-mail and four pages, in one test; each part a named step, so a failure names it.
  test.setTimeout(180_000);
  const email = uniqueEmail('purchase');

  const orderId =
    await test.step('the checkout refuses a VAT number of another country, then places the order', async () => {
      await signUp(page, { email, password: 'Purchase1pass' });
      await checkoutWith(page, ['Smart Website']);
      // The form refuses a VAT number of another country before anything is sent.
      await fillBilling(page, { ...BUYER, vatNumber: 'FR12345678901' });
      await page.getByRole('button', { name: 'Complete Purchase' }).click();
      const vat = page.getByLabel('VAT number (optional)');
      await expect(vat).toHaveAttribute('aria-invalid', 'true');
      await expect(vat).toHaveAccessibleDescription(/Enter a VAT number of Germany, such as DE123456789/);
      await vat.fill(BUYER.vatNumber);
      return completePurchase(page);
    });

  const number =
    await test.step('the confirmation page: the order, its billing details, the invoice and how to pay it', async () => {
      const main = page.getByRole('main');
      await expect(main).toContainText(`Order #${orderId.slice(0, 8)}`);
      await expect(main).toContainText('Analytical Engines GmbH');
      await expect(main).toContainText('DE123456789');
      const invoiceLine = main.getByText(/^We have e-mailed your invoice \d{4}-\d{4,}/);
      await expect(invoiceLine).toContainText(email);
      await expect(main).toContainText('€899.00');
      return /invoice (\d{4}-\d{4,})/.exec((await invoiceLine.textContent()) ?? '')![1]!;
    });

  const invoiceUrl =
    await test.step('the e-mail in the inbox: the order and its invoice, with the link to it', async () => {
      const mail = await messageFromInbox(
        request,
        email,
        `Your order #${orderId.slice(0, 8)} and invoice ${number}`,
      );
      expect(mail.text).toContain('Hello Ada Lovelace');
      const link = mail.links.find((candidate) => candidate.includes('/account/invoice'));
      expect(link).toBeDefined();
      expect(new URL(link!).searchParams.get('number')).toBe(number);
      return link!;
    });

  await test.step('the printable invoice the link leads to', async () => {
    await page.goto(invoiceUrl);
    const invoice = page.getByRole('main');
    await expect(invoice.getByRole('heading', { level: 1, name: new RegExp(number) })).toBeVisible();
    await expect(invoice).toContainText('Ada Lovelace');
    await expect(invoice).toContainText('€899.00');
  });

  await test.step('the agency marks it paid, and Account shows the status', async () => {
    // README, "The agency's side of an order".
    const paid = await request.patch(`${await supabaseUrl()}/rest/v1/orders?id=eq.${orderId}`, {
      headers: serviceRoleHeaders,
      data: { status: 'paid' },
    });
    expect(paid.ok()).toBe(true);
    await page.goto('/account');
    await page.getByRole('tab', { name: 'Orders' }).click();
    await expect(page.getByRole('tabpanel').getByRole('article').first()).toContainText('Paid');
  });

  await test.step('the next checkout remembers who the invoice is made out to', async () => {
    await checkoutWith(page, ['Chat Helper']);
    const billing = page.getByRole('form', { name: 'Billing details' });
    await expect(billing.getByLabel('Name', { exact: true })).toHaveValue(BUYER.name);
    await expect(billing.getByLabel('VAT number (optional)')).toHaveValue('DE123456789');
  });
});
