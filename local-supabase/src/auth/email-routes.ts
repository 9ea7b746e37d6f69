// GoTrue's e-mail flows (internal/api/recover.go, verify.go, resend.go): password recovery, the /verify that
// every e-mail link and code goes through (sign-up confirmation, recovery, e-mail change), and resending. Tokens
// are single-use and live `otp_expiry` seconds; the same answer whether an address has an account or not.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database';
import { AuthError } from '../errors';
import { deliver } from '../mail/store';
import { composeMail, reauthenticationMail, type MailKind } from '../mail/templates';
import {
  checkFrequency,
  newOtp,
  OTP_FORMAT,
  otpExpired,
  TOKEN_HASH_FORMAT,
  tokenHash,
  verifyUrl,
  type EmailBudget,
} from './mailer';
import { chooseRedirect, type RedirectPolicy } from './redirect';
import type { RateLimitCheck } from './rate-limit';
import { findUserByEmail, findUserById, startSession, type AuthSettings, type UserRow } from './sessions';

export interface EmailFlowOptions extends AuthSettings {
  emailEnabled: boolean;
  redirect: RedirectPolicy;
  otpLength: number;
  otpExpiry: number;
  maxFrequency: number;
  doubleConfirmChanges: boolean;
}

/** A user row with the e-mail token columns GoTrue keeps (src/db/bootstrap.sql). */
interface TokenColumns {
  confirmation_token: string | null;
  recovery_token: string | null;
  recovery_sent_at: Date | string | null;
  email_change_token_new: string | null;
  email_change_token_current: string | null;
  email_change_sent_at: Date | string | null;
  email_change_confirm_status: number | null;
}
type UserWithTokens = UserRow & TokenColumns;

/** What a request's redirect_to (query string, as supabase-js sends it) or Referer allows. */
export const requestRedirect = (policy: RedirectPolicy, request: FastifyRequest): string =>
  chooseRedirect(
    policy,
    (request.query as { redirect_to?: unknown } | undefined)?.redirect_to,
    request.headers.referer,
  );

/** Sends the e-mails of the flows, within the caller's transaction. */
export class Mailer {
  constructor(
    readonly options: EmailFlowOptions,
    readonly budget: EmailBudget,
  ) {}

  /** A new token for `address`: its code, and the hash stored and put in the link. */
  token(address: string) {
    const code = newOtp(this.options.otpLength);
    return { code, hash: tokenHash(address, code) };
  }

  async send(
    tx: Queryable,
    kind: MailKind,
    type: string,
    to: string,
    token: { code: string; hash: string },
    redirectTo: string,
    extra: { email?: string; newEmail?: string } = {},
  ) {
    const link = verifyUrl(this.options.issuer, token.hash, type, redirectTo);
    await deliver(tx, composeMail(kind, { to, link, code: token.code, ...extra }));
  }

  /** Sign-up confirmation: a new token replaces any earlier one. */
  async sendConfirmation(tx: Queryable, user: UserRow, redirectTo: string) {
    const token = this.token(user.email);
    await tx.query(
      'update auth.users set confirmation_token = $2, confirmation_sent_at = now() where id = $1',
      [user.id, token.hash],
    );
    await this.send(tx, 'confirmation', 'signup', user.email, token, redirectTo);
  }

  /** A reauthentication code (GET /reauthenticate), which a password change then gives as its nonce. */
  async sendReauthentication(tx: Queryable, user: UserRow) {
    const token = this.token(user.email);
    await tx.query(
      'update auth.users set reauthentication_token = $2, reauthentication_sent_at = now() where id = $1',
      [user.id, token.hash],
    );
    await deliver(tx, reauthenticationMail(user.email, token.code));
  }

  /**
   * An e-mail change: a link to the new address and, with double_confirm_changes, one to the current address
   * too (GoTrue's secure e-mail change); the change applies once every link sent was followed.
   */
  async sendEmailChange(tx: Queryable, user: UserRow, newEmail: string, redirectTo: string) {
    const toNew = this.token(newEmail);
    const toCurrent = this.options.doubleConfirmChanges ? this.token(user.email) : null;
    await tx.query(
      `update auth.users set email_change = $2, email_change_token_new = $3, email_change_token_current = $4,
         email_change_sent_at = now(), email_change_confirm_status = 0 where id = $1`,
      [user.id, newEmail, toNew.hash, toCurrent?.hash ?? ''],
    );
    const names = { email: user.email, newEmail };
    if (toCurrent)
      await this.send(tx, 'email_change_current', 'email_change', user.email, toCurrent, redirectTo, names);
    await this.send(tx, 'email_change_new', 'email_change', newEmail, toNew, redirectTo, names);
  }
}

