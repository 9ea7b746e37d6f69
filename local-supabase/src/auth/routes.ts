// GoTrue's HTTP API as @supabase/supabase-js v2 calls it: sign-up, password and refresh-token grants, the
// current user, sign-out, settings, health and the (empty, HS256) key set.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimits } from '../config';
import { RATE_LIMIT_WINDOWS } from '../config';
import type { Database } from '../db/database';
import { AuthError, refuseLargeBody, sendAuthError, unexpectedAuthError } from '../errors';
import {
  hashPassword,
  passwordTooLong,
  verifyPassword,
  weakPasswordReasons,
  type PasswordPolicy,
} from './passwords';
import { emailRoutes, Mailer, requestRedirect } from './email-routes';
import { checkFrequency, EmailBudget } from './mailer';
import { mfaRoutes, type MfaSettings } from './mfa';
import type { RedirectPolicy } from './redirect';
import { rateLimitBucket } from './rate-limit';
import { checkedMetadataJson, MAX_USER_METADATA_BYTES, metadataObject, validEmail } from './validation';
import { userUpdateRoutes } from './user-update';
import { reauthenticationRoutes } from './reauthentication';
import { requestUser } from './request-user';
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
  /** Where e-mail links may lead ([auth] site_url, additional_redirect_urls). */
  redirect: RedirectPolicy;
  /** [auth.email] otp_length, otp_expiry (seconds), max_frequency (seconds), double_confirm_changes. */
  otpLength: number;
  otpExpiry: number;
  maxFrequency: number;
  doubleConfirmChanges: boolean;
  /** [auth.email] secure_password_change: an old session needs the e-mailed code to change the password. */
  securePasswordChange: boolean;
  mfa: MfaSettings;
}

export { MAX_USER_METADATA_BYTES };

/** Sign-up's `data` (user_metadata). */
function userMetadata(body: unknown): string {
  const data = metadataObject((body as { data?: unknown } | undefined)?.data);
  return data ? checkedMetadataJson(data) : '{}';
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

  const tokenVerificationsLimit = rateLimitBucket(
    app,
    options.rateLimit.tokenVerifications,
    RATE_LIMIT_WINDOWS.tokenVerifications,
  );
  const mailer = new Mailer(
    { ...options },
    new EmailBudget(options.rateLimit.emailSent, RATE_LIMIT_WINDOWS.emailSent),
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
    // With confirmations on, every sign-up may send an e-mail: it counts against email_sent whether or not the
    // address is registered, so the answer stays the same for both.
    if (!options.autoConfirm) mailer.budget.take();
    const redirectTo = requestRedirect(options.redirect, request);
    const result = await db.transaction(async (tx) => {
      const existing = await findUserByEmail(tx, email);
      if (existing && options.autoConfirm) {
        throw new AuthError(422, 'user_already_exists', 'User already registered');
      }
      // With confirmations on GoTrue does not reveal whether an address is registered: a confirmed one gets
      // an obfuscated user without identities, an unconfirmed one its user again with a new confirmation e-mail.
      if (existing?.email_confirmed_at) return obfuscatedUserJson(existing);
      if (existing) {
        checkFrequency(existing.confirmation_sent_at, options.maxFrequency);
        await mailer.sendConfirmation(tx, existing, redirectTo);
        return userJson((await findUserById(tx, existing.id))!);
      }
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
      if (options.autoConfirm) return startSession(tx, options, user);
      // With confirmations on, GoTrue sends the confirmation e-mail and answers with the bare user, no session.
      await mailer.sendConfirmation(tx, user, redirectTo);
      return userJson((await findUserById(tx, id))!);
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

  const currentUser = (request: FastifyRequest) => requestUser(db, options.secret, request);

  emailRoutes(app, db, mailer, { verify: tokenVerificationsLimit }, validEmail);
  userUpdateRoutes(app, db, options, mailer, currentUser);
  reauthenticationRoutes(app, db, mailer, options, currentUser);
  mfaRoutes(app, db, options, currentUser);

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
