// GoTrue's e-mail tokens: a one-time code and the hash its link carries (GoTrue stores SHA-224(address + code) in
// auth.users and puts that hash in the link), their lifetime `otp_expiry` and the per-user `max_frequency`; and
// the e-mails of the flows, each a new token that replaces the previous one of its kind, sent through the one
// mail module (src/mail/mailer.ts) in the caller's transaction.
import { createHash, randomInt } from 'node:crypto';
import type { Queryable } from '../db/database';
import { AuthError } from '../errors';
import {
  confirmationMail,
  emailChangeMail,
  inviteMail,
  magicLinkMail,
  reauthenticationMail,
  recoveryMail,
  type Mail,
} from '../mail/templates';
import type { Service } from '../service';
import type { UserRow } from './users';

/** A new code of `length` digits. */
function newOtp(length: number): string {
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

/** A new token for `address`: its code, and the hash stored and put in the link. */
export function newToken(service: Service, address: string) {
  const code = newOtp(service.auth.otpLength);
  return { code, hash: tokenHash(address, code) };
}

/**
 * A link e-mail of one of the flows: `/verify?token=<hash>&type=<type>&redirect_to=<redirectTo>`, in config.toml's
 * template of `kind` (its GoTrue variables) or GoTrue's own text.
 */
async function sendLink(
  service: Service,
  tx: Queryable,
  kind: 'invite' | 'confirmation' | 'recovery' | 'magic_link' | 'email_change',
  to: string,
  type: string,
  token: { code: string; hash: string },
  redirectTo: string,
  compose: (link: string, code: string) => Mail,
  addresses: { email: string; newEmail?: string } = { email: to },
) {
  const link = verifyUrl(service.auth.issuer, token.hash, type, redirectTo);
  const values = {
    ConfirmationURL: link,
    Token: token.code,
    TokenHash: token.hash,
    SiteURL: service.auth.redirect.siteUrl,
    RedirectTo: redirectTo,
    Email: addresses.email,
    NewEmail: addresses.newEmail,
  };
  await service.mail.sendAuth(tx, kind, to, values, compose(link, token.code));
}

/**
 * Sign-up confirmation, or an invitation (POST /invite, whose link signs the invited user in): a new token
 * replaces any earlier one.
 */
export async function sendConfirmation(
  service: Service,
  tx: Queryable,
  user: UserRow,
  redirectTo: string,
  type: 'signup' | 'invite' = 'signup',
) {
  const token = newToken(service, user.email);
  await tx.query(
    'update auth.users set confirmation_token = $2, confirmation_sent_at = now() where id = $1',
    [user.id, token.hash],
  );
  const invite = type === 'invite';
  const mail = invite ? inviteMail : confirmationMail;
  await sendLink(service, tx, invite ? 'invite' : 'confirmation', user.email, type, token, redirectTo, mail);
}

/** Password recovery, or a magic link (GoTrue keeps both in recovery_token: /verify takes either type). */
export async function sendRecovery(
  service: Service,
  tx: Queryable,
  user: UserRow,
  redirectTo: string,
  type: 'recovery' | 'magiclink' = 'recovery',
) {
  const token = newToken(service, user.email);
  await tx.query('update auth.users set recovery_token = $2, recovery_sent_at = now() where id = $1', [
    user.id,
    token.hash,
  ]);
  if (type === 'magiclink')
    await sendLink(service, tx, 'magic_link', user.email, type, token, redirectTo, magicLinkMail);
  else await sendLink(service, tx, 'recovery', user.email, type, token, redirectTo, recoveryMail);
}

/**
 * An e-mail change: a link to the new address and, with double_confirm_changes, one to the current address
 * too (GoTrue's secure e-mail change); the change applies once every link sent was followed.
 */
export async function sendEmailChange(
  service: Service,
  tx: Queryable,
  user: UserRow,
  newEmail: string,
  redirectTo: string,
) {
  const toNew = newToken(service, newEmail);
  const toCurrent = service.auth.doubleConfirmChanges ? newToken(service, user.email) : null;
  await tx.query(
    `update auth.users set email_change = $2, email_change_token_new = $3, email_change_token_current = $4,
       email_change_sent_at = now(), email_change_confirm_status = 0 where id = $1`,
    [user.id, newEmail, toNew.hash, toCurrent?.hash ?? ''],
  );
  const compose = (link: string, code: string) => emailChangeMail(link, code, user.email, newEmail);
  const addresses = { email: user.email, newEmail };
  const send = (to: string, token: { code: string; hash: string }) =>
    sendLink(service, tx, 'email_change', to, 'email_change', token, redirectTo, compose, addresses);
  if (toCurrent) await send(user.email, toCurrent);
  await send(newEmail, toNew);
}

/** A reauthentication code (GET /reauthenticate), which a password change then gives as its nonce. */
export async function sendReauthentication(service: Service, tx: Queryable, user: UserRow) {
  const token = newToken(service, user.email);
  await tx.query(
    'update auth.users set reauthentication_token = $2, reauthentication_sent_at = now() where id = $1',
    [user.id, token.hash],
  );
  await service.mail.sendAuth(
    tx,
    'reauthentication',
    user.email,
    { Token: token.code, SiteURL: service.auth.redirect.siteUrl, Email: user.email },
    reauthenticationMail(token.code),
  );
}
