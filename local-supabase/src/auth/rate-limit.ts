// GoTrue's per-IP rate limits, with config.toml's [auth.rate_limit] numbers and the windows the Supabase CLI
// documents for them. One bucket per key: sign-in and sign-up share `sign_in_sign_ups`, refreshes count against
// `token_refresh` alone, so guessing passwords behind one address never blocks the refreshes of everyone there.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AuthError } from '../errors';

export type RateLimitCheck = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * A bucket of `max` requests per `windowMs` for each client address (an IPv6 address counts by its /64, as
 * @fastify/rate-limit does). An exceeded bucket answers GoTrue's 429 `over_request_rate_limit` with Retry-After.
 */
export function rateLimitBucket(app: FastifyInstance, max: number, windowMs: number): RateLimitCheck {
  const limit = app.createRateLimit({ max, timeWindow: windowMs });
  return async (request, reply) => {
    const result = await limit(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('Retry-After', String(result.ttlInSeconds));
    throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
  };
}
