// The account's security calls beyond signing in: reset links, new passwords, confirmation e-mails and the TOTP
// second factor, through supabase-js. Each either resolves or throws a UserFacingError whose message is what the
// form shows (authErrorMessage: words for people, the auth server's own answers passed through).
import { isAuthApiError, type User } from '@supabase/supabase-js';
import { getSupabase, paths, UserFacingError, type StorefrontClient } from 'shared-lib';
import { authErrorMessage } from '../utils/auth-messages';

/** Runs one supabase-js auth call and turns its error, or an exception, into the form's message. */
async function call<T>(
  run: (supabase: StorefrontClient) => Promise<{ data: T | null; error: unknown }>,
  message: (error: unknown) => string = authErrorMessage,
): Promise<T> {
  let result: { data: T | null; error: unknown };
  try {
    result = await run(await getSupabase());
  } catch (error) {
    console.error('[account-security]', error);
    throw new UserFacingError(authErrorMessage(error));
  }
  if (result.error) {
    console.error('[account-security]', result.error);
    throw new UserFacingError(message(result.error));
  }
  // supabase-js gives data whenever it gives no error.
  return result.data as T;
}

/** Where links in the site's e-mails lead: this site's own pages, so the auth server must list them. */
const siteUrl = (path: string) => `${window.location.origin}${path}`;

/** Sends a password-reset link; the auth server answers alike for unknown addresses, so nothing is revealed. */
export async function requestPasswordReset(email: string): Promise<void> {
  await call((supabase) =>
    supabase.auth.resetPasswordForEmail(email, { redirectTo: siteUrl(paths.authReset) }),
  );
}

/** Sets the signed-in customer's new password (after a reset link, or from the Profile tab). */
export async function setNewPassword(password: string): Promise<void> {
  await call(async (supabase) => {
    const { error } = await supabase.auth.updateUser({ password });
    return { data: null, error };
  });
}

export const EMAIL_TAKEN = 'Another account already uses this email address.';

/** What changing the address did: changed at once, or waiting for the link sent to the new address. */
export type EmailChange = { status: 'changed'; email: string } | { status: 'pending'; email: string };

/**
 * Changes the signed-in customer's address. With confirmation on, the auth server keeps the old address until
 * the link sent to the new one is opened (it answers with `new_email` set); the link leads back to the Profile tab.
 */
export async function changeEmail(email: string): Promise<EmailChange> {
  const { user } = await call<{ user: User | null }>(
    (supabase) =>
      supabase.auth.updateUser({ email }, { emailRedirectTo: siteUrl(`${paths.account}?tab=profile`) }),
    // The sign-up wording ('Please log in') does not fit an address another account already has.
    (error) =>
      isAuthApiError(error) && (error.code === 'email_exists' || error.code === 'user_already_exists')
        ? EMAIL_TAKEN
        : authErrorMessage(error),
  );
  return user?.new_email
    ? { status: 'pending', email: user.new_email }
    : { status: 'changed', email: user?.email ?? email };
}

/** Sends the sign-up confirmation link again. */
export async function resendConfirmation(email: string): Promise<void> {
  await call((supabase) =>
    supabase.auth.resend({ type: 'signup', email, options: { emailRedirectTo: siteUrl(paths.home) } }),
  );
}

export interface TotpFactor {
  id: string;
  friendlyName: string | undefined;
}

/** The account's verified authenticator apps, and the ids of set-ups that were started but never verified. */
export async function listTotpFactors(): Promise<{ verified: TotpFactor[]; unverified: string[] }> {
  const data = await call((supabase) => supabase.auth.mfa.listFactors());
  return {
    verified: data.totp.map((factor) => ({ id: factor.id, friendlyName: factor.friendly_name })),
    unverified: data.all
      .filter((factor) => factor.factor_type === 'totp' && factor.status === 'unverified')
      .map((factor) => factor.id),
  };
}

/** Confirms a code of the account's authenticator app: the session is then aal2 (MFA_CHALLENGE_VERIFIED). */
export async function verifyCode(code: string, factorId?: string): Promise<void> {
  const id = factorId ?? (await listTotpFactors()).verified[0]?.id;
  if (!id) throw new UserFacingError('Two-factor authentication is not set up for this account.');
  await call((supabase) => supabase.auth.mfa.challengeAndVerify({ factorId: id, code }));
}

export interface TotpEnrollment {
  factorId: string;
  /** The QR code as an SVG data URI, for an <img>. */
  qrCode: string;
  /** The key to type into the app by hand. */
  secret: string;
}

/**
 * Starts setting up an authenticator app. A set-up left unfinished earlier is removed first: the auth server keeps
 * it (unverified) and would refuse a second one with the same name.
 */
export async function startTotpEnrollment(): Promise<TotpEnrollment> {
  const { unverified } = await listTotpFactors();
  for (const factorId of unverified) {
    await call((supabase) => supabase.auth.mfa.unenroll({ factorId }));
  }
  const data = await call((supabase) =>
    supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Authenticator app' }),
  );
  return { factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret };
}

/**
 * Removes the authenticator app. The auth server only lets an aal2 session do this, so the code asked for
 * beforehand is verified first: that also proves the person removing it holds the device.
 */
export async function removeTotp(factorId: string, code: string): Promise<void> {
  await verifyCode(code, factorId);
  await call((supabase) => supabase.auth.mfa.unenroll({ factorId }));
}
