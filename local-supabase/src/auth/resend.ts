// GoTrue's POST /resend (internal/api/resend.go): the sign-up confirmation or the e-mail change's links again,
// with the same empty answer whether or not there is anything to resend.
import { AuthError } from '../errors';
import type { Handler } from '../service';
import { checkFrequency, sendConfirmation, sendEmailChange } from './email-tokens';
import { phoneLoginsDisabled, provided } from './phone';
import { requestRedirect } from './redirect';
import { lockedUser } from './users';
import { checkedEmail } from './validation';

export const resend: Handler = async (request, reply, service) => {
  const { db, auth } = service;
  const body = (request.body ?? {}) as { type?: unknown; email?: unknown; phone?: unknown };
  const types = ['signup', 'email_change', 'sms', 'phone_change'];
  if (typeof body.type !== 'string' || !types.includes(body.type))
    throw new AuthError(
      400,
      'validation_failed',
      'Missing one of these types: signup, email_change, sms, phone_change',
    );
  const hasEmail = typeof body.email === 'string' && body.email.trim() !== '';
  const hasPhone = provided(body.phone);
  // GoTrue's checks, in its order; a phone is an SMS flow, off here.
  if (body.type === 'signup' && !hasEmail)
    throw new AuthError(400, 'validation_failed', 'Type provided requires an email address');
  if (body.type === 'sms' && !hasPhone)
    throw new AuthError(400, 'validation_failed', 'Type provided requires a phone number');
  if (hasEmail && hasPhone)
    throw new AuthError(
      400,
      'validation_failed',
      'Only an email address or phone number should be provided.',
    );
  if (hasPhone) throw phoneLoginsDisabled(400);
  if (!hasEmail) throw new AuthError(400, 'validation_failed', 'Missing email address or phone number');
  const address = checkedEmail(body.email);
  service.mail.budget.take();
  const redirectTo = requestRedirect(auth.redirect, request);
  await db.transaction(async (tx) => {
    if (body.type === 'signup') {
      const user = await lockedUser(tx, 'lower(email) = lower($1)', [address]);
      // Nothing to confirm (no such user, or confirmed already): the same answer, no e-mail.
      if (!user || user.email_confirmed_at) return;
      checkFrequency(user.confirmation_sent_at, auth.maxFrequency);
      await sendConfirmation(service, tx, user, redirectTo);
      return;
    }
    // A phone change by address: none is ever pending here (no SMS), so nothing to send.
    if (body.type === 'phone_change') return;
    const user = await lockedUser(tx, "lower(email) = lower($1) and coalesce(email_change, '') <> ''", [
      address,
    ]);
    if (!user) return;
    checkFrequency(user.email_change_sent_at, auth.maxFrequency);
    await sendEmailChange(service, tx, user, user.email_change!, redirectTo);
  });
  return reply.send({});
};
