// GoTrue's links made by the service role: POST /admin/generate_link (supabase.auth.admin.generateLink: the
// link and code of a sign-up, invite, magic link, recovery or e-mail change, handed back and not e-mailed) and
// POST /invite (inviteUserByEmail: a new user and the e-mailed invitation). Their links are /verify's.
import type { Queryable } from '../db/database';
import { AuthError } from '../errors';
import type { Handler, Service } from '../service';
import { newToken, sendConfirmation, verifyUrl } from './email-tokens';
import { EMAIL_EXISTS } from './admin-users';
import { checkedPasswordHash } from './passwords';
import { requestRedirect } from './redirect';
import { findUserByEmail, findUserById, insertUser, userJson, type UserRow } from './users';
import { checkedEmail, checkedMetadataJson, metadataObject } from './validation';

const LINK_TYPES = ['signup', 'invite', 'magiclink', 'recovery', 'email_change_current', 'email_change_new'];

const userMetadata = (data: unknown) => {
  const object = metadataObject(data);
  return object ? checkedMetadataJson(object) : '{}';
};

/** The user an invitation or a sign-up link is for: new, or one not yet confirmed (GoTrue's email_exists else). */
async function unconfirmedUser(
  tx: Queryable,
  email: string,
  hash: string,
  metadata: string,
): Promise<UserRow> {
  const existing = await findUserByEmail(tx, email);
  if (existing?.email_confirmed_at) throw EMAIL_EXISTS();
  const id =
    existing?.id ?? (await insertUser(tx, { email, hash, confirmed: false, userMetadata: metadata }));
  return (await findUserById(tx, id))!;
}

async function signupHash(service: Service, password: unknown): Promise<string> {
  if (typeof password !== 'string' || password === '')
    throw new AuthError(400, 'validation_failed', 'Password is required for signup verification');
  return checkedPasswordHash(password, service.auth.password);
}

export const generateLink: Handler = async (request, reply, service) => {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const type = body.type;
  if (typeof type !== 'string' || !LINK_TYPES.includes(type))
    throw new AuthError(400, 'validation_failed', 'Invalid generate link type');
  const email = checkedEmail(body.email);
  const redirectTo = requestRedirect(service.auth.redirect, request, body.redirect_to);
  const newEmail = type.startsWith('email_change') ? checkedEmail(body.new_email) : undefined;
  const hash = type === 'signup' ? await signupHash(service, body.password) : '';
  const result = await service.db.transaction(async (tx) => {
    let user: UserRow | undefined;
    if (type === 'signup' || type === 'invite')
      user = await unconfirmedUser(tx, email, hash, userMetadata(body.data));
    else user = await findUserByEmail(tx, email);
    if (!user) throw new AuthError(404, 'user_not_found', 'User with this email not found');
    // The token an e-mail would carry (to the address the link is for), stored where /verify looks for it.
    const token = newToken(service, newEmail && type === 'email_change_new' ? newEmail : email);
    if (type === 'signup' || type === 'invite')
      await tx.query(
        `update auth.users set confirmation_token = $2, confirmation_sent_at = now(),
           invited_at = case when $3 then now() else invited_at end where id = $1`,
        [user.id, token.hash, type === 'invite'],
      );
    else if (type === 'magiclink' || type === 'recovery')
      await tx.query('update auth.users set recovery_token = $2, recovery_sent_at = now() where id = $1', [
        user.id,
        token.hash,
      ]);
    else {
      if (await findUserByEmail(tx, newEmail!)) throw EMAIL_EXISTS();
      const column = type === 'email_change_new' ? 'email_change_token_new' : 'email_change_token_current';
      await tx.query(
        `update auth.users set email_change = $2, ${column} = $3, email_change_sent_at = now(),
           email_change_confirm_status = 0 where id = $1`,
        [user.id, newEmail, token.hash],
      );
    }
    const verificationType = type.startsWith('email_change') ? 'email_change' : type;
    return {
      ...userJson((await findUserById(tx, user.id))!),
      action_link: verifyUrl(service.auth.issuer, token.hash, verificationType, redirectTo),
      email_otp: token.code,
      hashed_token: token.hash,
      verification_type: verificationType,
      redirect_to: redirectTo,
    };
  });
  return reply.send(result);
};

export const invite: Handler = async (request, reply, service) => {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const email = checkedEmail(body.email);
  const metadata = userMetadata(body.data);
  const redirectTo = requestRedirect(service.auth.redirect, request);
  service.mail.budget.take();
  const user = await service.db.transaction(async (tx) => {
    const invited = await unconfirmedUser(tx, email, '', metadata);
    await tx.query('update auth.users set invited_at = now() where id = $1', [invited.id]);
    await sendConfirmation(service, tx, invited, redirectTo, 'invite');
    return (await findUserById(tx, invited.id))!;
  });
  return reply.send(userJson(user));
};
