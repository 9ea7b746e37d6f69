// GoTrue's POST /recover (internal/api/recover.go): a password recovery e-mail, and the same empty answer whether
// or not the address has an account.
import { AuthError } from '../errors';
import type { Handler } from '../service';
import { checkFrequency, sendRecovery } from './email-tokens';
import { requestRedirect } from './redirect';
import { lockedUser } from './users';
import { checkedEmail } from './validation';

export const recover: Handler = async (request, reply, service) => {
  const { db, auth } = service;
  const email = (request.body as { email?: unknown } | undefined)?.email;
  if (typeof email !== 'string' || email.trim() === '')
    throw new AuthError(400, 'validation_failed', 'Password recovery requires an email');
  const address = checkedEmail(email);
  if (!auth.emailEnabled) throw new AuthError(422, 'email_provider_disabled', 'Email logins are disabled');
  service.mail.budget.take();
  const redirectTo = requestRedirect(auth.redirect, request);
  await db.transaction(async (tx) => {
    const user = await lockedUser(tx, 'lower(email) = lower($1)', [address]);
    // An unknown address gets the same empty answer, and no e-mail.
    if (!user) return;
    checkFrequency(user.recovery_sent_at, auth.maxFrequency);
    await sendRecovery(service, tx, user, redirectTo);
  });
  return reply.send({});
};
