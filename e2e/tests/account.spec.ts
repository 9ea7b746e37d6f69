// The account slice against the local backend: the auth form's error mapping (its validation is AuthPage.test.tsx's),
// sign-up, the protected /account page with the demo user's seeded orders and meetings, isolation between users,
// sign-out.
import type { Page } from '@playwright/test';
import { test, expect, signIn, DEMO_USER, uniqueEmail } from '../fixtures';

const NEW_PASSWORD = 'Sup3rSecret';

async function fillAuthForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
}

/** Signs up a fresh account (the local backend confirms it at once, so the user is signed in). */
async function signUp(page: Page, email: string) {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await fillAuthForm(page, email, NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  // The toast shows it; the page's live region reads it out.
  await expect(
    page.getByRole('list', { name: 'Notifications' }).getByText('Account created! You are now signed in.'),
  ).toBeVisible();
  await expect(page.getByTestId('live-region')).toContainText('Account created! You are now signed in.');
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
}

test('a new user signs up and is signed in', async ({ page }) => {
  const email = uniqueEmail('signup');
  await signUp(page, email);
  await expect(page).toHaveURL('/');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu')).toContainText(email);
});

test('signing up again with a registered e-mail says so', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await fillAuthForm(page, DEMO_USER.email, DEMO_USER.password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('This email is already registered. Please log in.');
});

test('the demo user with a wrong password sees “Invalid email or password”', async ({ page }) => {
  await page.goto('/auth');
  await fillAuthForm(page, DEMO_USER.email, 'WrongPass123');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');
  await expect(page).toHaveURL('/auth');
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
});

test('/account while signed out goes to /auth, and signing in returns to /account', async ({ page }) => {
  await page.goto('/account');
  await expect(page).toHaveURL('/auth');
  await fillAuthForm(page, DEMO_USER.email, DEMO_USER.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(
    page.getByRole('list', { name: 'Notifications' }).getByText('Logged in successfully!'),
  ).toBeVisible();
  await expect(page).toHaveURL('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();

  // Back from /account does not land on the auth form again: the redirect replaced it in the history.
  await page.goBack();
  await expect(page).not.toHaveURL('/auth');
});

test('a signed-in user opening /auth is sent home', async ({ page }) => {
  await signIn(page);
  await page.goto('/auth');
  await expect(page).toHaveURL('/');
});

test('the demo user sees their profile, orders and meetings in the spec formats', async ({ page }) => {
  await signIn(page);
  await page.goto('/account');
  await expect(page.getByText('View your orders, meetings, and profile information')).toBeVisible();

  const profile = page.getByRole('tabpanel', { name: 'Profile' });
  await expect(profile).toContainText(DEMO_USER.email);
  await expect(profile).not.toContainText('User ID');

  await page.getByRole('tab', { name: 'Orders' }).click();
  const orders = page.getByRole('tabpanel', { name: 'Orders' }).getByRole('article');
  await expect(orders.first()).toBeVisible();
  const first = orders.first();
  await expect(first.getByRole('heading', { level: 2 })).toHaveText(/^Order #[0-9a-f]{8}$/);
  await expect(first).toContainText(
    /(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}/,
  );
  await expect(first).toContainText(/€\d+\.\d{2}/);
  await expect(first.getByRole('heading', { name: 'Items' })).toBeVisible();
  await expect(first.getByRole('listitem').first()).toContainText(/€\d/);

  await page.getByRole('tab', { name: 'Meetings' }).click();
  const meetings = page.getByRole('tabpanel', { name: 'Meetings' }).getByRole('article');
  await expect(meetings.first()).toBeVisible();
  await expect(meetings.first()).toContainText(/Status: [A-Z]/);
});

test('a new user sees no orders and no meetings, never the demo user’s', async ({ page }) => {
  // The demo user has orders; user B must not see them.
  await signUp(page, uniqueEmail('user-b'));
  await page.goto('/account');
  await page.getByRole('tab', { name: 'Orders' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Orders' })).toHaveText('No orders yet');
  await page.getByRole('tab', { name: 'Meetings' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Meetings' })).toHaveText('No meetings booked yet');
});

test('the account tabs work from the keyboard', async ({ page }) => {
  await signIn(page);
  await page.goto('/account');
  await page.getByRole('tab', { name: 'Profile' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Orders' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tabpanel', { name: 'Meetings' })).toBeVisible();
});

test('signing out on /account goes home, and Back does not lead to a sign-in that returns there', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/account');
  await expect(page.getByRole('tab', { name: 'Profile' })).toBeVisible();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  // Before, /account's entry was replaced by /auth remembering /account: Back led there, and signing in
  // returned the visitor to the account they had just left.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/auth/);
});

test('signing out returns the header to the sign-in icon', async ({ page }) => {
  await signIn(page);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
  await page.goto('/account');
  await expect(page).toHaveURL('/auth');
});
