// GoTrue's HTTP API as @supabase/supabase-js v2 calls it: sign-up, password and refresh-token grants, the
// current user, sign-out, settings, health and the (empty, HS256) key set.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimits } from '../config';
import { RATE_LIMIT_WINDOWS } from '../config';
import type { Database } from '../db/database';
import { AuthError, refuseLargeBody, sendAuthError, unexpectedAuthError } from '../errors';
import { bearerToken, verifyJwt } from '../keys';
import {
  hashPassword,
  passwordTooLong,
  verifyPassword,
  weakPasswordReasons,
  type PasswordPolicy,
} from './passwords';
import { rateLimitBucket } from './rate-limit';
import {
  findUserByEmail,
  findUserById,
  obfuscatedUserJson,
  refreshSession,
  startSession,
  userJson,
  type AuthSettings,
} from './sessions';

export interface AuthOptions extends AuthSettings {
  db: Database;
  autoConfirm: boolean;
  /** config.toml's [auth] enable_signup: new users may sign up. */
  enableSignup: boolean;
  /** [auth.email] enabled: the e-mail provider (sign-up and sign-in with an address and a password). */
  emailEnabled: boolean;
  password: PasswordPolicy;
  /** [auth] enable_refresh_token_rotation: a reused old refresh token ends its whole session. */
  refreshTokenRotation: boolean;
  refreshReuseInterval: number;
  rateLimit: RateLimits;
}

// No whitespace or control characters (a NUL would reach PostgreSQL, which refuses it in text).
// eslint-disable-next-line no-control-regex
const EMAIL_FORMAT = /^[^@\s\x00-\x1f\x7f]+@[^@\s\x00-\x1f\x7f]+\.[^@\s\x00-\x1f\x7f]+$/;

/**
 * Text PostgreSQL's jsonb can hold: no NUL, and no unpaired surrogate (JSON.stringify writes one as `\ud800`,
 * which jsonb refuses; the address goes into the identity's JSON).
 */
const storable = (text: string) => !text.includes('\0') && text.isWellFormed();

const validEmail = (email: string) => EMAIL_FORMAT.test(email) && storable(email) && email.length <= 255;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What user_metadata may weigh: it travels in every access token, so in a header of every request. */
export const MAX_USER_METADATA_BYTES = 4096;

/** Whether every key and string of a JSON value is text jsonb can store. */
function storableJson(value: unknown): boolean {
  if (typeof value === 'string') return storable(value);
  if (Array.isArray(value)) return value.every(storableJson);
  if (value !== null && typeof value === 'object')
    return Object.entries(value).every(([key, v]) => storable(key) && storableJson(v));
  return true;
}

/** Sign-up's `data` (user_metadata) as GoTrue takes it: an object or nothing, of bounded size. */
function userMetadata(body: unknown): string {
  const data = (body as { data?: unknown } | undefined)?.data;
  if (data === undefined || data === null) return '{}';
  if (typeof data !== 'object' || Array.isArray(data)) {
    throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON: data must be an object');
  }
  if (!storableJson(data)) {
    throw new AuthError(
      400,
      'validation_failed',
      'User metadata cannot contain the NUL character or an unpaired surrogate',
    );
  }
  const json = JSON.stringify(data);
  const bytes = Buffer.byteLength(json, 'utf8');
  if (bytes > MAX_USER_METADATA_BYTES) {
    throw new AuthError(
      400,
      'validation_failed',
      `User metadata must be at most ${MAX_USER_METADATA_BYTES} bytes of JSON, got ${bytes}`,
    );
  }
  return json;
}

interface Credentials {
  email?: unknown;
  password?: unknown;
  refresh_token?: unknown;
}

function credentials(body: unknown): { email: string; password: string } {
  const { email, password } = (body ?? {}) as Credentials;
  if (typeof email !== 'string' || typeof password !== 'string' || email === '' || password === '') {
    throw new AuthError(400, 'validation_failed', 'An email address and a password are required');
  }
  return { email: email.trim().toLowerCase(), password };
}

