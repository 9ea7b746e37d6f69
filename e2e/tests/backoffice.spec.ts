// The back office (/admin) is for staff alone: a visitor gets the site's 404 page, and neither the public pages
// nor that 404 download a byte of the back-office remote (issue #42). One route per role here (issue #42.8): the
// visitor below, a signed-in customer and staff before their second factor in the journeys; every route and
// session kind in jest (shell/src/__tests__/staff-route.test.tsx), the database's refusals for every staff table
// and function through the API (local-supabase/test/staff.test.ts). The journeys: the demo staff member signs
// in with their second factor, marks a new customer's order paid and cancels another's, blocks tomorrow on the
// calendar, and runs and ends a promotion. The file is one of the shared-accounts project's (playwright.config.ts),
// run alone: its tests share the demo staff member, whose every code the server takes once, and while its
// promotion runs, every page of the site shows the banner.
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { expectNoSeriousViolations, showDarkTheme } from '../support/axe';
import { Authenticator, signOutFromMenu, submitSignIn } from '../support/account-security';
import { customerWithOrder } from '../support/checkout';
import { messageFromInbox } from '../support/inbox';
import { serviceRoleHeaders, supabaseUrl } from '../support/service-role';
import { inboxUrl, remoteOrigin } from '../support/site';

/** The URLs of the back-office remote's files that `page` requests from now on. */
function backofficeDownloads(page: Page): string[] {
  const backoffice = remoteOrigin('backoffice');
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(backoffice)) urls.push(request.url());
  });
  return urls;
}

test('a visitor downloads nothing of the back office, and /admin is the 404 page', async ({ page }) => {
  const downloads = backofficeDownloads(page);

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
  expect(downloads).toEqual([]);
});

// The demo staff member from seed.sql (README: for local use only).
const STAFF = {
  email: 'staff@example.com',
  password: 'StaffPass123',
  totpSecret: 'HBBYD5GZOINQNZGUVF2Q5PTOD3KYN3MJ',
};
// One app for the file's sign-ins, so that no two of them use one step's code (the server takes each once).
const staffApp = new Authenticator(STAFF.totpSecret);

/** Staff's password: the sign-in then asks for the code (a password-only, aal1, session). */
async function staffPassword(page: Page) {
  await submitSignIn(page, STAFF.email, STAFF.password);
  await expect(page.getByLabel('Authentication code')).toBeVisible();
}

/** The code from staff's authenticator app completes the sign-in (aal2). */
async function staffCode(page: Page) {
  await page.getByLabel('Authentication code').fill(await staffApp.nextCode());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
}

/** The customer's Orders tab in /account, signed in with their password. */
async function customerOrders(page: Page, customer: { email: string; password: string }) {
  await submitSignIn(page, customer.email, customer.password);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await page.goto('/account');
  await page.getByRole('tab', { name: 'Orders' }).click();
  return page.getByRole('tabpanel', { name: 'Orders' }).getByRole('article');
}

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

  // Staff on their password alone (aal1) are sent to the code step, and nothing of the back office loads.
  const downloads = backofficeDownloads(page);
  await staffPassword(page);
  await page.goto('/admin/orders');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByLabel('Authentication code')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Orders' })).toHaveCount(0);
  expect(downloads).toEqual([]);
  await staffCode(page);

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
  await expect(await customerOrders(page, customer)).toContainText('Status: Paid');

  // A signed-in customer at /admin gets the 404 page, and none of the back office's bytes.
  downloads.length = 0;
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Awaiting payment' })).toHaveCount(0);
  expect(downloads).toEqual([]);
});

