// GoTrue's GET /user and PUT /user (internal/api/user.go): a new password (the password policy, `same_password`,
// the user's other sessions signed out), a new e-mail address (confirmed from the new address, and from the old
// one too with double_confirm_changes, whatever enable_confirmations says: GoTrue applies a change at once only
// for an anonymous user) and user_metadata merged key by key (a null removes a key). The answer is the updated
// user; supabase-js keeps its session and emits USER_UPDATED.
import { AuthError } from '../errors';
import type { Handler } from '../service';
import { checkFrequency, sendEmailChange } from './email-tokens';
import { hashPassword, passwordTooLong, verifyPassword, weakPasswordReasons } from './passwords';
import { givenPhone, PHONE_EXISTS } from './phone';
import { checkReauthentication } from './reauthenticate';
import { requestRedirect } from './redirect';
import { userOf } from './request-user';
import { assuranceOf } from './sessions';
import { findUserByEmail, findUserById, findUserByPhone, userJson } from './users';
import { checkedMetadataJson, invalidEmail, metadataObject, validEmail } from './validation';

export const getUser: Handler = async (request, reply) => reply.send(userJson(userOf(request).user));

interface UserUpdateBody {
  email?: unknown;
  password?: unknown;
  /** The reauthentication code, when secure_password_change asks for one. */
  nonce?: unknown;
  data?: unknown;
  phone?: unknown;
}

export const updateUser: Handler = async (request, reply, service) => {
  const { db, auth } = service;
  const who = userOf(request);
  const { user, sessionId } = who;
  const body = (request.body ?? {}) as UserUpdateBody;
  if (typeof body !== 'object' || Array.isArray(body))
    throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON: expected an object');
  const { email, password, phone } = body;
  const newPhone = givenPhone(phone);
  if (newPhone !== undefined && newPhone !== user.phone) {
    const holder = await findUserByPhone(db, newPhone);
    if (holder && holder.id !== user.id) throw PHONE_EXISTS();
    // GoTrue texts the new number a code to confirm it; with no SMS provider that send fails (GoTrue's code).
    throw new AuthError(
      422,
      'sms_send_failed',
      'Error sending phone_change OTP to provider: no SMS provider is configured',
    );
  }
  if (email !== undefined && email !== null && typeof email !== 'string')
    throw new AuthError(400, 'validation_failed', 'email must be a string');
  if (password !== undefined && password !== null && typeof password !== 'string')
    throw new AuthError(400, 'validation_failed', 'password must be a string');
  const data = metadataObject(body.data);

  const newEmail = typeof email === 'string' && email.trim() !== '' ? email.trim().toLowerCase() : null;
  const changesEmail = newEmail !== null && newEmail !== user.email.toLowerCase();
  if (changesEmail && !validEmail(newEmail)) throw invalidEmail();
  const newPassword = typeof password === 'string' && password !== '' ? password : null;

  // With a verified factor, the password and the address change only from a session that used it.
  if ((changesEmail || newPassword !== null) && user.factors.some((f) => f.status === 'verified')) {
    if ((await assuranceOf(db, sessionId)).aal !== 'aal2')
      throw new AuthError(
        401,
        'insufficient_aal',
        'AAL2 session is required to update email or password when MFA is enabled.',
      );
  }

  let passwordHash: string | null = null;
  if (newPassword !== null) {
    const tooLong = passwordTooLong(newPassword);
    if (tooLong) throw new AuthError(400, 'validation_failed', tooLong);
    const weak = weakPasswordReasons(newPassword, auth.password);
    if (weak)
      throw new AuthError(422, 'weak_password', weak.message, { weak_password: { reasons: weak.reasons } });
    // GoTrue's order: the code is checked (and used up) before the password is compared with the old one.
    await db.transaction((tx) => checkReauthentication(tx, auth, who, body.nonce));
    if (await verifyPassword(newPassword, user.encrypted_password, auth.password))
      throw new AuthError(422, 'same_password', 'New password should be different from the old password.');
    passwordHash = await hashPassword(newPassword, auth.password);
  }

  // A confirmation e-mail counts against email_sent (before the transaction: a refusal changes nothing).
  if (changesEmail) service.mail.budget.take();
  const redirectTo = requestRedirect(auth.redirect, request);

  const updated = await db.transaction(async (tx) => {
    await tx.query('select id from auth.users where id = $1 for update', [user.id]);
    const current = (await findUserById(tx, user.id))!;
    if (data) {
      // GoTrue's UpdateUserMetaData: each key replaced, a null removes it.
      const merged: Record<string, unknown> = { ...current.raw_user_meta_data };
      for (const [key, value] of Object.entries(data)) {
        if (value === null) delete merged[key];
        else merged[key] = value;
      }
      await tx.query('update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1', [
        user.id,
        checkedMetadataJson(merged),
      ]);
    }
    if (passwordHash !== null) {
      await tx.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [
        user.id,
        passwordHash,
      ]);
      // GoTrue's UpdatePassword: every other session of the user ends; this one stays.
      await tx.query('delete from auth.sessions where user_id = $1 and id <> $2', [user.id, sessionId]);
    }
    if (changesEmail) {
      const taken = await findUserByEmail(tx, newEmail);
      if (taken && taken.id !== user.id)
        throw new AuthError(
          422,
          'email_exists',
          'A user with this email address has already been registered',
        );
      const sentAt = (
        await tx.query<{ email_change_sent_at: Date | string | null }>(
          'select email_change_sent_at from auth.users where id = $1',
          [user.id],
        )
      ).rows[0]?.email_change_sent_at;
      checkFrequency(sentAt, auth.maxFrequency);
      await sendEmailChange(service, tx, current, newEmail, redirectTo);
    }
    return (await findUserById(tx, user.id))!;
  });
  return reply.send(userJson(updated));
};
