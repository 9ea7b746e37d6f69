// Error shapes clients expect: PostgREST's {code, message, details, hint} for /rest, GoTrue's 2024-01-01
// {code, message} for /auth (with x-sb-error-code). How PostgreSQL's errors become PostgREST's answers is
// src/rest/pg-errors.ts.
import type { FastifyReply } from 'fastify';

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

/**
 * `text` as a quoted string a header can carry (PostgREST writes Haskell's `show` of it): quotes and backslashes
 * escaped, anything beyond printable ASCII as `\uXXXX` (a claim of the token may hold any character).
 */
const quotedHeaderText = (text: string) =>
  `"${text.replace(/["\\]/g, '\\$&').replace(/[^\x20-\x7e]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`)}"`;

/** A reason phrase Node can write in a status line (visible ASCII and spaces), or none. */
const REASON = /^[\x20-\x7e\t]{1,200}$/;

export function sendRestError(reply: FastifyReply, error: RestError): FastifyReply {
  if (error.status === 401 && !error.response.headers)
    reply.header(
      'WWW-Authenticate',
      `Bearer error="invalid_token", error_description=${quotedHeaderText(error.message)}`,
    );
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
