// What every route's handler is given: the request, the reply, and the service (its database, settings, mail
// and rate limits). One signature for all of them; src/routes.ts lists them.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthOptions } from './auth/options';
import type { RateLimitCheck } from './auth/rate-limit';
import type { SupabaseConfig } from './config/settings';
import type { Database } from './db/database';
import type { FunctionsRuntime } from './functions/runtime';
import type { Mailer } from './mail/mailer';
import type { TxEnd } from './rest/preferences';
import type { SchemaCache } from './rest/schema-cache';

/** The per-IP rate limits of GoTrue that routes name (`[auth.rate_limit]`, and GoTrue's MFA limit). */
export type RateLimitName = 'signInSignUps' | 'tokenRefresh' | 'tokenVerifications' | 'mfaChallengeAndVerify';

export interface Service {
  db: Database;
  config: SupabaseConfig;
  /** GoTrue's settings: token signing, password policy, e-mail and MFA options. */
  auth: AuthOptions;
  /** PostgREST's: the schema cache, max_rows and db-tx-end. */
  rest: { cache: SchemaCache; maxRows: number; txEnd: TxEnd };
  /** The one way to send an e-mail (src/mail/mailer.ts). */
  mail: Mailer;
  /** The Edge Functions of supabase/functions, each run under Deno from its first request (or the check at start). */
  functions: FunctionsRuntime;
  /** Per-IP buckets, made by the app that serves the routes. */
  rateLimits: Record<RateLimitName, RateLimitCheck>;
}

export type Handler = (request: FastifyRequest, reply: FastifyReply, service: Service) => Promise<unknown>;
