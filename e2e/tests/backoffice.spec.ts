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
import { serviceRoleHeaders, supabaseUrl } from '../support/service-role';
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

// While its promotion runs, every page of the site shows the banner: this file is one of the shared-accounts
// project's (playwright.config.ts), never beside the screenshots.
test('staff run a promotion from the desk: its banner leads visitors to its link until staff end it; the leads and newsletter desks', async ({
  page,
}) => {
  const words = `A desk campaign ${Date.now()}.`;
  const banner = () =>
    page
      .getByRole('complementary', { name: 'Promotion' })
      .getByRole('link', { name: `${words} See the details` });

  await test.step('staff sign in with their second factor', async () => {
    await submitSignIn(page, STAFF.email, STAFF.password);
    await page.getByLabel('Authentication code').fill(await new Authenticator(STAFF.totpSecret).nextCode());
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
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
