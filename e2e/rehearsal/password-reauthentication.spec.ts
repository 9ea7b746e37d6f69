// A password change from a session signed in more than a day ago asks for the code the auth server e-mails
// (#33.6: GoTrue's secure_password_change, on in config.toml as on the production project). The rule (24 hours)
// stays as it is: the rehearsal's database is PostgreSQL, which the test reaches as the platform does, and there
// this one customer's session is made a day older. The account is created confirmed by the agency (service role),
// so the code is the journey's only auth e-mail.
import pg from 'pg';
import { signIn, uniqueEmail } from '../fixtures';
import { signOutFromMenu, submitSignIn } from '../support/account-security';
import { toast } from '../support/checkout';
import { messageFromInbox } from '../support/inbox';
import { expect, test } from './fixtures';

const PASSWORD = 'Before-pass1';
const NEW_PASSWORD = 'After-pass2';

test('a password change from a day-old session asks for the e-mailed code, then the new password signs in', async ({
  page,
  request,
  rehearsal,
}) => {
  const email = uniqueEmail('reauth');
  const created = await request.post(`${rehearsal.supabaseUrl}/auth/v1/admin/users`, {
    headers: { apikey: rehearsal.serviceRoleKey, Authorization: `Bearer ${rehearsal.serviceRoleKey}` },
    data: { email, password: PASSWORD, email_confirm: true },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { id } = (await created.json()) as { id: string };
  await signIn(page, { email, password: PASSWORD });

  // A day passes for this session only.
  const database = new pg.Client({ connectionString: rehearsal.databaseUrl });
  await database.connect();
  try {
    const aged = await database.query(
      `update auth.sessions set created_at = now() - interval '25 hours' where user_id = $1`,
      [id],
    );
    expect(aged.rowCount).toBe(1);
  } finally {
    await database.end();
  }

  await page.goto('/account');
  const form = page.getByRole('region', { name: 'Change password' });
  await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await form.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(
    form.getByText(
      'You signed in more than a day ago, so we have emailed you a code to confirm it is you. Enter it to change your password.',
    ),
  ).toBeVisible();

  const mail = await messageFromInbox(
    request,
    email,
    'Your AI Made Simple confirmation code',
    rehearsal.inboxUrl,
  );
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  expect(code, 'the e-mail holds a six-digit code').toBeDefined();
  await form.getByLabel('Code from the email').fill(code!);
  await form.getByRole('button', { name: 'Confirm and change password' }).click();
  await expect(toast(page, 'Your password has been changed.')).toBeVisible();
  await expect(form.getByLabel('Code from the email')).toHaveCount(0);

  await signOutFromMenu(page);
  await submitSignIn(page, email, PASSWORD);
  await expect(page.getByText('Invalid email or password').first()).toBeVisible();
  await submitSignIn(page, email, NEW_PASSWORD);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
});
