// What a /verify finds and does (GoTrue's verify.go): the user a link's token hash or a typed code belongs to
// (refused alike when unknown, used or older than otp_expiry), and what the token stands for, completed:
// a confirmed sign-up, a recovery, or an e-mail change (once both links are followed, with
// double_confirm_changes), then a session.
import type { Queryable } from '../db/database';
import { AuthError } from '../errors';
import type { Service } from '../service';
import { OTP_FORMAT, otpExpired, TOKEN_HASH_FORMAT, tokenHash } from './email-tokens';
import { startSession } from './sessions';
import { findUserByEmail, findUserById, lockedUser, type UserWithTokens } from './users';
import { validEmail } from './validation';

export const LINK_TYPES = ['signup', 'invite', 'recovery', 'magiclink', 'email_change'] as const;
export const CODE_TYPES = [...LINK_TYPES, 'email'] as const;
export type VerifyType = (typeof CODE_TYPES)[number];

const EXPIRED_LINK = () => new AuthError(403, 'otp_expired', 'Email link is invalid or has expired');
export const EXPIRED_CODE = () => new AuthError(403, 'otp_expired', 'Token has expired or is invalid');

export type Outcome =
  | { kind: 'session'; session: Awaited<ReturnType<typeof startSession>> }
  | { kind: 'message'; message: string };

const SINGLE_CONFIRMATION =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

/** Completes what a verified token stands for and signs the user in (or reports a first of two confirmations). */
export async function complete(
  service: Service,
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
      await tx.query(`update auth.users set email_change_confirm_status = 1, ${column} = '' where id = $1`, [
        user.id,
      ]);
      return { kind: 'message', message: SINGLE_CONFIRMATION };
    }
    const taken = await findUserByEmail(tx, user.email_change ?? '');
    if (taken && taken.id !== user.id)
      throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
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
  return { kind: 'session', session: await startSession(tx, service.auth, fresh, 'otp') };
}

/** The user whose link token (the hash) this is, refused when unknown, used or expired. */
export async function byLinkToken(
  service: Service,
  tx: Queryable,
  type: VerifyType,
  hash: string,
): Promise<UserWithTokens> {
  if (!TOKEN_HASH_FORMAT.test(hash)) throw EXPIRED_LINK();
  const where =
    type === 'signup' || type === 'invite'
      ? 'confirmation_token = $1'
      : type === 'recovery' || type === 'magiclink'
        ? 'recovery_token = $1'
        : type === 'email_change'
          ? '(email_change_token_new = $1 or email_change_token_current = $1)'
          : '(confirmation_token = $1 or recovery_token = $1)';
  const user = await lockedUser(tx, where, [hash]);
  if (!user || tokenExpired(service, type, user, hash)) throw EXPIRED_LINK();
  return user;
}

function tokenExpired(service: Service, type: VerifyType, user: UserWithTokens, hash: string): boolean {
  const sentAt =
    type === 'email_change'
      ? user.email_change_sent_at
      : type === 'recovery' || type === 'magiclink' || (type === 'email' && user.recovery_token === hash)
        ? user.recovery_sent_at
        : user.confirmation_sent_at;
  return otpExpired(sentAt, service.auth.otpExpiry);
}

/** The user an address and a typed code belong to, refused alike when either is wrong, used or expired. */
export async function byCode(
  service: Service,
  tx: Queryable,
  type: VerifyType,
  email: string,
  code: string,
): Promise<{ user: UserWithTokens; hash: string }> {
  if (!validEmail(email) || !OTP_FORMAT.test(code)) throw EXPIRED_CODE();
  const hash = tokenHash(email, code);
  const user =
    type === 'email_change'
      ? await lockedUser(
          tx,
          '(lower(email_change) = lower($1) and email_change_token_new = $2) or (lower(email) = lower($1) and email_change_token_current = $2)',
          [email, hash],
        )
      : await lockedUser(tx, 'lower(email) = lower($1)', [email]);
  if (!user) throw EXPIRED_CODE();
  const matches =
    type === 'signup' || type === 'invite'
      ? user.confirmation_token === hash
      : type === 'recovery' || type === 'magiclink'
        ? user.recovery_token === hash
        : type === 'email'
          ? user.confirmation_token === hash || user.recovery_token === hash
          : true;
  if (!matches || tokenExpired(service, type, user, hash)) throw EXPIRED_CODE();
  return { user, hash };
}
