// Helpers for the account security journeys (#21): e-mails read from the local inbox's JSON API, TOTP codes
// computed as an authenticator app would, signing out through the account menu.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { inboxUrl } from './site';

interface MessageSummary {
  id: number;
  to: string;
  subject: string;
}

/** The link in the newest e-mail with `subject` to `to`, once it has arrived in `inbox` (the test site's). */
export async function linkFromInbox(
  request: APIRequestContext,
  to: string,
  subject: string,
  inbox = inboxUrl,
): Promise<string> {
  let found: MessageSummary | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`${inbox}/api/v1/messages`, { params: { to } });
        const { messages } = (await response.json()) as { messages: MessageSummary[] };
        found = messages.find((message) => message.subject === subject);
        return found !== undefined;
      },
      { message: `an e-mail “${subject}” to ${to}`, timeout: 15_000 },
    )
    .toBe(true);
  const response = await request.get(`${inbox}/api/v1/messages/${found!.id}`);
  const { links } = (await response.json()) as { links: string[] };
  expect(links.length, 'the e-mail has a link').toBeGreaterThan(0);
  return links[0]!;
}

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
