// Error shapes clients expect: PostgREST's {code, message, details, hint} for /rest, GoTrue's 2024-01-01
// {code, message} for /auth (with x-sb-error-code), and how PostgreSQL error codes map to HTTP statuses.
import type { FastifyReply } from 'fastify';

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
  }
  if (code.startsWith('08') || code.startsWith('53')) return 503; // connection trouble, out of resources
  return 400;
}

export function fromPgError(error: unknown, role: string): RestError {
  if (!isPgError(error))
    return new RestError(500, 'PGRST000', error instanceof Error ? error.message : String(error));
  const code = error.code!;
  return new RestError(statusOf(code, role), code, error.message, error.detail ?? null, error.hint ?? null);
}
