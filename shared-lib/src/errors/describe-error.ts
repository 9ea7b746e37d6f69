// The one place an error becomes words for people. Whatever failed (the network, a slow server, a rate limit, an
// expired session, the database), the screen says what happened and what to do; the technical detail (a
// `TypeError: Failed to fetch`, a stack, SQL, a host and port) goes to the console only. The auth server's refusals
// get the spec's words by their code (AUTH_ERROR_MESSAGES); its other answers, and the sentences the site's own SQL
// functions raise, are written for people and pass through unchanged. api/ functions throw ApiError (api-error.ts),
// whose code, status and cause this reads.
import { ApiError } from './api-error';

export type ErrorKind = 'network' | 'timeout' | 'rate-limit' | 'session' | 'server' | 'message';

export interface ErrorDescription {
  kind: ErrorKind;
  /** What to show. */
  message: string;
  /** For 'rate-limit': how long to wait, when the server said. */
  retryAfterSeconds?: number;
}

export const ERROR_MESSAGES = {
  network: "We couldn't reach our server. Please check your internet connection and try again.",
  timeout: 'Our server is taking too long to answer. Please try again in a moment.',
  session: 'Your session has expired. Please sign in again, then come back to this page.',
  server: 'Something went wrong on our side. Please try again in a moment.',
  /** The spec's words for an auth call that failed in a way the auth server did not explain. */
  unexpected: 'An unexpected error occurred',
} as const;

/**
 * The auth server's refusals, by its error code (never by its message text, which it may reword): the spec's words
 * for bad credentials and a taken address, and words that say what to do for the second factor's.
 */
export const AUTH_ERROR_MESSAGES = {
  invalid_credentials: 'Invalid email or password',
  // GoTrue answers a taken address with `user_already_exists`; older versions said `email_exists`.
  user_already_exists: 'This email is already registered. Please log in.',
  email_exists: 'This email is already registered. Please log in.',
  // GoTrue's own words for these ('Invalid TOTP code entered') name the mechanism, not what to do.
  mfa_verification_failed: 'That code is not right. Enter the current code from your authenticator app.',
  mfa_challenge_expired: 'That code has expired. Enter the current code from your authenticator app.',
  mfa_factor_not_found: 'Two-factor authentication is not set up for this account.',
  // A change that an account with two-factor authentication allows only after its code (an aal2 session).
  insufficient_aal:
    'Your account has two-factor authentication, so this change needs the code from your authenticator app. Sign out and sign in again with your code, then try again.',
  // Beyond the spec: sign-in, sign-up and recovery with the CAPTCHA on (README, "Deploying"): no token, or one the
  // provider refused or that was already used. GoTrue's words ('captcha protection: request disallowed') name the
  // mechanism.
  captcha_failed: 'Please complete the security check above the button, then try again.',
} as const;
const authErrorMessage = (code: string): string | undefined =>
  Object.hasOwn(AUTH_ERROR_MESSAGES, code)
    ? AUTH_ERROR_MESSAGES[code as keyof typeof AUTH_ERROR_MESSAGES]
    : undefined;

// Rate limits: the wait comes from the error itself (the site's SQL functions put it in their 429's details as
// {"retry_after_seconds": n}), from GoTrue's "after N seconds" wording, or from the Retry-After header of the 429
// that supabase-js just received (it does not pass headers on to its errors).
let lastRetryAfter: { seconds: number; at: number } | null = null;
const RETRY_AFTER_FRESH_MS = 10_000;

/** Remembers a 429's Retry-After (seconds or an HTTP date) for the error describing it. */
export function noteRetryAfter(header: string | null, now = Date.now()): void {
  if (!header) return;
  const seconds = /^\d+$/.test(header.trim()) ? Number(header) : Math.ceil((Date.parse(header) - now) / 1000);
  if (Number.isFinite(seconds) && seconds > 0) lastRetryAfter = { seconds, at: now };
}

