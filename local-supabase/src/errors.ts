// Error shapes clients expect: PostgREST's {code, message, details, hint} for /rest, GoTrue's 2024-01-01
// {code, message} for /auth (with x-sb-error-code), and how PostgreSQL error codes map to HTTP statuses.
import type { FastifyReply, FastifyRequest } from 'fastify';

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
  ) {
    super(message);
  }
}

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export function sendRestError(reply: FastifyReply, error: RestError): FastifyReply {
  if (error.status === 401)
    reply.header('WWW-Authenticate', `Bearer error="invalid_token", error_description="${error.message}"`);
  return reply
    .status(error.status)
    .send({ code: error.code, details: error.details, hint: error.hint, message: error.message });
}

export function sendAuthError(reply: FastifyReply, error: AuthError): FastifyReply {
  return reply
    .status(error.status)
    .header('x-sb-error-code', error.code)
    .send({ code: error.code, message: error.message, ...error.extra });
}

interface PgError {
  code?: string;
  message: string;
  detail?: string;
  hint?: string;
}

const isPgError = (error: unknown): error is PgError =>
  typeof error === 'object' &&
  error !== null &&
  typeof (error as PgError).code === 'string' &&
  /^[0-9A-Z]{5}$/.test((error as PgError).code!);

/** PostgREST's mapping of SQLSTATE to HTTP status (src/PostgREST/Error.hs, pgErrorStatus). */
function statusOf(code: string, role: string): number {
  switch (code) {
    case '42501': // insufficient privilege: "who are you" for anon, "not allowed" for a known user
      return role === 'anon' ? 401 : 403;
    case '23505': // unique violation
    case '23503': // foreign key violation
      return 409;
    case '42P01': // undefined table
    case '42883': // undefined function
      return 404;
    case '25006': // read-only transaction (a write through GET)
      return 405;
    case '57014': // query canceled (statement timeout)
      return 500;
    case '57P01': // terminating connection due to administrator command (a server restart)
    case '57P02': // crash shutdown
    case '57P03': // cannot connect now: the server is starting up
      return 503;
  }
  if (code.startsWith('08') || code.startsWith('53')) return 503; // connection trouble, out of resources
  return 400;
}

// What `pg` and Node report when the server cannot be reached or the connection drops. Their messages name the
// host and port, so they are never sent to a client.
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'ECONNABORTED',
]);
// pg's own words: a connection that could not be made in time, and one that broke.
const CONNECT_TIMEOUT =
  /timeout exceeded when trying to connect|Connection terminated due to connection timeout/i;
const CONNECTION_LOST =
  /Connection terminated|not queryable|Client was closed|Cannot use a pool after calling end/i;

/** 'connect': the database cannot be reached; 'lost': a connection broke during the request; null: neither. */
export function connectionProblem(error: unknown): 'connect' | 'lost' | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, message, errors } = error as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof code === 'string' && UNREACHABLE.has(code)) return 'connect';
  if (Array.isArray(errors) && errors.some((e) => connectionProblem(e) === 'connect')) return 'connect';
  if (typeof message === 'string' && CONNECT_TIMEOUT.test(message)) return 'connect';
  if (typeof message === 'string' && CONNECTION_LOST.test(message)) return 'lost';
  return null;
}

/**
 * A database error as PostgREST reports it. The database being unreachable is PostgREST's 503 (PGRST000, or
 * PGRST001 when a connection broke mid-request), with no detail: the driver's message names the host and port.
 */
export function fromPgError(error: unknown, role: string): RestError {
  const problem = connectionProblem(error);
  if (problem === 'connect') return new RestError(503, 'PGRST000', 'Database connection error.');
  if (problem === 'lost')
    return new RestError(503, 'PGRST001', 'Database client error. Retrying the connection.');
  if (!isPgError(error))
    return new RestError(500, 'PGRSTX00', error instanceof Error ? error.message : String(error));
  const code = error.code!;
  return new RestError(statusOf(code, role), code, error.message, error.detail ?? null, error.hint ?? null);
}

/** An unexpected error on an auth route: 503 while the database is unreachable (auth-js retries it), else 500. */
export function unexpectedAuthError(error: unknown): AuthError {
  const unavailable =
    connectionProblem(error) !== null || (isPgError(error) && /^(08|53|57P0)/.test(error.code!));
  return unavailable
    ? new AuthError(503, 'unexpected_failure', 'Database unavailable, please try again')
    : new AuthError(500, 'unexpected_failure', 'Unexpected failure, please try again');
}

// A body over the limit is refused before it is read. Answering at once and closing, as fastify does, cuts off a
// client still sending: it gets EPIPE instead of the 413. So the rest of the body is read and dropped first (up
// to these bounds) and the answer keeps the connection open.
const DRAIN_MAX_BYTES = 64 * 1024 * 1024;
const DRAIN_MAX_MS = 10_000;

/** Reads and drops what is left of a refused request's body; true when it all arrived within the bounds. */
function drainRequest(request: FastifyRequest): Promise<boolean> {
  const raw = request.raw;
  if (raw.complete) return Promise.resolve(true);
  const declared = Number(raw.headers['content-length']);
  if (declared > DRAIN_MAX_BYTES) return Promise.resolve(false);
  return new Promise((resolve) => {
    let seen = 0;
    const finish = (complete: boolean) => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', onEnd);
      raw.off('error', onError);
      raw.off('close', onError);
      resolve(complete);
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > DRAIN_MAX_BYTES) finish(false);
    };
    const onEnd = () => finish(true);
    const onError = () => finish(false);
    const timer = setTimeout(() => finish(false), DRAIN_MAX_MS);
    raw.on('data', onData);
    raw.once('end', onEnd);
    raw.once('error', onError);
    raw.once('close', onError);
    raw.resume();
  });
}

/** Answers a body over the limit once the client has sent it (see drainRequest), or closes when it never ends. */
export async function refuseLargeBody(
  request: FastifyRequest,
  reply: FastifyReply,
  send: () => FastifyReply,
): Promise<FastifyReply> {
  const drained = await drainRequest(request);
  if (drained) reply.removeHeader('connection');
  else reply.header('connection', 'close');
  return send();
}
