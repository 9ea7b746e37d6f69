// GoTrue's POST /signup (internal/api/signup.go): a new user with the password policy and user_metadata, signed in
// at once, or with confirmations on answered as a bare user with a confirmation e-mail, never revealing whether
// the address was registered.
import { randomUUID } from 'node:crypto';
import { AuthError } from '../errors';
import type { Handler } from '../service';
import { sendConfirmation, checkFrequency } from './email-tokens';
import { hashPassword, passwordTooLong, weakPasswordReasons } from './passwords';
import { requestRedirect } from './redirect';
import { startSession } from './sessions';
import { findUserByEmail, findUserById, obfuscatedUserJson, userJson } from './users';
import { checkedMetadataJson, credentials, metadataObject, validEmail } from './validation';

/** Sign-up's `data` (user_metadata). */
function userMetadata(body: unknown): string {
  const data = metadataObject((body as { data?: unknown } | undefined)?.data);
  return data ? checkedMetadataJson(data) : '{}';
}

export const signup: Handler = async (request, reply, service) => {
  const { db, auth } = service;
  // GoTrue's order: signups disabled, the password, then the provider (the rate limit ran before).
  if (!auth.enableSignup)
    throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
  const { email, password } = credentials(request.body);
  const tooLong = passwordTooLong(password);
  if (tooLong) throw new AuthError(400, 'validation_failed', tooLong);
  if (!auth.emailEnabled) throw new AuthError(400, 'email_provider_disabled', 'Email signups are disabled');
  if (!validEmail(email))
    throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format');
  const metadata = userMetadata(request.body);
  const weak = weakPasswordReasons(password, auth.password);
  if (weak)
    throw new AuthError(422, 'weak_password', weak.message, { weak_password: { reasons: weak.reasons } });
  const hash = await hashPassword(password, auth.password);
  // With confirmations on, every sign-up may send an e-mail: it counts against email_sent whether or not the
  // address is registered, so the answer stays the same for both.
  if (!auth.autoConfirm) service.mail.budget.take();
  const redirectTo = requestRedirect(auth.redirect, request);
  const result = await db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, email);
    if (existing && auth.autoConfirm)
      throw new AuthError(422, 'user_already_exists', 'User already registered');
    // With confirmations on GoTrue does not reveal whether an address is registered: a confirmed one gets
    // an obfuscated user without identities, an unconfirmed one its user again with a new confirmation e-mail.
    if (existing?.email_confirmed_at) return obfuscatedUserJson(existing);
    if (existing) {
      checkFrequency(existing.confirmation_sent_at, auth.maxFrequency);
      await sendConfirmation(service, tx, existing, redirectTo);
      return userJson((await findUserById(tx, existing.id))!);
    }
    const id = randomUUID();
    await tx.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
         confirmation_sent_at, raw_app_meta_data, raw_user_meta_data)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3,
         case when $4::boolean then now() end, case when $4::boolean then null else now() end,
         '{"provider":"email","providers":["email"]}', $5)`,
      [id, email, hash, auth.autoConfirm, metadata],
    );
    await tx.query(
      `insert into auth.identities (user_id, provider_id, identity_data, provider) values ($1, $2, $3, 'email')`,
      [id, id, JSON.stringify({ sub: id, email, email_verified: auth.autoConfirm })],
    );
    const user = (await findUserById(tx, id))!;
    if (auth.autoConfirm) return startSession(tx, auth, user);
    // With confirmations on, GoTrue sends the confirmation e-mail and answers with the bare user, no session.
    await sendConfirmation(service, tx, user, redirectTo);
    return userJson((await findUserById(tx, id))!);
  });
  return reply.send(result);
};
