// Error shapes clients expect: PostgREST's {code, message, details, hint} for /rest, GoTrue's 2024-01-01
// {code, message} for /auth (with x-sb-error-code), and how PostgreSQL error codes map to HTTP statuses.
import type { FastifyReply, FastifyRequest } from 'fastify';

/** What an error adds to its answer beyond the body: headers, and the status line's reason phrase. */
interface ErrorResponse {
  headers?: Record<string, string>;
  statusText?: string;
}

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
    readonly response: ErrorResponse = {},
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

/** A reason phrase Node can write in a status line (visible ASCII and spaces), or none. */
const REASON = /^[\x20-\x7e\t]{1,200}$/;

export function sendRestError(reply: FastifyReply, error: RestError): FastifyReply {
  if (error.status === 401 && !error.response.headers)
    reply.header('WWW-Authenticate', `Bearer error="invalid_token", error_description="${error.message}"`);
  for (const [name, value] of Object.entries(error.response.headers ?? {})) reply.header(name, value);
  if (error.response.statusText && REASON.test(error.response.statusText))
    reply.raw.statusMessage = error.response.statusText;
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

/** A status Node can send: what a raise may choose (PostgREST's own range is wider, its server's is not). */
const sendable = (status: number) => Number.isInteger(status) && status >= 100 && status <= 599;

/**
 * PostgREST's mapping of SQLSTATE to HTTP status (src/PostgREST/Error.hs, mapSQLtoHTTP): `PT<nnn>` answers
 * nnn (500 when nnn is no status), classes and codes as its table lists them, anything else 400.
 */
function statusOf(code: string, role: string, message: string): number {
  if (code.startsWith('PT')) {
    const status = /^PT\d{3}$/.test(code) ? Number(code.slice(2)) : NaN;
    return sendable(status) ? status : 500;
  }
  switch (code) {
    case '42501': // insufficient privilege: "who are you" for anon, "not allowed" for a known user
      return role === 'anon' ? 401 : 403;
    case '23505': // unique violation
    case '23503': // foreign key violation
      return 409;
    case '25006': // read-only transaction (a write through GET, or in a STABLE function)
      return 405;
    case '42P01': // undefined table
      return 404;
    case '42883': // undefined function
      return message.startsWith('function xmlagg(') ? 406 : 404;
    case '42P17': // infinite recursion (in a policy)
      return 500;
    case '21000': // cardinality violation: pg-safeupdate's refusal is the client's, anything else the server's
      return message.endsWith('requires a WHERE clause') ? 400 : 500;
    case '22023': // invalid parameter value: a role of the token that does not exist is "who are you"
      return message.startsWith('role') && message.endsWith('does not exist') ? 401 : 400;
    case '53400': // configuration limit exceeded
      return 500;
    case '57P01': // terminating connection due to administrator command (a server restart)
    case '57P02': // crash shutdown, and
    case '57P03': // cannot connect now (starting up): met when connecting, where PostgREST answers 503 too
      return 503;
    case 'P0001': // raise exception's default code
      return 400;
  }
  const classes: [string, number][] = [
    ['08', 503], // connection exception
    ['09', 500], // triggered action exception
    ['0L', 403], // invalid grantor
    ['0P', 403], // invalid role specification
    ['25', 500], // invalid transaction state
    ['28', 403], // invalid authorization specification
    ['2D', 500], // invalid transaction termination
    ['38', 500], // external routine exception
    ['39', 500], // external routine invocation exception
    ['3B', 500], // savepoint exception
    ['40', 500], // transaction rollback (serialization failure, deadlock)
    ['53', 503], // insufficient resources
    ['54', 500], // program limit exceeded
    ['55', 500], // object not in prerequisite state
    ['57', 500], // operator intervention: 57014, a statement cancelled by statement_timeout, among them
    ['58', 500], // system error
    ['F0', 500], // configuration file error
    ['HV', 500], // foreign data wrapper error
    ['P0', 500], // PL/pgSQL error
    ['XX', 500], // internal error
  ];
  return classes.find(([prefix]) => code.startsWith(prefix))?.[1] ?? 400;
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
  if (code === 'PGRST') return raisedResponse(error.message, error.detail);
  const status = statusOf(code, role, error.message);
  // A token is needed, not a better one: PostgREST's bare challenge (a bad token gets invalid_token).
  const response = status === 401 ? { headers: { 'WWW-Authenticate': 'Bearer' } } : {};
  return new RestError(status, code, error.message, error.detail ?? null, error.hint ?? null, response);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const optionalText = (value: unknown) => value === undefined || value === null || typeof value === 'string';

function parseJson(text: string | undefined): unknown {
  try {
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * `raise sqlstate 'PGRST' using message = '{"code":..,"message":..}', detail = '{"status":nnn,"headers":{..}}'`:
 * the whole answer, as PostgREST 12+ reads it (Error.hs, parseRaisePGRST). The message is the body (`code` and
 * `message` required, `details` and `hint` optional), the detail the status (`status_text` optional) and headers;
 * anything else is PGRST121.
 */
function raisedResponse(message: string, detail: string | undefined): RestError {
  const refused = (details: string, hint: string) =>
    new RestError(
      500,
      'PGRST121',
      `Could not parse JSON in the "RAISE SQLSTATE 'PGRST'" error`,
      details,
      hint,
    );
  const body = parseJson(message);
  if (
    !isObject(body) ||
    typeof body.code !== 'string' ||
    typeof body.message !== 'string' ||
    !optionalText(body.details) ||
    !optionalText(body.hint)
  )
    return refused(
      `Invalid JSON value for MESSAGE: '${message}'`,
      "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.",
    );
  const detailHint =
    "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.";
  if (detail === undefined) return refused('DETAIL is missing in the RAISE statement', detailHint);
  const response = parseJson(detail);
  if (
    !isObject(response) ||
    typeof response.status !== 'number' ||
    !sendable(response.status) ||
    !isObject(response.headers) ||
    !Object.values(response.headers).every((v) => typeof v === 'string') ||
    !optionalText(response.status_text)
  )
    return refused(`Invalid JSON value for DETAIL: '${detail}'`, detailHint);
  return new RestError(
    response.status,
    body.code,
    body.message,
    (body.details as string | null | undefined) ?? null,
    (body.hint as string | null | undefined) ?? null,
    {
      headers: response.headers as Record<string, string>,
      statusText: (response.status_text as string | null | undefined) ?? undefined,
    },
  );
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
