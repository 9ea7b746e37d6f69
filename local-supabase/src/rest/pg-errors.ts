// A PostgreSQL error as PostgREST answers it (src/PostgREST/Error.hs): its status by SQLSTATE, PT<nnn> as HTTP
// nnn, `raise sqlstate 'PGRST'` as the whole answer it describes, and the database unreachable as 503.
import { connectionProblem, isPgError } from '../db/unreachable';
import { RestError } from '../errors';

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
