// What every e-mail auth sends shares: a one-time code and the hash its link carries (GoTrue stores
// SHA-224(address + code) and puts that hash in the link), the project-wide `email_sent` budget, the per-user
// `max_frequency`, and the lifetime `otp_expiry`.
import { createHash, randomInt } from 'node:crypto';
import { AuthError } from '../errors';

/** A new code of `length` digits. */
export function newOtp(length: number): string {
  let code = '';
  for (let i = 0; i < length; i += 1) code += String(randomInt(10));
  return code;
}

export const tokenHash = (email: string, otp: string): string =>
  createHash('sha224')
    .update(email.toLowerCase() + otp)
    .digest('hex');

/** What a link's token or a typed code must look like before it is looked up. */
export const TOKEN_HASH_FORMAT = /^[0-9a-f]{56}$/;
export const OTP_FORMAT = /^\d{6,10}$/;

/** GoTrue's confirmation URL: `<API>/verify?token=<hash>&type=<type>&redirect_to=<where to go next>`. */
export function verifyUrl(apiUrl: string, hash: string, type: string, redirectTo: string): string {
  const query = new URLSearchParams({ token: hash, type, redirect_to: redirectTo });
  return `${apiUrl}/verify?${query.toString()}`;
}

/** Whether a token sent at `sentAt` has outlived `expirySeconds`. */
export function otpExpired(sentAt: Date | string | null | undefined, expirySeconds: number): boolean {
  if (!sentAt) return true;
  return Date.now() > new Date(sentAt).getTime() + expirySeconds * 1000;
}

/** GoTrue's refusal of a second e-mail of one kind to one user within max_frequency. */
export function checkFrequency(sentAt: Date | string | null | undefined, maxFrequency: number): void {
  if (!sentAt || maxFrequency === 0) return;
  const wait = Math.ceil((new Date(sentAt).getTime() + maxFrequency * 1000 - Date.now()) / 1000);
  if (wait > 0)
    throw new AuthError(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${wait} seconds.`,
    );
}

/**
 * `[auth.rate_limit] email_sent`: e-mails per hour for the whole project (GoTrue's limiter has one key,
 * "email_functions", for every client). Every request that may send one counts, whether or not the address has
 * an account, so the 429 reveals nothing about which addresses are registered.
 */
export class EmailBudget {
  private sent: number[] = [];
  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  take(): void {
    const now = Date.now();
    this.sent = this.sent.filter((at) => at > now - this.windowMs);
    if (this.sent.length >= this.max)
      throw new AuthError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded');
    this.sent.push(now);
  }
}
