import {
  AuthApiError,
  AuthRetryableFetchError,
  AuthUnknownError,
  AuthWeakPasswordError,
} from '@supabase/supabase-js';
import { ERROR_MESSAGES, forgetRetryAfter } from 'shared-lib';
import { AUTH_MESSAGES, authErrorMessage } from '../auth-messages';

afterEach(forgetRetryAfter);

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

  it('says how long to wait when the auth server limits the attempts', () => {
    expect(
      authErrorMessage(
        new AuthApiError(
          'For security purposes, you can only request this after 30 seconds.',
          429,
          'over_request_rate_limit',
        ),
      ),
    ).toBe('Too many attempts in a short time. Please wait 30 seconds and try again.');
  });

  it('passes the auth server’s other answers through with their own message', () => {
    expect(authErrorMessage(new AuthWeakPasswordError('Password is known to be weak', 422, ['pwned']))).toBe(
      'Password is known to be weak',
    );
  });

  it('decides by code, not by message text', () => {
    expect(authErrorMessage(new AuthApiError('Invalid login credentials', 400, 'validation_failed'))).toBe(
      'Invalid login credentials',
    );
  });

  it('says in words for people that the auth server could not be reached or failed', () => {
    expect(authErrorMessage(new AuthRetryableFetchError('Failed to fetch', 0))).toBe(ERROR_MESSAGES.network);
    expect(authErrorMessage(new TypeError('Failed to fetch'))).toBe(ERROR_MESSAGES.network);
    expect(authErrorMessage(new AuthRetryableFetchError('Bad Gateway', 502))).toBe(ERROR_MESSAGES.server);
    expect(
      authErrorMessage(new AuthApiError('Unexpected failure, please try again', 500, 'unexpected_failure')),
    ).toBe(ERROR_MESSAGES.server);
  });

  it('shows the unexpected-error message for anything else', () => {
    expect(authErrorMessage(new AuthUnknownError('Unexpected token <', new SyntaxError()))).toBe(
      'An unexpected error occurred',
    );
    expect(authErrorMessage(new TypeError('boom'))).toBe('An unexpected error occurred');
  });

  it('keeps the spec success texts', () => {
    expect(AUTH_MESSAGES.signedIn).toBe('Logged in successfully!');
    expect(AUTH_MESSAGES.signedUp).toBe('Account created! You can now log in.');
  });
});
