// Accessibility (issue 9): axe finds no serious or critical violations in the open cart panel, the dialogs, the
// toasts and the account screens, nor in the dark theme's drawer. Every route of the spec, signed out and signed in,
// is checked in the visit routes.spec.ts makes of it.
import { expect, signUp, test, uniqueEmail } from '../fixtures';
import { enrolTotp, signOutFromMenu, submitSignIn } from '../support/account-security';
import { expectNoSeriousViolations, expectNoSeriousViolationsAtBothWidths, PHONE } from '../support/axe';
import { promotionBanner, showPromotion } from '../support/promotion';
import { remoteOrigin } from '../support/site';
import { addServiceToCart, cartButton, openRoute } from '../support/routes';

// The longest spec, of independent checks: spread over both workers rather than run end to end in one.
test.describe.configure({ mode: 'parallel' });

test('axe: the open cart panel', async ({ page }) => {
  await addServiceToCart(page);
  await cartButton(page).click();
  await expect(page.getByRole('dialog', { name: 'Your Cart' })).toBeVisible();
  await expectNoSeriousViolations(page, 'the cart panel');
});

test('axe: the open promo-banner dialog', async ({ page }) => {
  await showPromotion(page);
  await openRoute(page, '/');
  await promotionBanner(page).click();
  await expect(page.getByRole('dialog', { name: '10% off your first project order' })).toBeVisible();
  await expectNoSeriousViolations(page, 'the promo dialog');
});

test('axe: a destructive toast', async ({ page }) => {
  await openRoute(page, '/auth');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Validation Error' })).toBeVisible();
  await expectNoSeriousViolations(page, 'the Validation Error toast');
});

test('axe: the panel shown when a slice cannot load', async ({ page }) => {
  await page.route(`${remoteOrigin('marketing')}/**`, (route) => route.abort());
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'Temporarily unavailable' })).toBeVisible();
  await expectNoSeriousViolations(page, 'the unavailable panel');
});

test('axe: the open mobile menu on a 375 px phone', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await openRoute(page, '/about');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
  await expectNoSeriousViolations(page, 'the mobile menu');
});

test.describe('newsletter popup', () => {
  test.use({ newsletterPopup: true });

  test('axe: the open newsletter popup', async ({ page }) => {
    await page.goto('/about');
    const dialog = page.getByRole('dialog', { name: 'Get 10% off your first project' });
    await expect(dialog.getByLabel('Email')).toBeVisible({ timeout: 8000 });
    await expectNoSeriousViolations(page, 'the newsletter popup');
  });
});

test.describe('with reduced motion', () => {
  test.use({ contextOptions: { reducedMotion: 'reduce' } });

  test('the promo dialog and the header do not animate', async ({ page }) => {
    await showPromotion(page);
    await openRoute(page, '/');
    await promotionBanner(page).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    const moving = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((el) => {
          const style = getComputedStyle(el);
          const longest = (list: string) =>
            Math.max(...list.split(',').map((d) => parseFloat(d) * (d.trim().endsWith('ms') ? 1 : 1000)));
          return longest(style.animationDuration) > 1 || longest(style.transitionDuration) > 1;
        })
        .map((el) => el.tagName.toLowerCase() + [...el.classList].map((c) => `.${c}`).join('')),
    );
    expect(moving, 'elements that still animate with prefers-reduced-motion').toEqual([]);
  });
});

test.describe('dark theme', () => {
  test('axe, dark: the cart drawer on a 375 px phone fills the screen height', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize(PHONE);
    await addServiceToCart(page);
    await cartButton(page).click();
    const drawer = page.getByRole('dialog', { name: 'Your Cart' });
    await expect(drawer).toBeVisible();
    const box = await drawer.boundingBox();
    expect(box && { top: box.y, height: Math.round(box.height) }).toEqual({ top: 0, height: PHONE.height });
    await expectNoSeriousViolations(page, 'the cart drawer in the dark theme');
  });
});

test.describe('dark theme without JavaScript', () => {
  test.use({ javaScriptEnabled: false, colorScheme: 'dark' });

  test('the prerendered page arrives dark: no flash of the light theme', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'AI made simple' })).toBeVisible();
    const colours = await page.evaluate(() => ({
      page: getComputedStyle(document.body).backgroundColor,
      text: getComputedStyle(document.body).color,
    }));
    // The dark palette's bg (#0c111f) and text (#d8deea).
    expect(colours).toEqual({ page: 'rgb(12, 17, 31)', text: 'rgb(216, 222, 234)' });
  });
});

// Issue 21's account security screens, each at 1280 and 375 px.
test.describe('account security screens', () => {
  const atBothWidths = expectNoSeriousViolationsAtBothWidths;

  test('axe: forgot password and its inbox note', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
    // The form with its errors showing.
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await atBothWidths(page, 'the forgot-password form');
    await page.getByLabel('Email').fill(uniqueEmail('a11y-forgot'));
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();
    await atBothWidths(page, 'the reset link’s inbox note');
  });

  test('axe: /auth/reset without a link and with an expired one', async ({ page }) => {
    await page.goto('/auth/reset');
    await expect(page.getByRole('heading', { level: 1, name: 'Request a new link' })).toBeVisible();
    await atBothWidths(page, '/auth/reset without a link');
    await page.goto(
      '/auth/reset#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
    );
    await expect(page.getByRole('alert').filter({ hasText: 'expired' })).toBeVisible();
    await atBothWidths(page, '/auth/reset with an expired link');
  });

  test('axe: the inbox note with Resend after a sign-up that waits for its confirmation', async ({
    page,
  }) => {
    const email = uniqueEmail('a11y-confirm');
    // The local backend confirms at once; answer as GoTrue does with confirmations on (a user, no session).
    await page.route(/\/auth\/v1\/signup/, (route) =>
      route.fulfill({
        json: {
          id: '5b4c1a3e-0d9f-4f5e-9a51-1d2b3c4d5e6f',
          aud: 'authenticated',
          role: 'authenticated',
          email,
          identities: [{ id: 'identity-1', provider: 'email' }],
          created_at: new Date().toISOString(),
        },
      }),
    );
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('Secret-pass1');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Resend email' })).toBeVisible();
    await atBothWidths(page, 'the confirmation inbox note');
  });

  test('axe: a new password, two-factor set-up and enabled, and the code step of sign-in', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail('a11y-totp');
    await signUp(page, { email, password: 'Secret-pass1' });
    await page.goto('/auth/reset');
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    await atBothWidths(page, 'the new-password form');

    await page.goto('/account');
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await expect(
      page.getByRole('img', { name: 'QR code for adding your account to an authenticator app' }),
    ).toBeVisible();
    await atBothWidths(page, 'two-factor set-up');
    await page.goto('/account');
    const app = await enrolTotp(page);
    await atBothWidths(page, 'two-factor enabled');

    await signOutFromMenu(page);
    await submitSignIn(page, email, 'Secret-pass1');
    await expect(page.getByRole('heading', { level: 1, name: 'Two-factor authentication' })).toBeVisible();
    await page.getByLabel('Authentication code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('That code is not right.').first()).toBeVisible();
    await atBothWidths(page, 'the code step of sign-in');
    await page.getByLabel('Authentication code').fill(await app.nextCode());
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  });
});
