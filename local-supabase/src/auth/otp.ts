// GoTrue's POST /otp (internal/api/otp.go, magic_link.go): supabase-js's signInWithOtp by e-mail. A confirmed user
// gets a magic link with its code; a new or unconfirmed one is signed up without a password and gets the sign-up
// confirmation, whose link signs in too (with confirmations off, a magic link). The same empty answer either way.
// By phone it answers GoTrue's refusal with the phone provider off.
import { AuthError } from '../errors';
import type { Handler } from '../service';
import { checkFrequency, sendConfirmation, sendRecovery } from './email-tokens';
import { provided, phoneLoginsDisabled, validPhone } from './phone';
import { requestRedirect } from './redirect';
import { findUserByEmail, findUserById, findUserByPhone, insertUser, lockedUser } from './users';
import { checkedEmail, checkedMetadataJson, metadataObject } from './validation';

interface OtpBody {
  email?: unknown;
  phone?: unknown;
  channel?: unknown;
  create_user?: unknown;
  data?: unknown;
}

export const otp: Handler = async (request, reply, service) => {
  const { db, auth } = service;
  const body = (request.body ?? {}) as OtpBody;
  const hasEmail = provided(body.email);
  const hasPhone = provided(body.phone);
  if (hasEmail && hasPhone)
    throw new AuthError(400, 'validation_failed', 'Only an email address or phone number should be provided');
  if (hasEmail && provided(body.channel))
    throw new AuthError(400, 'validation_failed', 'Channel should only be specified with Phone OTP');
  // create_user: false signs in only who exists (GoTrue says so, rather than sending nothing).
  if (body.create_user === false && (hasEmail || hasPhone)) {
    const existing = hasEmail
      ? await findUserByEmail(db, checkedEmail(body.email))
      : await findUserByPhone(db, validPhone(body.phone));
    if (!existing) throw new AuthError(422, 'otp_disabled', 'Signups not allowed for otp');
  }
  if (hasPhone) throw phoneLoginsDisabled(400, 'Unsupported phone provider');
  if (!hasEmail) throw new AuthError(400, 'validation_failed', 'One of email or phone must be set');
  if (!auth.emailEnabled) throw new AuthError(422, 'email_provider_disabled', 'Email logins are disabled');
  const email = checkedEmail(body.email);
  const data = metadataObject(body.data);
  const metadata = data ? checkedMetadataJson(data) : '{}';
  const redirectTo = requestRedirect(auth.redirect, request);
  service.mail.budget.take();
  await db.transaction(async (tx) => {
    const user = await lockedUser(tx, 'lower(email) = lower($1)', [email]);
    if (user?.email_confirmed_at) {
      checkFrequency(user.recovery_sent_at, auth.maxFrequency);
      return sendRecovery(service, tx, user, redirectTo, 'magiclink');
    }
    if (!auth.enableSignup)
      throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
    if (user) {
      checkFrequency(user.confirmation_sent_at, auth.maxFrequency);
      return sendConfirmation(service, tx, user, redirectTo);
    }
    const id = await insertUser(tx, { email, hash: '', confirmed: auth.autoConfirm, userMetadata: metadata });
    const created = (await findUserById(tx, id))!;
    if (auth.autoConfirm) return sendRecovery(service, tx, created, redirectTo, 'magiclink');
    return sendConfirmation(service, tx, created, redirectTo);
  });
  return reply.send({});
};