const LINK_TYPES = ['signup', 'invite', 'recovery', 'magiclink', 'email_change'] as const;
const CODE_TYPES = [...LINK_TYPES, 'email'] as const;
type VerifyType = (typeof CODE_TYPES)[number];

const EXPIRED_LINK = () => new AuthError(403, 'otp_expired', 'Email link is invalid or has expired');
const EXPIRED_CODE = () => new AuthError(403, 'otp_expired', 'Token has expired or is invalid');

/** GoTrue's `error` of an error redirect, from the status (oauthErrorMap). */
const OAUTH_ERRORS: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  429: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
};

/** The URL with `params` as its fragment, keys sorted (Go's url.Values.Encode). */
function withFragment(target: string, params: Record<string, string>, dropQuery = false): string {
  const url = new URL(target);
  if (dropQuery) url.search = '';
  const fragment = new URLSearchParams(Object.entries(params).sort(([a], [b]) => a.localeCompare(b)));
  url.hash = fragment.toString();
  return url.toString();
}

type Outcome =
  | { kind: 'session'; session: Awaited<ReturnType<typeof startSession>> }
  | { kind: 'message'; message: string };

const SINGLE_CONFIRMATION =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

export function emailRoutes(
  app: FastifyInstance,
  db: {
    transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  },
  mailer: Mailer,
  limits: { verify: RateLimitCheck },
  validEmail: (email: string) => boolean,
) {
  const options = mailer.options;

  // Locked, so two uses of one token at once cannot both succeed. findUserById reads every column (u.*).
  const userWithTokens = async (tx: Queryable, where: string, params: unknown[]) => {
    const row = (
      await tx.query<{ id: string }>(`select id from auth.users where ${where} limit 1 for update`, params)
    ).rows[0];
    return row ? ((await findUserById(tx, row.id)) as UserWithTokens | undefined) : undefined;
  };

  /** Completes what a verified token stands for and signs the user in (or reports a first of two confirmations). */
  async function complete(
    tx: Queryable,
    type: VerifyType,
    user: UserWithTokens,
    hash: string,
  ): Promise<Outcome> {
    if (type === 'signup' || type === 'invite' || (type === 'email' && user.confirmation_token === hash)) {
      await tx.query(
        `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '' where id = $1`,
        [user.id],
      );
    } else if (type === 'recovery' || type === 'magiclink' || type === 'email') {
      await tx.query(
        `update auth.users set recovery_token = '', email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1`,
        [user.id],
      );
    } else {
      // email_change: with two links sent, the first one followed only counts.
      const twoLinks = !!user.email_change_token_current && !!user.email_change_token_new;
      if (twoLinks && (user.email_change_confirm_status ?? 0) === 0) {
        const column =
          user.email_change_token_current === hash ? 'email_change_token_current' : 'email_change_token_new';
        await tx.query(
          `update auth.users set email_change_confirm_status = 1, ${column} = '' where id = $1`,
          [user.id],
        );
        return { kind: 'message', message: SINGLE_CONFIRMATION };
      }
      const taken = await findUserByEmail(tx, user.email_change ?? '');
      if (taken && taken.id !== user.id)
        throw new AuthError(
          422,
          'email_exists',
          'A user with this email address has already been registered',
        );
      await tx.query(
        `update auth.users set email = email_change, email_change = '', email_change_token_new = '',
           email_change_token_current = '', email_change_confirm_status = 0,
           email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1`,
        [user.id],
      );
      await tx.query(
        `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
         where user_id = $1 and provider = 'email'`,
        [user.id, user.email_change],
      );
    }
    if (type !== 'email_change') {
      await tx.query(
        `update auth.identities set identity_data = identity_data || '{"email_verified": true}' where user_id = $1 and provider = 'email'`,
        [user.id],
      );
    }
    const fresh = (await findUserById(tx, user.id))!;
    return { kind: 'session', session: await startSession(tx, options, fresh, 'otp') };
  }

  /** The user whose link token (the hash) this is, refused when unknown, used or expired. */
  async function byLinkToken(tx: Queryable, type: VerifyType, hash: string): Promise<UserWithTokens> {
    if (!TOKEN_HASH_FORMAT.test(hash)) throw EXPIRED_LINK();
    const where =
      type === 'signup' || type === 'invite'
        ? 'confirmation_token = $1'
        : type === 'recovery' || type === 'magiclink'
          ? 'recovery_token = $1'
          : type === 'email_change'
            ? '(email_change_token_new = $1 or email_change_token_current = $1)'
            : '(confirmation_token = $1 or recovery_token = $1)';
    const user = await userWithTokens(tx, where, [hash]);
    if (!user || tokenExpired(type, user, hash)) throw EXPIRED_LINK();
    return user;
  }

  function tokenExpired(type: VerifyType, user: UserWithTokens, hash: string): boolean {
    const sentAt =
      type === 'email_change'
        ? user.email_change_sent_at
        : type === 'recovery' || type === 'magiclink' || (type === 'email' && user.recovery_token === hash)
          ? user.recovery_sent_at
          : user.confirmation_sent_at;
    return otpExpired(sentAt, options.otpExpiry);
  }

  /** The user an address and a typed code belong to, refused alike when either is wrong, used or expired. */
  async function byCode(
    tx: Queryable,
    type: VerifyType,
    email: string,
    code: string,
  ): Promise<{ user: UserWithTokens; hash: string }> {
    if (!validEmail(email) || !OTP_FORMAT.test(code)) throw EXPIRED_CODE();
    const hash = tokenHash(email, code);
    const user =
      type === 'email_change'
        ? await userWithTokens(
            tx,
            '(lower(email_change) = lower($1) and email_change_token_new = $2) or (lower(email) = lower($1) and email_change_token_current = $2)',
            [email, hash],
          )
        : await userWithTokens(tx, 'lower(email) = lower($1)', [email]);
    if (!user) throw EXPIRED_CODE();
    const matches =
      type === 'signup' || type === 'invite'
        ? user.confirmation_token === hash
        : type === 'recovery' || type === 'magiclink'
          ? user.recovery_token === hash
          : type === 'email'
            ? user.confirmation_token === hash || user.recovery_token === hash
            : true;
    if (!matches || tokenExpired(type, user, hash)) throw EXPIRED_CODE();
    return { user, hash };
  }

  app.post('/recover', async (request, reply) => {
    const email = (request.body as { email?: unknown } | undefined)?.email;
    if (typeof email !== 'string' || email.trim() === '')
      throw new AuthError(400, 'validation_failed', 'Password recovery requires an email');
    const address = email.trim().toLowerCase();
    if (!validEmail(address))
      throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format');
    if (!options.emailEnabled)
      throw new AuthError(422, 'email_provider_disabled', 'Email logins are disabled');
    mailer.budget.take();
    const redirectTo = requestRedirect(options.redirect, request);
    await db.transaction(async (tx) => {
      const user = await userWithTokens(tx, 'lower(email) = lower($1)', [address]);
      // An unknown address gets the same empty answer, and no e-mail.
      if (!user) return;
      checkFrequency(user.recovery_sent_at, options.maxFrequency);
      const token = mailer.token(user.email);
      await tx.query('update auth.users set recovery_token = $2, recovery_sent_at = now() where id = $1', [
        user.id,
        token.hash,
      ]);
      await mailer.send(tx, 'recovery', 'recovery', user.email, token, redirectTo);
    });
    return reply.send({});
  });

  app.post('/resend', async (request, reply) => {
    const body = (request.body ?? {}) as { type?: unknown; email?: unknown; phone?: unknown };
    const types = ['signup', 'email_change', 'sms', 'phone_change'];
    if (typeof body.type !== 'string' || !types.includes(body.type))
      throw new AuthError(
        400,
        'validation_failed',
        'Missing one of these types: signup, email_change, sms, phone_change',
      );
    if (body.type === 'sms' || body.type === 'phone_change' || body.phone !== undefined)
      throw new AuthError(
        400,
        'validation_failed',
        'SMS is not available: this project has no phone provider',
      );
    if (typeof body.email !== 'string' || body.email.trim() === '')
      throw new AuthError(400, 'validation_failed', 'Resend requires an email');
    const address = body.email.trim().toLowerCase();
    if (!validEmail(address))
      throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format');
    mailer.budget.take();
    const redirectTo = requestRedirect(options.redirect, request);
    await db.transaction(async (tx) => {
      if (body.type === 'signup') {
        const user = await userWithTokens(tx, 'lower(email) = lower($1)', [address]);
        // Nothing to confirm (no such user, or confirmed already): the same answer, no e-mail.
        if (!user || user.email_confirmed_at) return;
        checkFrequency(user.confirmation_sent_at, options.maxFrequency);
        await mailer.sendConfirmation(tx, user, redirectTo);
        return;
      }
      const user = await userWithTokens(tx, "lower(email) = lower($1) and coalesce(email_change, '') <> ''", [
        address,
      ]);
      if (!user) return;
      checkFrequency(user.email_change_sent_at, options.maxFrequency);
      await mailer.sendEmailChange(tx, user, user.email_change!, redirectTo);
    });
    return reply.send({});
  });

  app.get(
    '/verify',
    async (request: FastifyRequest<{ Querystring: Record<string, unknown> }>, reply: FastifyReply) => {
      await limits.verify(request, reply);
      const { token, type } = request.query;
      const redirectTo = requestRedirect(options.redirect, request);
      if (typeof token !== 'string' || token === '')
        throw new AuthError(400, 'validation_failed', 'Verify requires a token or a token hash');
      if (typeof type !== 'string' || type === '')
        throw new AuthError(400, 'validation_failed', 'Verify requires a verification type');
      let outcome: Outcome;
      try {
        if (!(LINK_TYPES as readonly string[]).includes(type))
          throw new AuthError(400, 'validation_failed', 'Unsupported verification type');
        const hash = token.replaceAll('-', '');
        outcome = await db.transaction(async (tx) =>
          complete(tx, type as VerifyType, await byLinkToken(tx, type as VerifyType, hash), hash),
        );
      } catch (error) {
        if (!(error instanceof AuthError) || error.status >= 500) throw error;
        // GoTrue's error redirect: the query dropped, the error in the fragment.
        return reply.redirect(
          withFragment(
            redirectTo,
            {
              error: OAUTH_ERRORS[error.status] ?? 'invalid_request',
              error_code: error.code,
              error_description: error.message,
            },
            true,
          ),
          303,
        );
      }
      if (outcome.kind === 'message')
        return reply.redirect(withFragment(redirectTo, { message: outcome.message }), 303);
      const { session } = outcome;
      return reply.redirect(
        withFragment(redirectTo, {
          access_token: session.access_token,
          expires_at: String(session.expires_at),
          expires_in: String(session.expires_in),
          refresh_token: session.refresh_token,
          token_type: session.token_type,
          type,
        }),
        303,
      );
    },
  );

  app.post('/verify', async (request, reply) => {
    await limits.verify(request, reply);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const { type, token, token_hash: hashParam, email, phone } = body;
    if (typeof type !== 'string' || type === '')
      throw new AuthError(400, 'validation_failed', 'Verify requires a verification type');
    if (phone !== undefined && phone !== null)
      throw new AuthError(
        400,
        'validation_failed',
        'SMS is not available: this project has no phone provider',
      );
    if (!(CODE_TYPES as readonly string[]).includes(type))
      throw new AuthError(400, 'validation_failed', 'Unsupported verification type');
    const verifyType = type as VerifyType;
    const outcome = await db.transaction(async (tx): Promise<Outcome> => {
      if (typeof hashParam === 'string' && hashParam !== '') {
        const hash = hashParam.replaceAll('-', '');
        return complete(
          tx,
          verifyType,
          await byLinkToken(tx, verifyType, hash).catch(() => {
            throw EXPIRED_CODE();
          }),
          hash,
        );
      }
      if (typeof token !== 'string' || token === '')
        throw new AuthError(400, 'validation_failed', 'Verify requires a token or a token hash');
      if (typeof email !== 'string' || email === '')
        throw new AuthError(
          400,
          'validation_failed',
          'Only an email address or phone number should be provided on verify',
        );
      const { user, hash } = await byCode(
        tx,
        verifyType,
        email.trim().toLowerCase(),
        token.replaceAll('-', ''),
      );
      return complete(tx, verifyType, user, hash);
    });
    if (outcome.kind === 'message') return reply.send({ msg: outcome.message, code: 200 });
    return reply.send(outcome.session);
  });
}
