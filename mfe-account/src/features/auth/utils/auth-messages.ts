// What the auth form tells the user, decided from supabase-js's error codes and classes, never from message
// text (the provider may reword or translate it).
import { isAuthApiError, isAuthWeakPasswordError } from '@supabase/supabase-js';

export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  alreadyRegistered: 'This email is already registered. Please log in.',
  unexpected: 'An unexpected error occurred',
  signedIn: 'Logged in successfully!',
  signedUp: 'Account created! You can now log in.',
} as const;

/**
 * The message for a failed sign-in or sign-up: the spec's wording for bad credentials and taken addresses, the
 * auth server's own message for its other answers, and the generic message for anything else (no connection,
 * an unreadable response, an exception).
 */
export function authErrorMessage(error: unknown): string {
  if (!isAuthApiError(error) && !isAuthWeakPasswordError(error)) return AUTH_MESSAGES.unexpected;
  switch (error.code) {
    case 'invalid_credentials':
      return AUTH_MESSAGES.invalidCredentials;
    // GoTrue answers a taken address with `user_already_exists`; older versions said `email_exists`.
    case 'user_already_exists':
    case 'email_exists':
      return AUTH_MESSAGES.alreadyRegistered;
    default:
      return error.message || AUTH_MESSAGES.unexpected;
  }
}
