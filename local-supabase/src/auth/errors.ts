// What goes wrong on an auth route that is not an AuthError: a 503 while the database is unreachable, else 500,
// both in GoTrue's shape and with no detail of the database.
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { refuseLargeBody } from '../body-limit';
import { connectionProblem, isPgError } from '../db/unreachable';
import { AuthError, sendAuthError } from '../errors';

/** An unexpected error on an auth route: 503 while the database is unreachable (auth-js retries it), else 500. */
function unexpectedAuthError(error: unknown): AuthError {
  const unavailable =
    connectionProblem(error) !== null || (isPgError(error) && /^(08|53|57P0)/.test(error.code!));
  return unavailable
    ? new AuthError(503, 'unexpected_failure', 'Database unavailable, please try again')
    : new AuthError(500, 'unexpected_failure', 'Unexpected failure, please try again');
}

/** Any error of an auth route as GoTrue answers it: its own errors, body and JSON troubles, rate limits, the rest. */
export function sendAuthFailure(
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
  log: FastifyBaseLogger,
): FastifyReply | Promise<FastifyReply> {
  if (error instanceof AuthError) return sendAuthError(reply, error);
  const { code, statusCode: status } = error as { code?: string; statusCode?: number };
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return refuseLargeBody(request, reply, () =>
      sendAuthError(
        reply,
        new AuthError(413, 'request_entity_too_large', 'Request body too large (max 1048576 bytes)'),
      ),
    );
  if (status === 429)
    return sendAuthError(reply, new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached'));
  if (code === 'FST_ERR_CTP_INVALID_JSON')
    return sendAuthError(
      reply,
      new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${(error as Error).message}`),
    );
  if (status && status < 500)
    return sendAuthError(reply, new AuthError(status, 'validation_failed', (error as Error).message));
  const unexpected = unexpectedAuthError(error);
  if (unexpected.status === 503) log.warn(`database unavailable: ${(error as Error).message}`);
  else log.error(error);
  return sendAuthError(reply, unexpected);
}
