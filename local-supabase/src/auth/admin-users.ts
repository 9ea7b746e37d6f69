// GoTrue's admin user API for the service role (internal/api/admin.go): supabase.auth.admin.createUser,
// listUsers (pages with X-Total-Count and Link), getUserById, updateUserById and deleteUser, as the agency's
// support work (docs/booking.md) and teams' integration tests use them, with bans (ban_duration). A user may
// have a phone number (phone, phone_confirm), as GoTrue's admin API makes them even with the phone provider off.
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database';
import { AuthError } from '../errors';
import type { Handler, Service } from '../service';
import { applyBan, banUntil } from './admin-bans';
import { checkedPasswordHash } from './passwords';
import { givenPhone, PHONE_EXISTS } from './phone';
import { UUID } from './request-user';
import { findUserByEmail, findUserById, findUserByPhone, insertUser, setIdentity, userJson } from './users';
import { checkedEmail, checkedMetadataJson, metadataObject } from './validation';

interface AdminUserBody {
  email?: unknown;
  phone?: unknown;
  password?: unknown;
  email_confirm?: unknown;
  phone_confirm?: unknown;
  id?: unknown;
  user_metadata?: unknown;
  app_metadata?: unknown;
  ban_duration?: unknown;
}

const bodyOf = (request: FastifyRequest) => (request.body ?? {}) as AdminUserBody;

const notFound = () => new AuthError(404, 'user_not_found', 'User not found');

/** The user a path's id names: 400 for what is no UUID, 404 for no user (GoTrue's loadUser). */
async function pathUser(db: Queryable, request: FastifyRequest) {
  const { userId } = request.params as { userId: string };
  if (!UUID.test(userId)) throw new AuthError(400, 'validation_failed', 'user_id must be an UUID');
  const user = await findUserById(db, userId);
  if (!user) throw notFound();
  return user;
}

/** An address the request gives, checked; undefined when it gives none. */
const address = (body: AdminUserBody) =>
  body.email === undefined || body.email === '' ? undefined : checkedEmail(body.email);

/** A password the request gives, held to the policy and hashed; undefined when it gives none. */
async function passwordHash({ auth }: Service, body: AdminUserBody): Promise<string | undefined> {
  if (body.password === undefined || body.password === '') return undefined;
  if (typeof body.password !== 'string')
    throw new AuthError(400, 'validation_failed', 'password must be a string');
  return checkedPasswordHash(body.password, auth.password);
}

/** user_metadata or app_metadata as stored, or undefined when not given. */
const metadata = (value: unknown) => {
  const data = metadataObject(value);
  return data ? checkedMetadataJson(data) : undefined;
};

export const EMAIL_EXISTS = () =>
  new AuthError(422, 'email_exists', 'A user with this email address has already been registered');

/** A user id the request gives for a new user (GoTrue's `id`), or undefined. */
function newUserId(body: AdminUserBody): string | undefined {
  if (body.id === undefined || body.id === '') return undefined;
  if (typeof body.id !== 'string' || !UUID.test(body.id))
    throw new AuthError(400, 'validation_failed', 'ID must conform to the uuid v4 format');
  if (/^0{8}-0{4}-0{4}-0{4}-0{12}$/.test(body.id))
    throw new AuthError(400, 'validation_failed', 'ID cannot be a nil uuid');
  return body.id.toLowerCase();
}

export const createUser: Handler = async (request, reply, service) => {
  const body = bodyOf(request);
  const email = address(body);
  const phone = givenPhone(body.phone);
  if (!email && !phone)
    throw new AuthError(400, 'validation_failed', 'Cannot create a user without either an email or phone');
  const id = newUserId(body);
  const userMetadata = metadata(body.user_metadata) ?? '{}';
  const appMetadata = metadata(body.app_metadata);
  const hash = (await passwordHash(service, body)) ?? '';
  const ban = banUntil(body);
  const user = await service.db.transaction(async (tx) => {
    if (email && (await findUserByEmail(tx, email))) throw EMAIL_EXISTS();
    if (phone && (await findUserByPhone(tx, phone))) throw PHONE_EXISTS();
    // GoTrue's insert fails on a taken id (a 500); its code for a user who exists, rather than a 5xx.
    if (id && (await findUserById(tx, id)))
      throw new AuthError(422, 'user_already_exists', 'User already registered');
    const created = await insertUser(tx, {
      id,
      email: email ?? '',
      phone,
      hash,
      confirmed: body.email_confirm === true,
      phoneConfirmed: body.phone_confirm === true,
      userMetadata,
      appMetadata,
    });
    await applyBan(tx, created, ban);
    return (await findUserById(tx, created))!;
  });
  return reply.send(userJson(user));
};

/** `?page=&per_page=`, GoTrue's pagination (page from 1; 50 a page unless asked). */
function page(request: FastifyRequest) {
  const { page: p, per_page: perPage } = request.query as { page?: string; per_page?: string };
  const number = (raw: string | undefined, fallback: number) =>
    raw === undefined || raw === '' ? fallback : /^\d{1,6}$/.test(raw) ? Number(raw) : NaN;
  const result = { page: number(p, 1), perPage: number(perPage, 50) };
  if (!(result.page >= 1) || !(result.perPage >= 1))
    throw new AuthError(400, 'validation_failed', 'Bad Pagination Parameters');
  return result;
}

