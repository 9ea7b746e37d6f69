// The back office (/admin) is for staff alone: a visitor gets the site's 404 page, and neither the public pages
// nor that 404 download a byte of the back-office remote (issue #42). Staff's way in is tested in jest
// (shell/src/__tests__/staff-route.test.tsx); the database's refusals through the API. One journey: the demo staff
// member signs in with their second factor and marks a new customer's order paid.
import type { Page, Request } from '@playwright/test';
import { test, expect } from '../fixtures';
import { expectNoSeriousViolations, showDarkTheme } from '../support/axe';
import { Authenticator, signOutFromMenu, submitSignIn } from '../support/account-security';
import { customerWithOrder } from '../support/checkout';
import { messageFromInbox } from '../support/inbox';
import { inboxUrl, remoteOrigin } from '../support/site';

test('a visitor downloads nothing of the back office, and /admin is the 404 page', async ({ page }) => {
  const backoffice = remoteOrigin('backoffice');
  const fromBackoffice: Request[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(backoffice)) fromBackoffice.push(request);
  });

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Every widget the shell loads once the page is idle has been asked for.
  // eslint-disable-next-line playwright/no-networkidle
  await page.waitForLoadState('networkidle');

  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Back office' })).toHaveCount(0);
  // eslint-disable-next-line playwright/no-networkidle
  await page.waitForLoadState('networkidle');
  expect(fromBackoffice.map((request) => request.url())).toEqual([]);
});

// The demo staff member from seed.sql (README: for local use only).
const STAFF = {
  email: 'staff@example.com',
  password: 'StaffPass123',
  totpSecret: 'HBBYD5GZOINQNZGUVF2Q5PTOD3KYN3MJ',
};

