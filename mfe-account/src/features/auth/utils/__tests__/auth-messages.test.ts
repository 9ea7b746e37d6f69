import {
  AuthApiError,
  AuthRetryableFetchError,
  AuthUnknownError,
  AuthWeakPasswordError,
} from '@supabase/supabase-js';
import { AUTH_MESSAGES, authErrorMessage } from '../auth-messages';

describe('authErrorMessage', () => {
  it('maps bad credentials to the spec message, whatever the provider says', () => {
    expect(authErrorMessage(new AuthApiError('Invalid login credentials', 400, 'invalid_credentials'))).toBe(
      'Invalid email or password',
    );
  });

  it.each(['user_already_exists', 'email_exists'])('maps %s to the already-registered message', (code) => {
    expect(authErrorMessage(new AuthApiError('User already registered', 422, code))).toBe(
      'This email is already registered. Please log in.',
    );
  });

  it('passes the auth server’s other answers through with their own message', () => {
    expect(
      authErrorMessage(new AuthApiError('Request rate limit reached', 429, 'over_request_rate_limit')),
    ).toBe('Request rate limit reached');
    expect(authErrorMessage(new AuthWeakPasswordError('Password is known to be weak', 422, ['pwned']))).toBe(
      'Password is known to be weak',
    );
  });

  it('decides by code, not by message text', () => {
    expect(authErrorMessage(new AuthApiError('Invalid login credentials', 400, 'validation_failed'))).toBe(
      'Invalid login credentials',
    );
  });

  it('shows the unexpected-error message for anything the auth server did not answer', () => {
    expect(authErrorMessage(new AuthRetryableFetchError('Failed to fetch', 0))).toBe(
      'An unexpected error occurred',
    );
    expect(authErrorMessage(new AuthUnknownError('Unexpected token <', new SyntaxError()))).toBe(
      'An unexpected error occurred',
    );
    expect(authErrorMessage(new TypeError('boom'))).toBe('An unexpected error occurred');
    expect(authErrorMessage(new AuthApiError('', 500, 'unexpected_failure'))).toBe(
      'An unexpected error occurred',
    );
  });

  it('keeps the spec success texts', () => {
    expect(AUTH_MESSAGES.signedIn).toBe('Logged in successfully!');
    expect(AUTH_MESSAGES.signedUp).toBe('Account created! You can now log in.');
  });
});
