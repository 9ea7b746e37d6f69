// What the auth form tells the user, decided from supabase-js's error codes and classes, never from message
// text (the provider may reword or translate it).
import { isAuthApiError, isAuthWeakPasswordError } from '@supabase/supabase-js';
import { describeError } from 'shared-lib';

export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  alreadyRegistered: 'This email is already registered. Please log in.',
  unexpected: 'An unexpected error occurred',
  signedIn: 'Logged in successfully!',
  signedUp: 'Account created! You can now log in.',
  wrongCode: 'That code is not right. Enter the current code from your authenticator app.',
  codeExpired: 'That code has expired. Enter the current code from your authenticator app.',
  codeNeeded:
    'Your account has two-factor authentication, so this change needs the code from your authenticator app. Sign out and sign in again with your code, then try again.',
} as const;

/**
 * The message for a failed sign-in or sign-up: the spec's wording for bad credentials and taken addresses, words
 * for people when the auth server could not be reached, took too long, limited the attempts (with the wait) or
 * failed itself (shared-lib's describeError), the auth server's own message for its other answers, and the spec's
 * generic message for anything else (an unreadable response, an exception).
 */
export function authErrorMessage(error: unknown): string {
  const described = describeError(error);
  const status = (error as { status?: unknown } | null)?.status;
  if (
    described.kind === 'network' ||
    described.kind === 'timeout' ||
    described.kind === 'rate-limit' ||
    (described.kind === 'server' && typeof status === 'number' && status >= 500)
  ) {
    return described.message;
  }
  if (!isAuthApiError(error) && !isAuthWeakPasswordError(error)) return AUTH_MESSAGES.unexpected;
  switch (error.code) {
    case 'invalid_credentials':
      return AUTH_MESSAGES.invalidCredentials;
    // GoTrue answers a taken address with `user_already_exists`; older versions said `email_exists`.
    case 'user_already_exists':
    case 'email_exists':
      return AUTH_MESSAGES.alreadyRegistered;
    // GoTrue's own words for these ('Invalid TOTP code entered') name the mechanism, not what to do.
    case 'mfa_verification_failed':
      return AUTH_MESSAGES.wrongCode;
    case 'mfa_challenge_expired':
      return AUTH_MESSAGES.codeExpired;
    // A change an account with two-factor authentication allows only after its code (an aal2 session).
    case 'insufficient_aal':
      return AUTH_MESSAGES.codeNeeded;
    default:
      return error.message || AUTH_MESSAGES.unexpected;
  }
}
