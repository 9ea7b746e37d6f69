// GoTrue's reauthentication (internal/api/reauthenticate.go, user.go): GET /reauthenticate e-mails the signed-in
// user a code; with [auth.email] secure_password_change on, a password change from a session that started more
// than 24 hours ago must give that code as `nonce`: 400 reauthentication_needed without one, 422
// reauthentication_not_valid when it is wrong, used or older than otp_expiry. A code works once.
import type { Queryable } from '../db/database';
import { AuthError } from '../errors';
import type { Handler } from '../service';
import type { AuthOptions } from './options';
import { checkFrequency, otpExpired, sendReauthentication, tokenHash } from './email-tokens';
import { userOf, type RequestUser } from './request-user';

/** How long a session may change its password without a code (GoTrue: the session's creation plus 24 hours). */
const RECENT_SESSION_MS = 24 * 60 * 60 * 1000;

export const reauthenticate: Handler = async (request, reply, service) => {
  const { user } = userOf(request);
  if (!user.email_confirmed_at)
    throw new AuthError(422, 'email_not_confirmed', 'Please verify your email first.');
  service.mail.budget.take();
  await service.db.transaction(async (tx) => {
    const sentAt = (
      await tx.query<{ reauthentication_sent_at: Date | string | null }>(
        'select reauthentication_sent_at from auth.users where id = $1 for update',
        [user.id],
      )
    ).rows[0]?.reauthentication_sent_at;
    checkFrequency(sentAt, service.auth.maxFrequency);
    await sendReauthentication(service, tx, user);
  });
  return reply.send({});
};

/**
 * Before a password change: nothing to do unless secure_password_change is on and the session is older than 24
 * hours; then `nonce` must be the code last e-mailed to the user, which it uses up.
 */
export async function checkReauthentication(
  tx: Queryable,
  settings: Pick<AuthOptions, 'securePasswordChange' | 'otpExpiry'>,
  { user, sessionId }: RequestUser,
  nonce: unknown,
): Promise<void> {
  if (!settings.securePasswordChange) return;
  const session = (
    await tx.query<{ created_at: Date | string }>('select created_at from auth.sessions where id = $1', [
      sessionId,
    ])
  ).rows[0];
  if (session && Date.now() <= new Date(session.created_at).getTime() + RECENT_SESSION_MS) return;
  if (typeof nonce !== 'string' || nonce === '')
    throw new AuthError(400, 'reauthentication_needed', 'Password update requires reauthentication');
  const stored = (
    await tx.query<{ reauthentication_token: string | null; reauthentication_sent_at: Date | string | null }>(
      'select reauthentication_token, reauthentication_sent_at from auth.users where id = $1 for update',
      [user.id],
    )
  ).rows[0];
  const valid =
    !!stored?.reauthentication_token &&
    stored.reauthentication_token === tokenHash(user.email, nonce) &&
    !otpExpired(stored.reauthentication_sent_at, settings.otpExpiry);
  if (!valid) throw new AuthError(422, 'reauthentication_not_valid', 'Nonce has expired or is invalid');
  await tx.query(`update auth.users set reauthentication_token = '' where id = $1`, [user.id]);
}
