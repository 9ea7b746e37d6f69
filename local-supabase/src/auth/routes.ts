// GoTrue's HTTP API as @supabase/supabase-js v2 calls it: sign-up, password and refresh-token grants, the
// current user, sign-out, settings, health and the (empty, HS256) key set.
import { randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import { AuthError, sendAuthError } from '../errors';
import { bearerToken, verifyJwt } from '../keys';
import {
  findUserByEmail,
  findUserById,
  refreshSession,
  startSession,
  userJson,
  type AuthSettings,
} from './sessions';

export interface AuthOptions extends AuthSettings {
  db: Database;
  autoConfirm: boolean;
  minPasswordLength: number;
  bcryptCost: number;
  refreshReuseInterval: number;
  tokenRateLimit: number;
}

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

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

  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof AuthError) return sendAuthError(reply, error);
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 429)
      return sendAuthError(
        reply,
        new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached'),
      );
    if (status && status < 500) {
      return sendAuthError(reply, new AuthError(status, 'validation_failed', (error as Error).message));
    }
    app.log.error(error);
    return sendAuthError(
      reply,
      new AuthError(500, 'unexpected_failure', 'Unexpected failure, please try again'),
    );
  });

  // Every auth response names the API version it speaks, so supabase-js reads `error.code`.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('X-Supabase-Api-Version', '2024-01-01');
  });

  app.get('/health', async () => ({ version: 'local', name: 'GoTrue', description: 'local-supabase auth' }));

  app.get('/settings', async () => ({
    external: { email: true, phone: false, anonymous_users: false },
    disable_signup: false,
    mailer_autoconfirm: options.autoConfirm,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  }));

  app.get('/.well-known/jwks.json', async () => ({ keys: [] }));

  app.post('/signup', async (request, reply) => {
    const { email, password } = credentials(request.body);
    if (!EMAIL.test(email) || email.length > 255) {
      throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format');
    }
    if (password.length < options.minPasswordLength) {
      throw new AuthError(
        422,
        'weak_password',
        `Password should be at least ${options.minPasswordLength} characters.`,
        {
          weak_password: { reasons: ['length'] },
        },
      );
    }
    const hash = await bcrypt.hash(password, options.bcryptCost);
    const result = await db.transaction(async (tx) => {
      if (await findUserByEmail(tx, email))
        throw new AuthError(422, 'user_already_exists', 'User already registered');
      const id = randomUUID();
      await tx.query(
        `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
           confirmation_sent_at, raw_app_meta_data, raw_user_meta_data)
         values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3,
           case when $4::boolean then now() end, case when $4::boolean then null else now() end,
           '{"provider":"email","providers":["email"]}', $5)`,
        [
          id,
          email,
          hash,
          options.autoConfirm,
          JSON.stringify((request.body as { data?: object }).data ?? {}),
        ],
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
    { config: { rateLimit: { max: options.tokenRateLimit, timeWindow: '1 minute' } } },
    async (request: FastifyRequest<{ Querystring: { grant_type?: string } }>, reply: FastifyReply) => {
      const grantType =
        request.query.grant_type ?? (request.body as { grant_type?: string } | undefined)?.grant_type;
      if (grantType === 'password') {
        const { email, password } = credentials(request.body);
        const user = await findUserByEmail(db, email);
        // The same answer for an unknown e-mail and a wrong password, so accounts cannot be discovered.
        if (!user || !(await bcrypt.compare(password, user.encrypted_password ?? ''))) {
          throw new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
        }
        if (!user.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
        return reply.send(await db.transaction((tx) => startSession(tx, options, user)));
      }
      if (grantType === 'refresh_token') {
        const token = (request.body as Credentials | undefined)?.refresh_token;
        if (typeof token !== 'string' || token === '') {
          throw new AuthError(400, 'validation_failed', 'A refresh_token is required');
        }
        const outcome = await db.transaction((tx) =>
          refreshSession(tx, options, token, options.refreshReuseInterval),
        );
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
    const token = bearerToken(request.headers);
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
