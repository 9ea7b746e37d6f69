import { AuthApiError, AuthRetryableFetchError, AuthSessionMissingError } from '@supabase/supabase-js';
import { createTestSupabase, json, resetStores } from '../../testing';
import {
  ERROR_MESSAGES,
  UserFacingError,
  describeError,
  fetchNotingRetryAfter,
  forgetRetryAfter,
  formatWait,
  reportError,
} from '../describe-error';

afterEach(() => {
  resetStores();
  forgetRetryAfter();
  jest.restoreAllMocks();
});

/** What supabase-js hands back for a request answered by `respond` (or failing in it). */
async function restError(respond: () => Response | Promise<Response>) {
  const client = createTestSupabase(() => respond());
  const { error } = await client.from('orders').select('*');
  expect(error).not.toBeNull();
  return error;
}

const NOTHING_TECHNICAL = /TypeError|Error:|Failed to fetch|stack|localhost|:\d{2,5}|relation|SQL|PGRST|JWT/i;

describe('describeError', () => {
  it('turns a failed fetch (backend unreachable) into words about the connection', async () => {
    const error = await restError(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(describeError(error)).toEqual({ kind: 'network', message: ERROR_MESSAGES.network });
    expect(describeError(new TypeError('NetworkError when attempting to fetch resource.')).kind).toBe(
      'network',
    );
    expect(describeError(new AuthRetryableFetchError('Failed to fetch', 0)).kind).toBe('network');
  });

  it('tells a request that took too long', async () => {
    const error = await restError(() => Promise.reject(new DOMException('signal is aborted', 'AbortError')));
    expect(describeError(error)).toEqual({ kind: 'timeout', message: ERROR_MESSAGES.timeout });
    expect(describeError(new DOMException('timed out', 'TimeoutError')).kind).toBe('timeout');
  });

  it('says how long to wait after a rate limit, from Retry-After or the auth server’s words', async () => {
    const client = createTestSupabase(() =>
      json({ code: 'over_request_rate_limit', message: 'Request rate limit reached' }, 429, {
        'Retry-After': '42',
      }),
    );
    const fetchNoting = fetchNotingRetryAfter(() =>
      Promise.resolve(json({ message: 'Request rate limit reached' }, 429, { 'Retry-After': '42' })),
    );
    await fetchNoting('http://supabase.test/auth/v1/token');
    const { error } = await client.auth.signInWithPassword({ email: 'a@example.com', password: 'Secret123' });
    expect(describeError(error)).toEqual({
      kind: 'rate-limit',
      retryAfterSeconds: 42,
      message: 'Too many attempts in a short time. Please wait 42 seconds and try again.',
    });
    const said = new AuthApiError(
      'For security purposes, you can only request this after 17 seconds.',
      429,
      'over_email_send_rate_limit',
    );
    expect(describeError(said).message).toBe(
      'Too many attempts in a short time. Please wait 17 seconds and try again.',
    );
    forgetRetryAfter();
    expect(
      describeError(new AuthApiError('Request rate limit reached', 429, 'over_request_rate_limit')).message,
    ).toBe('Too many attempts in a short time. Please wait a minute and try again.');
    expect(formatWait(1)).toBe('1 second');
    expect(formatWait(600)).toBe('10 minutes');
  });

  it('asks to sign in again when the session has expired', async () => {
    const error = await restError(() =>
      json({ code: 'PGRST303', message: 'JWT expired', details: null, hint: null }, 401),
    );
    expect(describeError(error)).toEqual({ kind: 'session', message: ERROR_MESSAGES.session });
    expect(describeError(new AuthSessionMissingError()).kind).toBe('session');
    expect(
      describeError(
        new AuthApiError('Invalid Refresh Token: Refresh Token Not Found', 400, 'refresh_token_not_found'),
      ).kind,
    ).toBe('session');
  });

  it('never shows SQL, database or server internals', async () => {
    for (const [status, body] of [
      [403, { code: '42501', message: 'permission denied for table orders', details: null, hint: null }],
      [404, { code: '42P01', message: 'relation "order_items" does not exist', details: null, hint: null }],
      [503, { code: 'PGRST000', message: 'Database connection error.', details: null, hint: null }],
      [500, { code: 'XX000', message: 'connect ECONNREFUSED 127.0.0.1:5432', details: null, hint: null }],
    ] as const) {
      const description = describeError(await restError(() => json(body, status)));
      expect(description.message).not.toMatch(NOTHING_TECHNICAL);
      expect(description).toEqual({ kind: 'server', message: ERROR_MESSAGES.server });
    }
    expect(describeError(new AuthRetryableFetchError('Service Unavailable', 503))).toEqual({
      kind: 'server',
      message: ERROR_MESSAGES.server,
    });
    const crash = new TypeError("Cannot read properties of undefined (reading 'id')");
    expect(describeError(crash)).toEqual({ kind: 'server', message: ERROR_MESSAGES.server });
    expect(describeError(new Error('insert into orders failed at /app/src/x.ts:12:3')).kind).toBe('server');
    expect(describeError(undefined).kind).toBe('server');
  });

  it('keeps the spec’s texts and the auth server’s own answers as they are', () => {
    expect(describeError(new UserFacingError('Invalid email or password'))).toEqual({
      kind: 'message',
      message: 'Invalid email or password',
    });
    expect(describeError(new Error('This email is already registered. Please log in.')).message).toBe(
      'This email is already registered. Please log in.',
    );
    for (const message of ['Your cart is empty', 'Sign in to check out']) {
      const code = message === 'Your cart is empty' ? 'P0001' : '42501';
      expect(describeError({ code, message, details: null, hint: null })).toEqual({
        kind: 'message',
        message,
      });
    }
    const weak = new AuthApiError('Password should be at least 6 characters.', 422, 'weak_password');
    expect(describeError(weak)).toEqual({
      kind: 'message',
      message: 'Password should be at least 6 characters.',
    });
  });

  it('logs the technical detail for developers while the screen gets the words', () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = new TypeError('Failed to fetch');
    expect(reportError('account', error).message).toBe(ERROR_MESSAGES.network);
    expect(log).toHaveBeenCalledWith('[account]', error);
  });
});