export const listUsers: Handler = async (request, reply, { db }) => {
  const { page: current, perPage } = page(request);
  const filter = (request.query as { filter?: string }).filter ?? '';
  // A phone user has no address: it is listed unless a filter asks for an address.
  const where = `where $1 = '' or u.email ilike '%' || $1 || '%'`;
  const total = Number(
    (await db.query<{ n: string }>(`select count(*) as n from auth.users u ${where}`, [filter])).rows[0]!.n,
  );
  const ids = await db.query<{ id: string }>(
    `select u.id from auth.users u ${where} order by u.created_at desc, u.id limit $2 offset $3`,
    [filter, perPage, (current - 1) * perPage],
  );
  const users = await Promise.all(ids.rows.map(async ({ id }) => userJson((await findUserById(db, id))!)));
  // GoTrue's Link header: the next page while there is one, and the last.
  const last = Math.max(1, Math.ceil(total / perPage));
  const link = (n: number, rel: string) => `</admin/users?page=${n}&per_page=${perPage}>; rel="${rel}"`;
  reply.header('X-Total-Count', String(total));
  reply.header(
    'Link',
    [...(current < last ? [link(current + 1, 'next')] : []), link(last, 'last')].join(', '),
  );
  return reply.send({ aud: 'authenticated', users });
};

export const getUserById: Handler = async (request, reply, { db }) =>
  reply.send(userJson(await pathUser(db, request)));

export const updateUserById: Handler = async (request, reply, service) => {
  const body = bodyOf(request);
  const user = await pathUser(service.db, request);
  const email = address(body);
  const phone = givenPhone(body.phone);
  const userMetadata = metadata(body.user_metadata);
  const appMetadata = metadata(body.app_metadata);
  const hash = await passwordHash(service, body);
  const ban = banUntil(body);
  const updated = await service.db.transaction(async (tx) => {
    if (email && email !== user.email) {
      const taken = await findUserByEmail(tx, email);
      if (taken && taken.id !== user.id) throw EMAIL_EXISTS();
      // The service role changes an address at once, with no confirmation (GoTrue's admin update).
      await tx.query(
        `update auth.users set email = $2, email_change = '', email_change_token_new = '',
          email_change_token_current = '' where id = $1`,
        [user.id, email],
      );
      await setIdentity(tx, user.id, 'email', { email, email_verified: body.email_confirm === true });
    }
    if (phone && phone !== user.phone) {
      const taken = await findUserByPhone(tx, phone);
      if (taken && taken.id !== user.id) throw PHONE_EXISTS();
      await tx.query('update auth.users set phone = $2 where id = $1', [user.id, phone]);
      await setIdentity(tx, user.id, 'phone', { phone, phone_verified: body.phone_confirm === true });
    }
    // Metadata merges key by key; a key set to null is removed (GoTrue's UpdateUserMetaData).
    const merge = (column: string) =>
      `${column} = (${column} || $2::jsonb) - array(select key from jsonb_each($2::jsonb) where value = 'null')`;
    if (userMetadata)
      await tx.query(`update auth.users set ${merge('raw_user_meta_data')} where id = $1`, [
        user.id,
        userMetadata,
      ]);
    if (appMetadata)
      await tx.query(`update auth.users set ${merge('raw_app_meta_data')} where id = $1`, [
        user.id,
        appMetadata,
      ]);
    if (hash) await tx.query('update auth.users set encrypted_password = $2 where id = $1', [user.id, hash]);
    if (body.email_confirm === true)
      await tx.query(
        'update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1',
        [user.id],
      );
    if (body.phone_confirm === true)
      await tx.query(
        'update auth.users set phone_confirmed_at = coalesce(phone_confirmed_at, now()) where id = $1',
        [user.id],
      );
    await applyBan(tx, user.id, ban);
    await tx.query('update auth.users set updated_at = now() where id = $1', [user.id]);
    return (await findUserById(tx, user.id))!;
  });
  return reply.send(userJson(updated));
};

/**
 * GoTrue's soft delete: the row stays (with deleted_at) but its address and phone are replaced by hashes of
 * themselves and the id, so no one signs in as it and they may sign up anew; its password, e-mail tokens, factors
 * and sessions go.
 */
async function softDelete(tx: Queryable, id: string) {
  await tx.query(
    `update auth.users set deleted_at = now(), updated_at = now(), encrypted_password = '',
       email = encode(extensions.digest(id::text || email, 'sha256'), 'hex'),
       phone = left(encode(extensions.digest(id::text || phone, 'sha256'), 'hex'), 15),
       email_change = '', confirmation_token = '', recovery_token = '', email_change_token_new = '',
       email_change_token_current = '', reauthentication_token = ''
     where id = $1 and deleted_at is null`,
    [id],
  );
  await tx.query(
    `update auth.identities i
       set identity_data = jsonb_strip_nulls(jsonb_build_object('sub', u.id::text, 'email', u.email, 'phone', u.phone))
     from auth.users u where i.user_id = u.id and u.id = $1`,
    [id],
  );
  await tx.query('delete from auth.mfa_factors where user_id = $1', [id]);
  await tx.query('delete from auth.sessions where user_id = $1', [id]);
}

export const deleteUser: Handler = async (request, reply, { db }) => {
  const user = await pathUser(db, request);
  if ((request.body as { should_soft_delete?: unknown } | undefined)?.should_soft_delete === true) {
    const deleted = await db.transaction(async (tx) => {
      await softDelete(tx, user.id);
      return (await findUserById(tx, user.id))!;
    });
    return reply.send(userJson(deleted));
  }
  // Sessions, identities and factors go with the user (their foreign keys cascade), as in GoTrue.
  await db.query('delete from auth.users where id = $1', [user.id]);
  return reply.send(userJson(user));
};
