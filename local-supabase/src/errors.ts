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

/** PostgREST's mapping of SQLSTATE to HTTP status (src/PostgREST/Error.hs). */
export function fromPgError(error: unknown, role: string): RestError {
  if (!isPgError(error))
    return new RestError(500, 'PGRST000', error instanceof Error ? error.message : String(error));
  const code = error.code!;
  const status =
    code === '42501'
      ? role === 'anon'
        ? 401
        : 403
      : code === '23505' || code === '23503'
        ? 409
        : code === '42P01' || code === '42883'
          ? 404
          : code === '57014'
            ? 500
            : code.startsWith('08') || code.startsWith('53')
              ? 503
              : 400;
  return new RestError(status, code, error.message, error.detail ?? null, error.hint ?? null);
}
