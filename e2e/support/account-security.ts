// Helpers for the account security journeys (#21): TOTP codes computed as an authenticator app would, signing
// out through the account menu. Their e-mails are read through ./inbox.
import { expect, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';

const PERIOD_MS = 30_000;

/**
 * An authenticator app for one secret. The auth server takes the code of the current 30-second step or of a step
 * either side of it (clock drift, as GoTrue does), and each step's code once. So each code is the next unused
 * step's, up to one step ahead of the clock (as on a phone whose clock runs a little fast): two codes never wait,
 * and a third within the same step waits for the clock's next step rather than for a whole new period per code.
 */
export class Authenticator {
  private readonly totp: OTPAuth.TOTP;
  private lastStep = -1;

  constructor(secret: string) {
    this.totp = new OTPAuth.TOTP({
      secret: OTPAuth.Secret.fromBase32(secret.replace(/\s+/g, '')),
      digits: 6,
      period: 30,
    });
  }

  async nextCode(): Promise<string> {
    const clockStep = () => Math.floor(Date.now() / PERIOD_MS);
    const step = Math.max(clockStep(), this.lastStep + 1);
    if (step > clockStep() + 1) {
      await new Promise((resolve) => setTimeout(resolve, (step - 1) * PERIOD_MS - Date.now() + 250));
    }
    this.lastStep = step;
    return this.totp.generate({ timestamp: step * PERIOD_MS });
  }
}

/** Profile -> Set up two-factor authentication: the key from the screen, a code from it, and the enabled state. */
export async function enrolTotp(page: Page): Promise<Authenticator> {
  await page.goto('/account');
  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await expect(
    page.getByRole('img', { name: 'QR code for adding your account to an authenticator app' }),
  ).toBeVisible();
  const app = new Authenticator((await page.getByLabel('Setup key').textContent()) ?? '');
  await page.getByLabel('Authentication code').fill(await app.nextCode());
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText('Two-factor authentication is on. Signing in asks for a code')).toBeVisible();
  return app;
}

export async function signOutFromMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
}

/** Fills the sign-in form; what follows (home, or the code step) is the caller's to check. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * This page's next sign-up is answered as GoTrue answers one that waits for its e-mail confirmation (a user, no
 * session): the local backend confirms at once.
 */
export async function answerSignUpUnconfirmed(page: Page, email: string): Promise<void> {
  await page.route(
    /\/auth\/v1\/signup/,
    (route) =>
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
    { times: 1 },
  );
}