/** A fetch that notes the Retry-After of every 429 it receives (the Supabase client uses it). */
export function fetchNotingRetryAfter(
  base: typeof fetch = (...args) => globalThis.fetch(...args),
): typeof fetch {
  return async (input, init) => {
    const response = await base(input, init);
    if (response.status === 429) noteRetryAfter(response.headers.get('Retry-After'));
    return response;
  };
}

export function forgetRetryAfter(): void {
  lastRetryAfter = null;
}

const SESSION_CODES = new Set([
  'PGRST301', // JWT invalid or expired (PostgREST)
  'PGRST302',
  'PGRST303',
  'session_not_found',
  'session_expired',
  'refresh_token_not_found',
  'refresh_token_already_used',
  'bad_jwt',
  'no_authorization',
]);
const RATE_LIMIT_CODES = new Set([
  'over_request_rate_limit',
  'over_email_send_rate_limit',
  'over_sms_send_rate_limit',
]);
// What browsers (Chromium, Firefox, Safari) and Node's fetch say when a request cannot reach the server at all.
const NETWORK_TEXT =
  /failed to fetch|networkerror when attempting|load failed|fetch failed|network request failed/i;
// What a message written for people never contains: error class names, stack frames, URLs, host:port, SQL and
// PostgREST vocabulary; nor is it an HTTP reason phrase alone (a proxy's bare 'Service Unavailable' body).
const TECHNICAL_TEXT = [
  /^(bad request|unauthorized|forbidden|not found|method not allowed|request time-?out|conflict|payload too large|internal server error|not implemented|bad gateway|service unavailable|gateway time-?out)\.?$/i,
  /\b[A-Z][A-Za-z]*(Error|Exception)\b/,
  /\bat \S+ \(|:\d+:\d+|https?:\/\/|\blocalhost\b|\b\d{1,3}(\.\d{1,3}){3}\b|\b[a-z][\w.-]*:\d{2,5}\b|[{}<>;]|=>/i,
  /\b(relation|column|constraint|violates|syntax error|permission denied|duplicate key|null value|sqlstate|jwt|pgrst|postgres|undefined|null|nan)\b/i,
];

interface ErrorFields {
  name: string;
  message: string;
  code: string;
  status: number | undefined;
  hint: string;
  retryAfterSeconds: number | undefined;
}

/** The wait a 429 of the site's own SQL functions gives in its details: {"retry_after_seconds": n}. */
function waitInDetails(details: unknown): number | undefined {
  if (typeof details !== 'string' || !details.startsWith('{')) return undefined;
  try {
    const seconds = (JSON.parse(details) as { retry_after_seconds?: unknown }).retry_after_seconds;
    return typeof seconds === 'number' && seconds > 0 ? Math.ceil(seconds) : undefined;
  } catch {
    return undefined;
  }
}

function fieldsOf(error: unknown): ErrorFields {
  // What Supabase said is on the ApiError; the class of the supabase-js error (or exception) is its cause's.
  if (error instanceof ApiError) {
    const cause = fieldsOf(error.cause);
    return {
      ...cause,
      message: error.message,
      code: error.code,
      status: error.status,
      hint: error.hint ?? '',
      retryAfterSeconds: waitInDetails(error.details) ?? cause.retryAfterSeconds,
    };
  }
  const record = typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : {};
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const number = (value: unknown) =>
    typeof value === 'number' && Number.isFinite(value) ? value : undefined;
  return {
    name: text(record.name),
    message: typeof error === 'string' ? error : text(record.message),
    code: text(record.code) || (typeof record.code === 'number' ? String(record.code) : ''),
    status: number(record.status),
    hint: text(record.hint),
    retryAfterSeconds: number(record.retryAfterSeconds) ?? waitInDetails(record.details),
  };
}

function retryAfterOf(fields: ErrorFields): number | undefined {
  if (fields.retryAfterSeconds) return fields.retryAfterSeconds;
  const said = /after (\d+) seconds?/i.exec(fields.message);
  if (said) return Number(said[1]);
  if (lastRetryAfter && Date.now() - lastRetryAfter.at < RETRY_AFTER_FRESH_MS) return lastRetryAfter.seconds;
  return undefined;
}

/** "30 seconds", "1 minute", "2 minutes", "3 hours" (an order budget's day: never "1380 minutes") */
export function formatWait(seconds: number): string {
  if (seconds < 90) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hours`;
}

export function rateLimitMessage(seconds: number | undefined): string {
  return seconds
    ? `Too many attempts in a short time. Please wait ${formatWait(seconds)} and try again.`
    : 'Too many attempts in a short time. Please wait a minute and try again.';
}

/** A message a person can read as it is: short, one or two sentences, nothing technical in it. */
export function isHumanMessage(message: string): boolean {
  const trimmed = message.trim();
  return (
    trimmed.length > 0 &&
    trimmed.length <= 200 &&
    !trimmed.includes('\n') &&
    !TECHNICAL_TEXT.some((pattern) => pattern.test(trimmed))
  );
}

/** What went wrong, in words for people. Pure: logging is `reportError`'s job. */
export function describeError(error: unknown): ErrorDescription {
  const fields = fieldsOf(error);
  const { name, message, code, status, hint } = fields;

  if (status === 429 || RATE_LIMIT_CODES.has(code) || code === '429') {
    const retryAfterSeconds = retryAfterOf(fields);
    return { kind: 'rate-limit', message: rateLimitMessage(retryAfterSeconds), retryAfterSeconds };
  }
  if (
    name === 'AbortError' ||
    name === 'TimeoutError' ||
    /^(AbortError|TimeoutError):/.test(message) ||
    /aborted/i.test(hint) ||
    status === 408 ||
    status === 504
  ) {
    return { kind: 'timeout', message: ERROR_MESSAGES.timeout };
  }
  if (
    (name === 'AuthRetryableFetchError' && !(status && status >= 500)) ||
    /^(TypeError|FetchError):/.test(message) ||
    NETWORK_TEXT.test(message) ||
    (typeof navigator !== 'undefined' && navigator.onLine === false && status === undefined)
  ) {
    return { kind: 'network', message: ERROR_MESSAGES.network };
  }
  const refusal = authErrorMessage(code);
  if (refusal) return { kind: 'message', message: refusal };
  if (
    SESSION_CODES.has(code) ||
    name === 'AuthSessionMissingError' ||
    status === 401 ||
    /\bjwt expired\b|session (has )?expired|auth session missing/i.test(message)
  ) {
    return { kind: 'session', message: ERROR_MESSAGES.session };
  }
  if (status !== undefined && status >= 500) return { kind: 'server', message: ERROR_MESSAGES.server };
  // An answer supabase-js could not read (the spec's 'Unexpected auth exception').
  if (name === 'AuthUnknownError') return { kind: 'server', message: ERROR_MESSAGES.unexpected };
  // The auth server's answers to the visitor's own input (4xx) are written for people, and the spec shows them.
  if ((name === 'AuthApiError' || name === 'AuthWeakPasswordError') && isHumanMessage(message)) {
    return { kind: 'message', message };
  }
  // The site's own SQL functions raise sentences for people (P0001 'Your cart is empty', 42501 'Sign in to check
  // out'); Postgres's own messages under those codes ('permission denied for table ...') are not.
  if ((code === 'P0001' || code === '42501') && isHumanMessage(message)) return { kind: 'message', message };
  // Any other database or PostgREST error (a SQLSTATE or PGRST code) never reaches the screen as it is.
  if (/^(PGRST|[0-9A-Z]{5}$)/.test(code) || name === 'PostgrestError') {
    return { kind: 'server', message: ERROR_MESSAGES.server };
  }
  if ((name === '' || name === 'Error') && isHumanMessage(message)) return { kind: 'message', message };
  return { kind: 'server', message: ERROR_MESSAGES.server };
}

/**
 * The words for `error`, with the error itself logged for developers under `context`: as an error, or as a warning
 * where the caller does without what failed (useLoad's `optional`).
 */
export function reportError(
  context: string,
  error: unknown,
  { level = 'error' }: { level?: 'error' | 'warn' } = {},
): ErrorDescription {
  const description = describeError(error);
  console[level](`[${context}]`, error);
  return description;
}