export async function authRoutes(app: FastifyInstance, options: AuthOptions): Promise<void> {
  const { db } = options;
  // Per IP and config.toml's [auth.rate_limit]: sign-in and sign-up share one bucket, refresh has its own.
  const signInSignUpLimit = rateLimitBucket(
    app,
    options.rateLimit.signInSignUps,
    RATE_LIMIT_WINDOWS.signInSignUps,
  );
  const tokenRefreshLimit = rateLimitBucket(
    app,
    options.rateLimit.tokenRefresh,
    RATE_LIMIT_WINDOWS.tokenRefresh,
  );

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AuthError) return sendAuthError(reply, error);
    const code = (error as { code?: string }).code;
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return refuseLargeBody(request, reply, () =>
        sendAuthError(
          reply,
          new AuthError(413, 'request_entity_too_large', 'Request body too large (max 1048576 bytes)'),
        ),
      );
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 429)
      return sendAuthError(
        reply,
        new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached'),
      );
    if ((error as { code?: string }).code === 'FST_ERR_CTP_INVALID_JSON') {
      return sendAuthError(
        reply,
        new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${(error as Error).message}`),
      );
    }
    if (status && status < 500) {
      return sendAuthError(reply, new AuthError(status, 'validation_failed', (error as Error).message));
    }
    const unexpected = unexpectedAuthError(error);
    if (unexpected.status === 503) app.log.warn(`database unavailable: ${(error as Error).message}`);
    else app.log.error(error);
    return sendAuthError(reply, unexpected);
  });

  app.setNotFoundHandler((_request, reply) =>
    sendAuthError(reply, new AuthError(404, 'not_found', 'Not Found')),
  );

  // Every auth response names the API version it speaks, so supabase-js reads `error.code`.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('X-Supabase-Api-Version', '2024-01-01');
  });

  app.get('/health', async () => ({ version: 'local', name: 'GoTrue', description: 'local-supabase auth' }));

  app.get('/settings', async () => ({
    external: { email: options.emailEnabled, phone: false, anonymous_users: false },
    disable_signup: !options.enableSignup,
    mailer_autoconfirm: options.autoConfirm,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  }));

  app.get('/.well-known/jwks.json', async () => ({ keys: [] }));

  app.post('/signup', async (request, reply) => {
    // GoTrue's order: signups disabled, the rate limit, the password, then the provider.
    if (!options.enableSignup)
      throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
    await signInSignUpLimit(request, reply);
    const { email, password } = credentials(request.body);
    const tooLong = passwordTooLong(password);
    if (tooLong) throw new AuthError(400, 'validation_failed', tooLong);
    if (!options.emailEnabled)
      throw new AuthError(400, 'email_provider_disabled', 'Email signups are disabled');
    if (!validEmail(email)) {
      throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format');
    }
    const metadata = userMetadata(request.body);
    const weak = weakPasswordReasons(password, options.password);
    if (weak) {
      throw new AuthError(422, 'weak_password', weak.message, { weak_password: { reasons: weak.reasons } });
    }
    const hash = await hashPassword(password, options.password);
    const result = await db.transaction(async (tx) => {
      const existing = await findUserByEmail(tx, email);
      if (existing && options.autoConfirm) {
        throw new AuthError(422, 'user_already_exists', 'User already registered');
      }
      // With confirmations on GoTrue does not reveal whether an address is registered: a confirmed one gets
      // an obfuscated user without identities, an unconfirmed one its user again (GoTrue re-sends the mail).
      if (existing) return existing.email_confirmed_at ? obfuscatedUserJson(existing) : userJson(existing);
      const id = randomUUID();
      await tx.query(
        `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
           confirmation_sent_at, raw_app_meta_data, raw_user_meta_data)
         values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3,
           case when $4::boolean then now() end, case when $4::boolean then null else now() end,
           '{"provider":"email","providers":["email"]}', $5)`,
        [id, email, hash, options.autoConfirm, metadata],
      );
      await tx.query(
        `insert into auth.identities (user_id, provider_id, identity_data, provider) values ($1, $2, $3, 'email')`,
        [id, id, JSON.stringify({ sub: id, email, email_verified: options.autoConfirm })],
      );
      const user = (await findUserById(tx, id))!;
      // With confirmations on, GoTrue answers with the bare user and no session.
      return options.autoConfirm ? startSession(tx, options, user) : userJson(user);
    });
    return reply.send(result);
  });

  app.post(
    '/token',
    async (request: FastifyRequest<{ Querystring: { grant_type?: string } }>, reply: FastifyReply) => {
      const grantType =
        request.query.grant_type ?? (request.body as { grant_type?: string } | undefined)?.grant_type;
      if (grantType === 'password') {
        await signInSignUpLimit(request, reply);
        const { email, password } = credentials(request.body);
        if (!options.emailEnabled)
          throw new AuthError(422, 'email_provider_disabled', 'Email logins are disabled');
        // An address no sign-up would accept has no account (and a NUL must not reach PostgreSQL).
        const user = validEmail(email) ? await findUserByEmail(db, email) : undefined;
        // The same answer for an unknown e-mail and a wrong password, so accounts cannot be discovered.
        if (!(await verifyPassword(password, user?.encrypted_password, options.password)) || !user) {
          throw new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
        }
        if (!user.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
        return reply.send(await db.transaction((tx) => startSession(tx, options, user)));
      }
      if (grantType === 'refresh_token') {
        await tokenRefreshLimit(request, reply);
        const token = (request.body as Credentials | undefined)?.refresh_token;
        if (typeof token !== 'string' || token === '') {
          throw new AuthError(400, 'validation_failed', 'A refresh_token is required');
        }
        // Issued tokens are base64url: anything else (a NUL above all) is no token of ours.
        const outcome = /^[A-Za-z0-9_-]{1,255}$/.test(token)
          ? await db.transaction((tx) =>
              refreshSession(tx, options, token, options.refreshReuseInterval, options.refreshTokenRotation),
            )
          : ({ ok: false, code: 'refresh_token_not_found' } as const);
        if (outcome.ok) return reply.send(outcome.session);
        throw new AuthError(
          400,
          outcome.code,
          outcome.code === 'refresh_token_already_used'
            ? 'Invalid Refresh Token: Already Used'
            : 'Invalid Refresh Token: Refresh Token Not Found',
        );
      }
      throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type');
    },
  );

  /** The signed-in user of a request, from its access token. */
  async function currentUser(request: FastifyRequest) {
    // Only the Authorization header counts here: the apikey alone names the project, not a user.
    const token = bearerToken({ authorization: request.headers.authorization });
    if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a Bearer token');
    const verified = verifyJwt(options.secret, token);
    if (!verified.ok) {
      throw verified.reason === 'expired'
        ? new AuthError(
            403,
            'bad_jwt',
            'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired',
          )
        : new AuthError(
            403,
            'bad_jwt',
            'invalid JWT: unable to parse or verify signature, signature is invalid',
          );
    }
    const { sub, session_id: sessionId } = verified.claims;
    if (!sub || !sessionId) throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim');
    // A token signed with the project's secret but not by this service: its ids must still be ids.
    if (!UUID.test(sub)) throw new AuthError(403, 'bad_jwt', 'invalid claim: sub claim must be a UUID');
    if (!UUID.test(sessionId))
      throw new AuthError(403, 'bad_jwt', 'invalid claim: session_id claim must be a UUID');
    const user = await findUserById(db, sub);
    if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    const session = (await db.query('select id from auth.sessions where id = $1', [sessionId])).rows[0];
    if (!session)
      throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    return { user, sessionId };
  }

  app.get('/user', async (request, reply) => reply.send(userJson((await currentUser(request)).user)));

  app.post(
    '/logout',
    async (request: FastifyRequest<{ Querystring: { scope?: string } }>, reply: FastifyReply) => {
      const { user, sessionId } = await currentUser(request);
      const scope = request.query.scope ?? 'global';
      if (scope === 'local') await db.query('delete from auth.sessions where id = $1', [sessionId]);
      else if (scope === 'others')
        await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [user.id, sessionId]);
      else await db.query('delete from auth.sessions where user_id = $1', [user.id]);
      return reply.status(204).send();
    },
  );
}