test("staff cancel another customer's order with a note; the credit note shows on both sides, and the customer is e-mailed", async ({
  page,
  request,
}) => {
  test.slow(); // The outbox's sweep may take up to a minute to send the e-mail.
  // With billing details, so that the order has an invoice for the credit note to cancel.
  const customer = await customerWithOrder('desk-cancel', {
    name: 'Grace Hopper',
    address: '1 Harbour Road',
    city: 'Arlington',
    country: 'US',
  });

  let creditNote = '';

  await test.step('staff cancel the order on its page, with a note', async () => {
    await staffPassword(page);
    await staffCode(page);
    await page.goto('/admin/orders');
    const search = page.getByRole('search', { name: 'Orders' });
    await search.getByLabel('Order number, customer e-mail or invoice number').fill(customer.email);
    await search.getByRole('button', { name: 'Search' }).click();
    await page
      .getByRole('table', { name: `Orders matching “${customer.email}”` })
      .getByRole('link', { name: /^#[0-9a-f]{8}$/ })
      .click();

    const cancel = page.getByRole('form', { name: 'Cancel the order' });
    await cancel.getByLabel('Note (optional)').fill('The customer withdrew by e-mail.');
    await cancel.getByRole('button', { name: 'Cancel order' }).click();
    await expect(page.getByText(/^#[0-9a-f]{8} is cancelled\.$/)).toBeFocused();
    await expect(page.getByText('A cancelled order has nothing left to do.')).toBeVisible();
    await expect(page.getByRole('table', { name: /Status changes/ })).toContainText(
      'The customer withdrew by e-mail.',
    );
  });

  await test.step("the staff order page shows the credit note's number", async () => {
    const documents = page.getByRole('region', { name: 'Invoice and payment' });
    const issued = await documents.getByRole('definition').nth(1).textContent();
    creditNote = /^(\S+), issued /.exec(issued ?? '')?.[1] ?? '';
    expect(creditNote, `the credit note in “${issued}”`).not.toBe('');
  });

  await test.step('the customer is e-mailed the cancellation with its credit note', async () => {
    const email = await messageFromInbox(
      request,
      customer.email,
      /^Your order #[0-9a-f]{8} is cancelled$/,
      inboxUrl,
      90_000,
    );
    expect(email.text).toContain(`credit note ${creditNote}`);
  });

  await test.step("the customer's Orders shows the order cancelled, with the credit note to open", async () => {
    await signOutFromMenu(page);
    const order = await customerOrders(page, customer);
    await expect(order).toContainText('Status: Cancelled');
    await order.getByRole('link', { name: creditNote }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Credit note ${creditNote}` })).toBeVisible();
  });
});

/**
 * A day button of the booking picker ('- button "Fri Dec 11, 6 times"' in its ARIA snapshot) as the start of its
 * name ('Fri Dec 11,') and as 'YYYY-MM-DD' (in the horizon, so a month before this one is next year's).
 */
function pickedDay(snapshot: string): { pickerDay: string; day: string } {
  const [, weekday, month, date] = /button "(\w{3}) (\w{3}) (\d{1,2}),/.exec(snapshot) ?? [];
  const [year, thisMonth] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' })
    .format(Date.now())
    .split('-')
    .map(Number);
  const monthNumber = new Date(`${month} 1, 2000`).getMonth() + 1;
  const inYear = monthNumber < thisMonth! ? year! + 1 : year!;
  return {
    pickerDay: `${weekday} ${month} ${date},`,
    day: `${inYear}-${String(monthNumber).padStart(2, '0')}-${String(date).padStart(2, '0')}`,
  };
}

test.describe('the calendar desk', () => {
  // The agency's calendar is in Berlin (booking_settings): the picker then names the same days as the desk.
  test.use({ timezoneId: 'Europe/Berlin' });

  // The day blocked is the last one the picker offers: tomorrow would be the first, which the booking specs
  // running beside this one take (each books the first free time), and is not bookable at all on some days of
  // the week and hours (24 hours' notice, weekdays only). The last one is always bookable and nobody else's.
  test('staff block a day on the calendar desk, and the booking picker no longer offers it', async ({
    page,
  }) => {
    const dayButtons = () =>
      page
        .getByRole('region', { name: 'Book a discovery call' })
        .getByRole('toolbar', { name: 'Choose a day' });

    // The last day offered, as its button starts ('Fri Dec 11,'), and as 'YYYY-MM-DD'.
    const { pickerDay, day } = await test.step('the booking picker before', async () => {
      await page.goto('/contact');
      const last = dayButtons().getByRole('button', { disabled: false }).last();
      await expect(last).toBeVisible();
      return pickedDay(await last.ariaSnapshot());
    });

    const noon = new Date(`${day}T12:00:00Z`);
    const longDay = new Intl.DateTimeFormat('en-US', {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    }).format(noon);
    const deskWeek = `/admin/calendar?from=${day}`;

    await test.step('staff sign in with their second factor', async () => {
      await staffPassword(page);
      await staffCode(page);
    });

    await test.step('staff block the day on the calendar desk', async () => {
      await page.goto('/admin/calendar');
      await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
      const block = page.getByRole('form', { name: 'Block time' });
      await block.getByLabel(/^Day/).fill(day);
      await expect(block.getByLabel('The whole day')).toBeChecked();
      await block.getByLabel('Reason (optional)').fill('E2E team day');
      await block.getByRole('button', { name: 'Block' }).click();
      await expect(page.getByText(`${longDay} is blocked all day.`)).toBeFocused();
      await page.goto(deskWeek);
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

    await test.step('the booking picker no longer offers the day', async () => {
      await page.goto('/contact');
      // The picker has read the free times (some day in the horizon always has some) before the day is looked for.
      await expect(dayButtons().getByRole('button').first()).toBeVisible();
      await expect(dayButtons().getByRole('button', { name: pickerDay, disabled: false })).toHaveCount(0);
    });

    await test.step('staff remove the block-out, so the day can be booked again', async () => {
      await page.goto(deskWeek);
      await page.getByRole('button', { name: `Remove the block-out ${longDay}, all day` }).click();
      await expect(page.getByText(`${longDay}, all day can be booked again.`)).toBeFocused();
    });
  });
});

test('staff run a promotion from the desk: its banner leads visitors to its link until staff end it; the leads and newsletter desks', async ({
  page,
}) => {
  const words = `A desk campaign ${Date.now()}.`;
  const banner = () =>
    page
      .getByRole('complementary', { name: 'Promotion' })
      .getByRole('link', { name: `${words} See the details` });

  await test.step('staff sign in with their second factor', async () => {
    await staffPassword(page);
    await staffCode(page);
  });

  try {
    await test.step('a promotion running from a few minutes ago, with a link, is created through the desk', async () => {
      await page.goto('/admin/promotions');
      await expect(page.getByRole('heading', { level: 2, name: 'Running' })).toBeVisible();
      await page.getByRole('button', { name: 'New promotion' }).click();
      const form = page.getByRole('form', { name: 'New promotion' });
      // The fields take the browser's local time, as a person types it.
      const [starts, ends] = await page.evaluate(() =>
        [-5, 60].map((minutes) => {
          const at = new Date(Date.now() + minutes * 60_000);
          const two = (n: number) => String(n).padStart(2, '0');
          return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}T${two(at.getHours())}:${two(at.getMinutes())}`;
        }),
      );
      await form.getByLabel(/Words of the banner/).fill(words);
      await form.getByLabel('Starts').fill(starts!);
      await form.getByLabel('Ends').fill(ends!);
      await form.getByLabel(/Link/).fill('/contact');
      const preview = form.getByRole('figure', { name: 'Preview: the banner as visitors will see it' });
      await expect(preview).toContainText(`${words} See the details`);
      await expect(preview).toContainText('Pressing it leads to /contact.');
      await expectAccessible(page, 'the promotions desk and its form');
      await form.getByRole('button', { name: 'Create the promotion' }).click();
      await expect(page.getByText(`“${words}” is saved.`)).toBeFocused();
      await expect(page.getByRole('region', { name: 'Running', exact: true })).toContainText(words);
    });

    await test.step('visitors see its banner, which leads to its link', async () => {
      await page.goto('/');
      await expect(banner()).toBeVisible();
      await banner().click();
      await expect(page).toHaveURL(/\/contact$/);
    });

    await test.step('staff end it, and the banner is gone', async () => {
      await page.goto('/admin/promotions');
      await page
        .getByRole('region', { name: 'Running', exact: true })
        .getByRole('button', { name: `End “${words}”` })
        .click();
      await expect(page.getByText(`“${words}” has ended: its banner is gone.`)).toBeFocused();
      await expect(page.getByRole('region', { name: 'Ended', exact: true })).toContainText(words);
      const answer = page.waitForResponse(
        (response) =>
          new URL(response.url()).pathname === '/rest/v1/promotions' && response.request().method() === 'GET',
      );
      await page.goto('/');
      await answer;
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(banner()).toHaveCount(0);
    });
  } finally {
    // Leave the database as the seed made it: other files list every campaign.
    const removed = await page.request.delete(
      `${await supabaseUrl()}/rest/v1/promotions?words=eq.${encodeURIComponent(words)}`,
      { headers: serviceRoleHeaders },
    );
    expect(removed.ok()).toBe(true);
  }

  await test.step('the leads desk', async () => {
    await page.goto('/admin/leads');
    await expect(
      page.getByRole('table', { name: /^Contact messages/ }).or(page.getByText('No contact messages yet.')),
    ).toBeVisible();
    await expectAccessible(page, 'the leads desk');
  });

  await test.step('the newsletter desk', async () => {
    await page.goto('/admin/newsletter');
    await expect(page.getByRole('region', { name: 'Subscribers to AI Insights' })).toBeVisible();
    await expectAccessible(page, 'the newsletter desk');
  });
});
