// PostgREST's answers around the handlers: any error in its shape (the body's troubles, the database
// unreachable, the unexpected), an unknown path, the one exposed schema, and a function's response.status and
// response.headers laid over a successful answer.
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { refuseLargeBody } from '../body-limit';
import { connectionProblem } from '../db/unreachable';
import { RestError, sendRestError } from '../errors';
import { fromPgError } from './pg-errors';

export function sendRestFailure(
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
  log: FastifyBaseLogger,
): FastifyReply | Promise<FastifyReply> {
  // What the request's functions had set applies to a successful answer only.
  request.gucResponse = undefined;
  if (error instanceof RestError) return sendRestError(reply, error);
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return refuseLargeBody(request, reply, () =>
      sendRestError(reply, new RestError(413, 'PGRST413', 'Request body is larger than the 1 MB limit')),
    );
  if (code?.startsWith('FST_ERR_CTP') || statusCode === 400)
    return sendRestError(
      reply,
      new RestError(400, 'PGRST102', 'Empty or invalid json', (error as Error).message),
    );
  if (connectionProblem(error)) return sendRestError(reply, fromPgError(error, 'anon'));
  log.error(error);
  return sendRestError(reply, new RestError(500, 'PGRSTX00', 'Unexpected server error'));
}

/** PostgREST answers an unknown path with its own shape, not the web framework's. */
export const restNotFound = (request: FastifyRequest, reply: FastifyReply) =>
  sendRestError(reply, new RestError(404, 'PGRST125', `Invalid path specified in request URL`, request.url));

/** Only `public` is exposed, as in config.toml's api.schemas; supabase-js names it in these headers. */
export async function checkProfile(request: FastifyRequest): Promise<void> {
  const header = request.method === 'GET' || request.method === 'HEAD' ? 'accept-profile' : 'content-profile';
  const profile = request.headers[header];
  if (profile !== undefined && profile !== 'public')
    throw new RestError(406, 'PGRST106', 'The schema must be one of the following: public');
}

/** response.status and response.headers shape a successful answer; the functions' headers win over ours. */
export async function applyGucResponse(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const guc = request.gucResponse;
  if (!guc) return;
  for (const [name, value] of guc.headers) reply.header(name, value);
  if (guc.status !== undefined) reply.status(guc.status);
}
