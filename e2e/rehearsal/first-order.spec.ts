// The production rehearsal's journey (#29): a new visitor on a site whose database holds only what the migrations
// gave it, with e-mail confirmation on as a hosted project has it, takes the newsletter code, signs up and
// confirms the address from the inbox, buys two services with the code, finds the order in Account, books a
// discovery call and finds it in Meetings, and signs out.
import { uniqueEmail } from '../fixtures';
import { signOutFromMenu } from '../support/account-security';
import { calendar, confirm, expectMeeting, pickFirstSlot } from '../support/booking';
import { checkoutWith, completePurchase, summary, toast } from '../support/checkout';
import { linkFromInbox } from '../support/inbox';
import { expect, test } from './fixtures';

test.use({ newsletterPopup: true, timezoneId: 'America/New_York' });

test('a new visitor subscribes, confirms a new account, buys two services with the code, books a call and signs out', async ({
  page,
  request,
  rehearsal,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('rehearsal');
  let code: string | null = null;

  await test.step('subscribes to the newsletter in the popup', async () => {
    await page.goto('/');
    const popup = page.getByRole('dialog', { name: 'Get 10% off your first project' });
    await expect(popup).toBeVisible({ timeout: 8000 });
    await popup.getByLabel('Name').fill('Ada');
    await popup.getByLabel('Email').fill(email);
    await popup.getByRole('button', { name: 'Get my 10% code' }).click();
    await expect(toast(page, 'Success! 🎉')).toBeVisible();
    code = await page.evaluate(() => localStorage.getItem('discount_code'));
    expect(code).toMatch(/^ADA[A-Z0-9]{6}$/);
    await popup.getByRole('button', { name: 'Close' }).click();
  });

  await test.step('signs up, which waits for the address, and confirms it from the inbox', async () => {
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('Rehearsal-pass1');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
    await page.goto(
      await linkFromInbox(
        request,
        email,
        'Confirm your email address for AI Made Simple',
        rehearsal.inboxUrl,
      ),
    );
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  });

  await test.step('buys two services with the code: 10 % off, and the code is redeemed', async () => {
    await checkoutWith(page, ['Smart Website', 'Chat Helper']);
    await expect(page.getByLabel('Discount code')).toHaveValue(code!);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(toast(page, 'Discount code applied! 🎉')).toBeVisible();
    await expect(summary(page)).toContainText('Discount (10%)');
    // 899 + 699, less 10 %.
    await expect(summary(page)).toContainText('€1,438.20');
    await completePurchase(page);
    expect(await page.evaluate(() => localStorage.getItem('discount_code'))).toBeNull();

    await checkoutWith(page, ['Smart Emails']);
    await page.getByLabel('Discount code').fill(code!);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(toast(page, 'This discount code has already been used.')).toBeVisible();
    await expect(summary(page)).not.toContainText('Discount (10%)');
  });

  await test.step('finds the order in Account', async () => {
    await page.goto('/account');
    await page.getByRole('tab', { name: 'Orders' }).click();
    const order = page.getByRole('tabpanel').getByRole('article');
    await expect(order).toHaveCount(1);
    await expect(order).toContainText('€1,438.20');
    await expect(order).toContainText('Saved €159.80');
    await expect(order).toContainText('Smart Website');
    await expect(order).toContainText('Chat Helper');
    await expect(order).toContainText(`Discount code: ${code}`);
  });

  await test.step('books a discovery call and finds it in Meetings', async () => {
    const picked = await pickFirstSlot(page);
    await confirm(page, 'Ada Lovelace');
    await expect(
      calendar(page).getByRole('heading', { name: 'Your discovery call is booked' }),
    ).toBeVisible();
    await page.goto('/account?tab=meetings');
    await expectMeeting(page, picked);
  });

  await test.step('signs out', async () => {
    await signOutFromMenu(page);
    await expect(page.getByRole('button', { name: 'Cart, 0 items' })).toBeVisible();
  });
});
