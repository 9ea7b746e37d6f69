// Discounts the server stands behind, in the composed site: a code issued in the popup is redeemed once, and the
// checkout shows the server's price, not the one stored in the browser.
import { test, expect, signUp, uniqueEmail } from '../fixtures';
import { checkoutWith, completePurchase, summary, toast } from '../support/checkout';
import { messageFromInbox, messagesTo } from '../support/inbox';

test.describe('a newsletter code', () => {
  test.use({ newsletterPopup: true });

  test('subscribed in the popup, it takes 10% off the first order, and is refused on the next', async ({
    page,
  }) => {
    await page.goto('/');
    const popup = page.getByRole('dialog', { name: 'Get 10% off your first project' });
    await expect(popup).toBeVisible({ timeout: 8000 });
    await popup.getByLabel('Name').fill('Zoë');
    await popup.getByLabel('Email').fill(uniqueEmail('first-order'));
    await popup.getByRole('button', { name: 'Get my 10% code' }).click();
    await expect(toast(page, 'Success! 🎉')).toBeVisible();
    const code = await page.evaluate(() => localStorage.getItem('discount_code'));
    // Issued by the database, with the prefix the browser used to make.
    expect(code).toMatch(/^ZOË[A-Z0-9]{6}$/);
    await popup.getByRole('button', { name: 'Close' }).click();

    await signUp(page, { email: uniqueEmail('first-order'), password: 'FirstOrder1' });
    await checkoutWith(page, ['Smart Website']);
    // The stored code is offered in the box.
    const input = page.getByLabel('Discount code');
    await expect(input).toHaveValue(code!);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(toast(page, 'Discount code applied! 🎉')).toBeVisible();
    await expect(summary(page)).toContainText('Discount (10%)');
    await expect(summary(page)).toContainText('€809.10');
    await completePurchase(page);
    // Redeemed: the browser forgets it.
    expect(await page.evaluate(() => localStorage.getItem('discount_code'))).toBeNull();

    await checkoutWith(page, ['Chat Helper']);
    await expect(page.getByLabel('Discount code')).toHaveValue('');
    await page.getByLabel('Discount code').fill(code!);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(toast(page, 'This discount code has already been used.')).toBeVisible();
    await expect(summary(page)).not.toContainText('Discount (10%)');
    await expect(summary(page)).toContainText('€699.00');
  });
});

test.describe('an address already subscribed', () => {
  test.use({ newsletterPopup: true });

  test('gets no second code in capitals, and may have its code e-mailed to it again, once a day', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('capitals');
    const subscribe = async (address: string) => {
      await page.goto('/');
      const popup = page.getByRole('dialog', { name: 'Get 10% off your first project' });
      await expect(popup).toBeVisible({ timeout: 8000 });
      await popup.getByLabel('Name').fill('Ada');
      await popup.getByLabel('Email').fill(address);
      await popup.getByRole('button', { name: 'Get my 10% code' }).click();
      return popup;
    };
    await subscribe(email);
    await expect(toast(page, 'Success! 🎉')).toBeVisible();
    const code = await page.evaluate(() => localStorage.getItem('discount_code'));

    // Another browser (nothing stored) with the same address in capitals.
    await page.evaluate(() => localStorage.clear());
    let popup = await subscribe(email.toUpperCase());
    await expect(toast(page, 'This email is already subscribed!')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('discount_code'))).toBeNull();
    await popup.getByRole('button', { name: 'Send my code again' }).click();
    await expect(
      popup.getByText(
        `We've e-mailed the code to ${email.toUpperCase()}. It can take a few minutes to arrive.`,
      ),
    ).toBeVisible();
    await expect(popup).not.toContainText(code!);
    const message = await messageFromInbox(request, email, 'Your discount code');
    expect(message.text).toContain(`here is your code: ${code}`);

    // Asked again the same day: told so, and nothing more is sent.
    await page.evaluate(() => localStorage.clear());
    popup = await subscribe(email);
    await popup.getByRole('button', { name: 'Send my code again' }).click();
    await expect(toast(page, 'Already sent today')).toBeVisible();
    expect(await messagesTo(request, email)).toHaveLength(1);
  });
});

test('a cart edited in the browser to EUR 1 shows, and orders at, the server’s price', async ({ page }) => {
  await signUp(page, { email: uniqueEmail('tampered'), password: 'Tampered1' });
  await page.goto('/how-we-work');
  await page.getByRole('button', { name: 'Add to Cart Smart Website' }).click();
  await page.getByRole('button', { name: 'Add to Cart Chat Helper' }).click();
  await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('storefront-cart')!) as {
      state: { items: { price: number }[] };
    };
    for (const item of stored.state.items) item.price = 1;
    localStorage.setItem('storefront-cart', JSON.stringify(stored));
  });
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  // 899 + 699 from the server's catalogue, not 1 + 1.
  await expect(summary(page)).toContainText('€1,598.00');
  await expect(summary(page)).not.toContainText('€2.00');
  await completePurchase(page);
  await page.goto('/account');
  await page.getByRole('tab', { name: 'Orders' }).click();
  await expect(page.getByRole('tabpanel').getByRole('article').first()).toContainText('€1,598.00');
});

test('a code the volume discount already matches gives nothing, stays unused, and takes 10% off a later order', async ({
  page,
}) => {
  const noBenefit = 'Your 10% volume discount is as good as this code; keep it for a later order.';
  await page.goto('/');
  const code = await page.evaluate(async (email) => {
    const config = (await (await fetch('/config.json')).json()) as {
      supabaseUrl: string;
      supabaseAnonKey: string;
    };
    const response = await fetch(`${config.supabaseUrl}/rest/v1/rpc/subscribe_newsletter`, {
      method: 'POST',
      headers: { apikey: config.supabaseAnonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Ada', email }),
    });
    const issued = (await response.json()) as string;
    localStorage.setItem('discount_code', issued);
    return issued;
  }, uniqueEmail('volume'));
  await signUp(page, { email: uniqueEmail('volume-buyer'), password: 'Volume1pass' });

  await checkoutWith(page, ['Smart Website', 'Chat Helper', 'Smart Emails']);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByLabel('Discount code')).toHaveAccessibleDescription(noBenefit);
  await expect(summary(page)).not.toContainText(`${code} applied`);
  // The volume discount, not the code: 10% of 899 + 699 + 349.
  await expect(summary(page)).toContainText('€1,752.30');
  await completePurchase(page);
  expect(await page.evaluate(() => localStorage.getItem('discount_code'))).toBe(code);

  // Unused, it takes its 10% off the next order of one service.
  await checkoutWith(page, ['Smart Website']);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(toast(page, 'Discount code applied! 🎉')).toBeVisible();
  await expect(summary(page)).toContainText('€809.10');

  // Removed again (kept for another order): the full price, the code back in the box, focus on it.
  await page.getByRole('button', { name: 'Remove code' }).click();
  await expect(page.getByLabel('Discount code')).toBeFocused();
  await expect(page.getByLabel('Discount code')).toHaveValue(code);
  await expect(summary(page)).toContainText('€899.00');
  await expect(summary(page)).not.toContainText('€809.10');
});
