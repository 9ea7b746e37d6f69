// What may stop a request before its handler runs, as GoTrue's api.go chains them (requireAuthentication,
// requireAdminCredentials, limitHandler): each route of src/routes.ts lists its own, and the app runs them in
// order. A limit without a check is counted by the handler itself, where GoTrue counts it (it must not count a
// request the handler refuses first); it is listed so the table shows every limit that applies.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestUser, requireAdmin } from './auth/request-user';
import type { RateLimitName, Service } from './service';

export interface Limit {
  /** How the README's route table names it. */
  name: string;
  check?: (request: FastifyRequest, reply: FastifyReply, service: Service) => Promise<void>;
}

/** A user's access token, its user and its session still existing (GoTrue's requireAuthentication). */
export const signedIn: Limit = {
  name: 'signed in',
  check: async (request, _reply, service) => {
    request.user = await requestUser(service.db, service.auth, request);
  },
};

/** The service-role key (GoTrue's requireAdminCredentials): 403 `not_admin` otherwise. */
export const serviceRole: Limit = {
  name: 'service role',
  check: async (request, _reply, service) => requireAdmin(request, service.auth),
};

const RATE_NAMES: Record<RateLimitName, string> = {
  signInSignUps: 'sign_in_sign_ups',
  tokenRefresh: 'token_refresh',
  tokenVerifications: 'token_verifications',
  mfaChallengeAndVerify: 'MFA challenge and verify',
};

/** A per-IP rate limit: GoTrue's 429 `over_request_rate_limit` with Retry-After. `grant`: only for that grant. */
export function rate(bucket: RateLimitName, grant?: string): Limit {
  return {
    name: `${RATE_NAMES[bucket]} per IP${grant ? ` (grant_type=${grant})` : ''}`,
    check: async (request, reply, service) => {
      if (grant === undefined || grantType(request) === grant)
        await service.rateLimits[bucket](request, reply);
    },
  };
}

/** `/token`'s grant: from the query string, or the body as a form would send it. */
export const grantType = (request: FastifyRequest): unknown =>
  (request.query as { grant_type?: unknown }).grant_type ??
  (request.body as { grant_type?: unknown } | undefined)?.grant_type;

/** `[auth.rate_limit] email_sent` for the whole project, counted by the handler (src/mail/mailer.ts). */
export const emailSent: Limit = { name: 'email_sent' };

/** `[auth.email] max_frequency` between two e-mails of one kind to one user, checked by the handler. */
export const emailFrequency: Limit = { name: 'max_frequency' };
