// When the database cannot be reached or a connection broke: what `pg` and Node report then (their messages name
// the host and port, so they are never sent to a client), and what an error from PostgreSQL looks like.

export interface PgError {
  code?: string;
  message: string;
  detail?: string;
  hint?: string;
}

/** An error PostgreSQL sent: a five-character SQLSTATE. */
export const isPgError = (error: unknown): error is PgError =>
  typeof error === 'object' &&
  error !== null &&
  typeof (error as PgError).code === 'string' &&
  /^[0-9A-Z]{5}$/.test((error as PgError).code!);

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
