// GoTrue's POST /token (internal/api/token.go): the password grant (the same answer for an unknown address and a
// wrong password) and the refresh-token grant with rotation and reuse detection (src/auth/sessions.ts). Each grant
// has its own rate limit, which the route table applies by grant.
import { AuthError } from '../errors';
import { grantType } from '../limits';
import type { Handler } from '../service';
import { web3Disabled } from './disabled';
import { idTokenRefusal } from './id-token';
import { verifyPassword } from './passwords';
import { phoneLoginsDisabled, phoneOnly } from './phone';
import { refreshSession, startSession } from './sessions';
import { findUserByEmail, isBanned, USER_BANNED } from './users';
import { credentials, validEmail } from './validation';

export const token: Handler = async (request, reply, { db, auth }) => {
  const grant = grantType(request);
  if (grant === 'password') {
    if (phoneOnly(request.body)) throw phoneLoginsDisabled(422);
    const { email, password } = credentials(request.body);
    if (!auth.emailEnabled) throw new AuthError(422, 'email_provider_disabled', 'Email logins are disabled');
    // An address no sign-up would accept has no account (and a NUL must not reach PostgreSQL).
    const user = validEmail(email) ? await findUserByEmail(db, email) : undefined;
    // The same answer for an unknown e-mail and a wrong password, so accounts cannot be discovered.
    if (!(await verifyPassword(password, user?.encrypted_password, auth.password)) || !user)
      throw new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
    if (!user.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
    // GoTrue says so before checking the password; after it here, so the answer tells no one else of the ban.
    if (isBanned(user)) throw USER_BANNED();
    return reply.send(await db.transaction((tx) => startSession(tx, auth, user)));
  }
  if (grant === 'refresh_token') {
    const refreshToken = (request.body as { refresh_token?: unknown } | undefined)?.refresh_token;
    if (typeof refreshToken !== 'string' || refreshToken === '')
      throw new AuthError(400, 'validation_failed', 'A refresh_token is required');
    // Issued tokens are base64url: anything else (a NUL above all) is no token of ours.
    const outcome = /^[A-Za-z0-9_-]{1,255}$/.test(refreshToken)
      ? await db.transaction((tx) =>
          refreshSession(tx, auth, refreshToken, auth.refreshReuseInterval, auth.refreshTokenRotation),
        )
      : ({ ok: false, code: 'refresh_token_not_found' } as const);
    if (outcome.ok) return reply.send(outcome.session);
    if (outcome.code === 'user_banned') throw USER_BANNED();
    throw new AuthError(
      400,
      outcome.code,
      outcome.code === 'refresh_token_already_used'
        ? 'Invalid Refresh Token: Already Used'
        : 'Invalid Refresh Token: Refresh Token Not Found',
    );
  }
  if (grant === 'web3') throw web3Disabled();
  if (grant === 'id_token') throw idTokenRefusal(request.body);
  throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type');
};