/** axe on a back-office page: light and dark at 1280 px, the width-dependent rules at 768 px. */
async function expectAccessible(page: Page, what: string) {
  await page.setViewportSize({ width: 768, height: 1024 });
  await expectNoSeriousViolations(page, `${what} at 768 px`, {
    rules: ['scrollable-region-focusable', 'target-size'],
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoSeriousViolations(page, what);
  await showDarkTheme(page);
  await expectNoSeriousViolations(page, `${what}, dark`);
  await page.emulateMedia({ colorScheme: 'light' });
}

test('staff sign in with their second factor and mark an order paid; the customer sees Paid and is e-mailed', async ({
  page,
  request,
}) => {
  test.slow(); // The outbox's sweep may take up to a minute to send the e-mail.
  const customer = await customerWithOrder('desk-paid');

  await submitSignIn(page, STAFF.email, STAFF.password);
  await page.getByLabel('Authentication code').fill(await new Authenticator(STAFF.totpSecret).nextCode());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

  await page.goto('/admin');
  await expect(page.getByRole('region', { name: 'Awaiting payment' })).toBeVisible();
  await expectAccessible(page, 'the start page');

  await page.goto('/admin/orders');
  const search = page.getByRole('search', { name: 'Orders' });
  await search.getByLabel('Order number, customer e-mail or invoice number').fill(customer.email);
  await search.getByRole('button', { name: 'Search' }).click();
  const table = page.getByRole('table', { name: `Orders matching “${customer.email}”` });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('Awaiting payment');
  await expectAccessible(page, 'the orders desk');
  await table.getByRole('link', { name: /^#[0-9a-f]{8}$/ }).click();

  const markPaid = page.getByRole('form', { name: 'Mark paid' });
  await markPaid.getByLabel(/Bank reference/).fill('SEPA E2E 4711');
  await markPaid.getByRole('button', { name: 'Mark paid' }).click();
  await expect(page.getByText(/^#[0-9a-f]{8} is paid\.$/)).toBeFocused();
  await expect(page.getByRole('region', { name: 'Invoice and payment' })).toContainText('SEPA E2E 4711');
  await expect(page.getByRole('table', { name: /Status changes/ })).toContainText(STAFF.email);
  await expect(page.getByRole('button', { name: 'Start work' })).toBeVisible();
  await expectAccessible(page, "an order's page");

  await messageFromInbox(request, customer.email, /^We received your payment for order/, inboxUrl, 90_000);

  await signOutFromMenu(page);
  await submitSignIn(page, customer.email, customer.password);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await page.goto('/account');
  await page.getByRole('tab', { name: 'Orders' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Orders' }).getByRole('article')).toContainText(
    'Status: Paid',
  );
});

test.describe('the calendar desk', () => {
  // The agency's calendar is in Berlin (booking_settings): the picker then names the same days as the desk.
  test.use({ timezoneId: 'Europe/Berlin' });

  test('staff block tomorrow on the calendar desk, and the booking picker offers no time tomorrow', async ({
    page,
  }) => {
    // Tomorrow in Berlin, 'YYYY-MM-DD', and as the picker's day button starts ('Mon Nov 30,').
    const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(
      Date.now() + 24 * 3_600_000,
    );
    const noon = new Date(`${tomorrow}T12:00:00Z`);
    const words = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).format(noon);
    const longDay = words({ weekday: 'long', month: 'long', day: 'numeric' });
    const pickerDay = `${words({ weekday: 'short' })} ${words({ month: 'short' })} ${words({ day: 'numeric' })},`;
    const tomorrowOffered = () =>
      page
        .getByRole('region', { name: 'Book a discovery call' })
        .getByRole('toolbar', { name: 'Choose a day' })
        .getByRole('button', { name: pickerDay, disabled: false });

    // Whether tomorrow is bookable before depends on the weekday and the hour (24 hours' notice, weekdays only);
    // when it is, the block must take it away.
    const offeredBefore = await test.step('the booking picker before', async () => {
      await page.goto('/contact');
      await expect(
        page.getByRole('toolbar', { name: 'Choose a day' }).getByRole('button').first(),
      ).toBeVisible();
      return tomorrowOffered().count();
    });

    test.info().annotations.push({
      type: 'tomorrow',
      description: offeredBefore ? 'offered before the block' : 'not bookable today even without the block',
    });

    await test.step('staff sign in with their second factor', async () => {
      await submitSignIn(page, STAFF.email, STAFF.password);
      const app = new Authenticator(STAFF.totpSecret);
      // The step after the clock's: the previous test may have used this step's code, which is good once.
      await app.nextCode();
      await page.getByLabel('Authentication code').fill(await app.nextCode());
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    });

    await test.step('staff block tomorrow on the calendar desk', async () => {
      await page.goto('/admin/calendar');
      await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
      const block = page.getByRole('form', { name: 'Block time' });
      await expect(block.getByLabel(/^Day/)).toHaveValue(tomorrow);
      await expect(block.getByLabel('The whole day')).toBeChecked();
      await block.getByLabel('Reason (optional)').fill('E2E team day');
      await block.getByRole('button', { name: 'Block' }).click();
      await expect(page.getByText(`${longDay} is blocked all day.`)).toBeFocused();
      await expect(
        page
          .getByRole('table', { name: 'Blocked times in these days' })
          .getByRole('row', { name: `${longDay}, all day E2E team day` }),
      ).toBeVisible();
      await expect(page.getByRole('region', { name: longDay })).toContainText(
        `Blocked: ${longDay}, all day (E2E team day)`,
      );
      await expectAccessible(page, 'the calendar desk');
    });

    await test.step('the booking picker offers no time tomorrow', async () => {
      await page.goto('/contact');
      // The picker has read the free times (some day in the horizon always has some) before tomorrow is looked for.
      await expect(
        page.getByRole('toolbar', { name: 'Choose a day' }).getByRole('button').first(),
      ).toBeVisible();
      await expect(tomorrowOffered()).toHaveCount(0);
    });

    await test.step('staff remove the block-out, so the other specs book as before', async () => {
      await page.goto('/admin/calendar');
      await page.getByRole('button', { name: `Remove the block-out ${longDay}, all day` }).click();
      await expect(page.getByText(`${longDay}, all day can be booked again.`)).toBeFocused();
    });
  });
});
