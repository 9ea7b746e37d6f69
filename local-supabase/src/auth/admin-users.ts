// GoTrue's admin user API for the service role (internal/api/admin.go): supabase.auth.admin.createUser,
// listUsers (pages with X-Total-Count and Link), getUserById, updateUserById and deleteUser, as the agency's
// support work (docs/booking.md) and teams' integration tests use them, with bans (ban_duration). Phone users
// are not offered.
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database';
import { AuthError } from '../errors';
import type { Handler, Service } from '../service';
import { checkedPasswordHash } from './passwords';
import { UUID } from './request-user';
import { findUserByEmail, findUserById, insertUser, userJson } from './users';
import { checkedMetadataJson, metadataObject, validEmail } from './validation';

interface AdminUserBody {
  email?: unknown;
  phone?: unknown;
  password?: unknown;
  email_confirm?: unknown;
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

/** What GoTrue's admin API refuses whatever the request: phones are not offered here. */
function unsupported(body: AdminUserBody) {
  if (body.phone !== undefined && body.phone !== '')
    throw new AuthError(422, 'phone_provider_disabled', 'Phone signups are disabled');
}

// A Go duration (time.ParseDuration), as GoTrue reads ban_duration: "24h", "1h30m", "90s", "1.5h".
const GO_DURATION = /^[-+]?(?:(?:\d+\.?\d*|\.\d+)(?:ns|us|µs|μs|ms|s|m|h))+$/;
const GO_UNIT_MS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  μs: 1e-3,
  ms: 1,
  s: 1e3,
  m: 6e4,
  h: 3.6e6,
};

/**
 * ban_duration as a `banned_until` (SQL, from now): undefined when not given, null to lift a ban ("none", or a
 * duration of 0 as GoTrue's Ban(0)); 400 with Go's own words for what is no duration.
 */
function banUntil(body: AdminUserBody): Date | null | undefined {
  const raw = body.ban_duration;
  if (raw === undefined || raw === '') return undefined;
  if (raw === 'none') return null;
  if (typeof raw !== 'string' || !(raw === '0' || GO_DURATION.test(raw)))
    throw new AuthError(
      400,
      'validation_failed',
      `invalid format for ban duration: time: invalid duration ${JSON.stringify(String(raw))}`,
    );
  const sign = raw.startsWith('-') ? -1 : 1;
  let ms = 0;
  for (const [, amount, unit] of raw.matchAll(/(\d+\.?\d*|\.\d+)(ns|us|µs|μs|ms|s|m|h)/g))
    ms += Number(amount) * GO_UNIT_MS[unit!]!;
  return ms === 0 ? null : new Date(Date.now() + sign * ms);
}

/** Sets or lifts the user's ban, when the request gives ban_duration. */
async function applyBan(tx: Queryable, id: string, until: Date | null | undefined) {
  if (until !== undefined)
    await tx.query('update auth.users set banned_until = $2 where id = $1', [id, until]);
}

/** An address the request gives, checked; undefined when it gives none. */
function address(body: AdminUserBody): string | undefined {
  if (body.email === undefined || body.email === '') return undefined;
  if (typeof body.email !== 'string' || !validEmail(body.email.trim().toLowerCase()))
    throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format');
  return body.email.trim().toLowerCase();
}

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

export const createUser: Handler = async (request, reply, service) => {
  const body = bodyOf(request);
  unsupported(body);
  const email = address(body);
  if (!email)
    throw new AuthError(400, 'validation_failed', 'Cannot create a user without either an email or phone');
  const userMetadata = metadata(body.user_metadata) ?? '{}';
  const appMetadata = metadata(body.app_metadata);
  const hash = (await passwordHash(service, body)) ?? '';
  const ban = banUntil(body);
  const user = await service.db.transaction(async (tx) => {
    if (await findUserByEmail(tx, email)) throw EMAIL_EXISTS();
    const id = await insertUser(tx, {
      email,
      hash,
      confirmed: body.email_confirm === true,
      userMetadata,
      appMetadata,
    });
    await applyBan(tx, id, ban);
    return (await findUserById(tx, id))!;
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
  const where = `where u.email ilike '%' || $1 || '%'`;
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
  unsupported(body);
  const user = await pathUser(service.db, request);
  const email = address(body);
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
      await tx.query(
        `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text)
         where user_id = $1 and provider = 'email'`,
        [user.id, email],
      );
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
    await applyBan(tx, user.id, ban);
    await tx.query('update auth.users set updated_at = now() where id = $1', [user.id]);
    return (await findUserById(tx, user.id))!;
  });
  return reply.send(userJson(updated));
};

/**
 * GoTrue's soft delete: the row stays (with deleted_at) but its address is replaced by a hash of itself and the
 * id, so no one signs in as it and it may sign up anew; its password, e-mail tokens, factors and sessions go.
 */
async function softDelete(tx: Queryable, id: string) {
  await tx.query(
    `update auth.users set deleted_at = now(), updated_at = now(), encrypted_password = '',
       email = encode(extensions.digest(id::text || coalesce(email, ''), 'sha256'), 'hex'),
       email_change = '', confirmation_token = '', recovery_token = '', email_change_token_new = '',
       email_change_token_current = '', reauthentication_token = ''
     where id = $1 and deleted_at is null`,
    [id],
  );
  await tx.query(
    `update auth.identities i set identity_data = jsonb_build_object('sub', u.id::text, 'email', u.email)
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
