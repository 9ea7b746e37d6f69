// GoTrue's POST /signup (internal/api/signup.go): a new user with the password policy and user_metadata, signed in
// at once, or with confirmations on answered as a bare user with a confirmation e-mail, never revealing whether
// the address was registered.
import { AuthError } from '../errors';
import type { Handler } from '../service';
import { anonymousDisabled, isAnonymousSignUp } from './disabled';
import { phoneOnly } from './phone';
import { sendConfirmation, checkFrequency } from './email-tokens';
import { hashPassword, passwordTooLong, weakPasswordReasons } from './passwords';
import { requestRedirect } from './redirect';
import { startSession } from './sessions';
import { findUserByEmail, findUserById, insertUser, obfuscatedUserJson, userJson } from './users';
import { checkedMetadataJson, credentials, invalidEmail, metadataObject, validEmail } from './validation';

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
  if (isAnonymousSignUp(request.body)) throw anonymousDisabled();
  if (phoneOnly(request.body))
    throw new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled');
  const { email, password } = credentials(request.body);
  const tooLong = passwordTooLong(password);
  if (tooLong) throw new AuthError(400, 'validation_failed', tooLong);
  if (!auth.emailEnabled) throw new AuthError(400, 'email_provider_disabled', 'Email signups are disabled');
  if (!validEmail(email)) throw invalidEmail();
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
    const id = await insertUser(tx, { email, hash, confirmed: auth.autoConfirm, userMetadata: metadata });
    const user = (await findUserById(tx, id))!;
    if (auth.autoConfirm) return startSession(tx, auth, user);
    // With confirmations on, GoTrue sends the confirmation e-mail and answers with the bare user, no session.
    await sendConfirmation(service, tx, user, redirectTo);
    return userJson((await findUserById(tx, id))!);
  });
  return reply.send(result);
};
