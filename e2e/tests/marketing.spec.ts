// The marketing slice in the composed site: the newsletter popup subscribes and hands out a code the backend
// accepts, and both enquiry forms end up as rows in the database. Every page's main heading is checked in the
// visit routes.spec.ts makes of it (the imprint's and an article's in the visits below).
import type { Page } from '@playwright/test';
import { test, expect, uniqueEmail } from '../fixtures';
import { serviceRoleHeaders, supabaseUrl } from '../support/service-role';

test('the footer leads to the imprint, which names the company behind the site', async ({ page }) => {
  await page.goto('/about');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Imprint' }).click();
  await expect(page).toHaveURL('/imprint');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Imprint');
  await expect(page.getByRole('heading', { level: 2, name: 'AI Made Simple GmbH' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Musterstraße 1');
  await expect(page.getByRole('main')).toContainText('VAT identification numberDE000000000');
  await expect(page.getByRole('link', { name: 'hello@shop.example.com' })).toHaveAttribute(
    'href',
    'mailto:hello@shop.example.com',
  );
});

test('the blog links each card to its article', async ({ page }) => {
  await page.goto('/blog');
  await expect(page.getByRole('article')).toHaveCount(10);
  await expect(page.getByText('Jan 15, 2025')).toBeVisible();
  await page.getByRole('link', { name: 'Read Article: From Idea to MVP in a Weekend' }).click();
  await expect(page).toHaveURL('/blog/from-idea-to-mvp');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('From Idea to MVP in a Weekend');
});

/** Reads a table with the service role, as the agency would. */
async function rows(page: Page, table: string, email: string) {
  const response = await page.request.get(
    `${await supabaseUrl()}/rest/v1/${table}?email=eq.${encodeURIComponent(email)}`,
    { headers: serviceRoleHeaders },
  );
  return (await response.json()) as Record<string, unknown>[];
}

test('a contact message is stored', async ({ page }) => {
  const email = uniqueEmail('contact');
  await page.goto('/contact');
  await page.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Message', { exact: true }).fill('We would like a chatbot for our shop.');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('list', { name: 'Notifications' }).getByText('Message sent!')).toBeVisible();
  expect(await rows(page, 'contact_messages', email)).toMatchObject([
    { name: 'Ada Lovelace', message: 'We would like a chatbot for our shop.' },
  ]);
});

test('a project request is stored', async ({ page }) => {
  const email = uniqueEmail('project');
  await page.goto('/enter-the-future');
  await page.getByLabel('Name').fill('Grace Hopper');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Project type').selectOption({ label: 'Data & Analytics' });
  await page.getByLabel('Budget').selectOption({ label: '$25,000 - $50,000' });
  await page.getByLabel('Timeline').selectOption({ label: 'Flexible' });
  await page.getByLabel('Project description').fill('A dashboard for our sales and stock levels.');
  await page.getByRole('button', { name: 'Submit Project Request' }).click();
  await expect(
    page.getByRole('list', { name: 'Notifications' }).getByText('Welcome to the Future! 🚀'),
  ).toBeVisible();
  expect(await rows(page, 'project_requests', email)).toMatchObject([
    {
      name: 'Grace Hopper',
      project_type: 'analytics',
      budget: '25k-50k',
      timeline: 'flexible',
      company: null,
    },
  ]);
});

test.describe('the newsletter popup', () => {
  test.use({ newsletterPopup: true });

  test('appears on a fresh visit, subscribes, copies a code the backend accepts, and refuses the same e-mail again', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const email = uniqueEmail('newsletter');
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: 'Get 10% off your first project' });
    await expect(dialog).toBeVisible({ timeout: 8000 });

    await dialog.getByRole('button', { name: 'Get my 10% code' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Name is required' })).toBeVisible();

    await dialog.getByLabel('Name').fill('Ada');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Get my 10% code' }).click();
    await expect(page.getByRole('list', { name: 'Notifications' }).getByText('Success! 🎉')).toBeVisible();
    const code = await page.evaluate(() => localStorage.getItem('discount_code'));
    expect(code).toMatch(/^ADA[A-Z0-9]{6}$/);
    await expect(dialog.getByText(code!)).toBeVisible();
    await dialog.getByRole('button', { name: 'Copy code' }).click();
    await expect(
      page.getByRole('list', { name: 'Notifications' }).getByText('Discount code copied to clipboard'),
    ).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

    const config = (await (await page.request.get('/config.json')).json()) as {
      supabaseUrl: string;
      supabaseAnonKey: string;
    };
    const check = await page.request.post(`${config.supabaseUrl}/rest/v1/rpc/validate_discount_code`, {
      headers: { apikey: config.supabaseAnonKey },
      data: { code },
    });
    expect(await check.json()).toBe(true);

    // A second visitor with the same e-mail.
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await expect(dialog).toBeVisible({ timeout: 8000 });
    await dialog.getByLabel('Name').fill('Ada');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Get my 10% code' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Already Subscribed' })).toBeVisible();
  });
});
