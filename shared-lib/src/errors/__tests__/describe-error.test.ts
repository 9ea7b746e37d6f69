import {
  AuthApiError,
  AuthRetryableFetchError,
  AuthSessionMissingError,
  AuthUnknownError,
  AuthWeakPasswordError,
} from '@supabase/supabase-js';
import { createTestSupabase, json, resetStores } from '../../testing';
import { callSupabase } from '../../supabase/call-supabase';
import { ApiError } from '../api-error';
import {
  AUTH_ERROR_MESSAGES,
  ERROR_MESSAGES,
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
    expect(formatWait(89 * 60)).toBe('89 minutes');
    // A day's budget (orders) is told in hours.
    expect(formatWait(90 * 60)).toBe('2 hours');
    expect(formatWait(23 * 3600 + 1)).toBe('24 hours');
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
    // A proxy's bare 503 (text, not JSON), and its reason phrase alone, are not words for people either.
    const bare = await restError(() => new Response('Service Unavailable', { status: 503 }));
    expect(describeError(bare)).toEqual({ kind: 'server', message: ERROR_MESSAGES.server });
    for (const phrase of ['Service Unavailable', 'Bad Gateway', 'Internal Server Error', 'Not Found']) {
      expect(describeError(new Error(phrase))).toEqual({ kind: 'server', message: ERROR_MESSAGES.server });
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

  it('gives the auth server’s refusals the spec’s words by their code, whatever its message says', () => {
    const refusal = (code: string, status = 400) =>
      describeError(ApiError.from(new AuthApiError('Whatever the server says', status, code))).message;
    expect(refusal('invalid_credentials')).toBe('Invalid email or password');
    expect(refusal('user_already_exists', 422)).toBe('This email is already registered. Please log in.');
    expect(refusal('email_exists', 422)).toBe('This email is already registered. Please log in.');
    expect(refusal('mfa_verification_failed', 422)).toBe(AUTH_ERROR_MESSAGES.mfa_verification_failed);
    expect(refusal('mfa_challenge_expired', 422)).toBe(AUTH_ERROR_MESSAGES.mfa_challenge_expired);
    // A 401, but not an expired session: the change needs the second factor.
    expect(refusal('insufficient_aal', 401)).toBe(AUTH_ERROR_MESSAGES.insufficient_aal);
    // The CAPTCHA on sign-up and recovery: GoTrue's words name the mechanism, ours say what to do.
    expect(
      describeError(
        ApiError.from(
          new AuthApiError(
            'captcha protection: request disallowed (no captcha response (captcha_token) found)',
            400,
            'captcha_failed',
          ),
        ),
      ).message,
    ).toBe('Please complete the security check above the button, then try again.');
    // Its other answers to what the visitor typed, as they come.
    expect(refusal('email_not_confirmed')).toBe('Whatever the server says');
    expect(
      describeError(ApiError.from(new AuthWeakPasswordError('Password is known to be weak', 422, ['pwned']))),
    ).toEqual({ kind: 'message', message: 'Password is known to be weak' });
    // Limits, the network and the server's own failures get the same words as everywhere.
    expect(refusal('over_request_rate_limit', 429)).toBe(
      'Too many attempts in a short time. Please wait a minute and try again.',
    );
    expect(describeError(ApiError.from(new AuthRetryableFetchError('Failed to fetch', 0))).message).toBe(
      ERROR_MESSAGES.network,
    );
    expect(refusal('unexpected_failure', 500)).toBe(ERROR_MESSAGES.server);
    expect(
      describeError(ApiError.from(new AuthUnknownError('Unexpected token <', new SyntaxError()))),
    ).toEqual({
      kind: 'server',
      message: 'An unexpected error occurred',
    });
  });

  it('reads what Supabase said from the ApiError every api/ call throws', async () => {
    const failing = (respond: () => Response | Promise<Response>) => {
      createTestSupabase(() => respond());
      return callSupabase((supabase) =>
        supabase.rpc('place_order', { items: [], expected_total: 0, discount_code: null }),
      ).then(
        () => {
          throw new Error('expected the call to fail');
        },
        (error: unknown) => error,
      );
    };
    const refused = await failing(() =>
      json({ code: 'P0001', message: 'Your cart is empty', details: null, hint: null }, 400),
    );
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ code: 'P0001', status: 400, message: 'Your cart is empty' });
    expect(describeError(refused)).toEqual({ kind: 'message', message: 'Your cart is empty' });

    const expired = await failing(() =>
      json({ code: 'PGRST303', message: 'JWT expired', details: null, hint: null }, 401),
    );
    expect(describeError(expired).kind).toBe('session');
    const offline = await failing(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(offline).toMatchObject({ status: undefined });
    expect(describeError(offline).kind).toBe('network');
    const internals = await failing(() =>
      json({ code: '42P01', message: 'relation "orders" does not exist', details: null, hint: null }, 404),
    );
    expect(describeError(internals)).toEqual({ kind: 'server', message: ERROR_MESSAGES.server });
  });

  it.each(['account', 'network'])(
    'reads the wait of the database’s own 429 from its details (supabase-js hands over no headers), counted by %s',
    async (counted) => {
      createTestSupabase(() =>
        json(
          {
            code: 'over_request_rate_limit',
            message: `Too many requests from your ${counted}. Please wait and try again.`,
            details: '{"retry_after_seconds":754}',
            hint: null,
          },
          429,
        ),
      );
      const error = await callSupabase((supabase) =>
        supabase.rpc('book_discovery_call', { slot_start: 'x', name: 'Ada', email: 'ada@example.com' }),
      ).catch((thrown: unknown) => thrown);
      // Words true whether the database counted the caller's account or their address.
      expect(describeError(error)).toEqual({
        kind: 'rate-limit',
        retryAfterSeconds: 754,
        message: 'Too many attempts in a short time. Please wait 13 minutes and try again.',
      });
    },
  );

  it('keeps the usual words for a 429 whose details carry no wait', () => {
    const plain = ApiError.from({ code: 'over_request_rate_limit', message: 'x', details: 'not json' }, 429);
    expect(describeError(plain).message).toBe(
      'Too many attempts in a short time. Please wait a minute and try again.',
    );
  });

  it('logs the technical detail for developers while the screen gets the words', () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = new TypeError('Failed to fetch');
    expect(reportError('account', error).message).toBe(ERROR_MESSAGES.network);
    expect(log).toHaveBeenCalledWith('[account]', error);
  });
});
