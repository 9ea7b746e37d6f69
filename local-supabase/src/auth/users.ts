// Users and their factors in the auth schema, shaped as GoTrue returns them (internal/models/user.go, factor.go).
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database';
import { AuthError } from '../errors';

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: string;
  status: 'verified' | 'unverified';
  secret: string;
  last_totp_step: string | number | null;
  last_challenged_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** A row of auth.identities: the user's e-mail or phone identity. */
interface IdentityRow {
  id: string;
  user_id: string;
  provider_id: string;
  provider: string;
  identity_data: Record<string, unknown>;
  last_sign_in_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface UserRow {
  id: string;
  /** The address; '' for a user with only a phone (NULL in the table), as GoTrue's GetEmail reads it. */
  email: string;
  /** The phone number as E.164 digits, or null (only the admin API sets one: no SMS provider here). */
  phone: string | null;
  phone_confirmed_at: Date | string | null;
  /** When the admin API invited the user, or null. */
  invited_at: Date | string | null;
  /** The pending new address of an e-mail change, or ''. */
  email_change: string | null;
  encrypted_password: string;
  email_confirmed_at: Date | string | null;
  confirmation_sent_at: Date | string | null;
  last_sign_in_at: Date | string | null;
  /** Until when the admin API's ban_duration bars the user, or null. */
  banned_until: Date | string | null;
  /** When the admin API soft-deleted the user, or null. */
  deleted_at: Date | string | null;
  raw_app_meta_data: Record<string, unknown>;
  raw_user_meta_data: Record<string, unknown>;
  created_at: Date | string;
  updated_at: Date | string;
  /** The user's MFA factors, oldest first (loaded with the user). */
  factors: FactorRow[];
  /** The user's identities, oldest first (loaded with the user). */
  identities: IdentityRow[];
}

const iso = (value: Date | string | null) => (value === null ? undefined : new Date(value).toISOString());

/** A factor in GoTrue's API (internal/models/factor.go). */
export function factorJson(factor: FactorRow) {
  return {
    id: factor.id,
    friendly_name: factor.friendly_name ?? '',
    factor_type: factor.factor_type,
    status: factor.status,
    created_at: iso(factor.created_at),
    updated_at: iso(factor.updated_at),
    ...(factor.last_challenged_at ? { last_challenged_at: iso(factor.last_challenged_at) } : {}),
  };
}

/** An identity in GoTrue's API (internal/models/identity.go): `id` is the provider's id of the user. */
const identityJson = (identity: IdentityRow) => ({
  identity_id: identity.id,
  id: identity.provider_id,
  user_id: identity.user_id,
  identity_data: identity.identity_data,
  provider: identity.provider,
  ...(typeof identity.identity_data.email === 'string' ? { email: identity.identity_data.email } : {}),
  last_sign_in_at: iso(identity.last_sign_in_at),
  created_at: iso(identity.created_at),
  updated_at: iso(identity.updated_at),
});

/** The User object of GoTrue's API (internal/models/user.go). */
export function userJson(user: UserRow) {
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: user.phone ?? '',
    phone_confirmed_at: iso(user.phone_confirmed_at),
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.email_confirmed_at ?? user.phone_confirmed_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    identities: user.identities.map(identityJson),
    ...(user.invited_at ? { invited_at: iso(user.invited_at) } : {}),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: false,
    // GoTrue leaves `factors` out when there are none; supabase-js reads the verified ones for nextLevel.
    ...(user.factors.length ? { factors: user.factors.map(factorJson) } : {}),
    ...(user.email_change ? { new_email: user.email_change } : {}),
    ...(user.banned_until ? { banned_until: iso(user.banned_until) } : {}),
    ...(user.deleted_at ? { deleted_at: iso(user.deleted_at) } : {}),
  };
}

/** A ban still running (GoTrue's IsBanned). */
export const isBanned = (user: Pick<UserRow, 'banned_until'>, now = Date.now()) =>
  user.banned_until !== null && new Date(user.banned_until).getTime() > now;

export const USER_BANNED = () => new AuthError(400, 'user_banned', 'User is banned');

/** GoTrue's answer to a sign-up for a registered address when confirmations are on (sanitizeUser). */
export function obfuscatedUserJson(user: UserRow) {
  const now = new Date().toISOString();
  return {
    ...userJson(user),
    id: randomUUID(),
    email_confirmed_at: undefined,
    confirmed_at: undefined,
    last_sign_in_at: undefined,
    confirmation_sent_at: now,
    app_metadata: {},
    user_metadata: {},
    identities: [],
    factors: undefined,
    new_email: undefined,
    created_at: now,
    updated_at: now,
  };
}

// Every user is read with its factors, as GoTrue's user JSON carries them.
const USER_WITH_FACTORS = `select u.*, coalesce((select json_agg(f order by f.created_at, f.id)
    from auth.mfa_factors f where f.user_id = u.id), '[]'::json) as factors,
  coalesce((select json_agg(i order by i.created_at, i.provider, i.id)
    from auth.identities i where i.user_id = u.id), '[]'::json) as identities from auth.users u`;

async function findUser(db: Queryable, where: string, value: string): Promise<UserRow | undefined> {
  const row = (await db.query<UserRow>(`${USER_WITH_FACTORS} where ${where}`, [value])).rows[0];
  return row && { ...row, email: row.email ?? '' };
}

export const findUserByEmail = (db: Queryable, email: string) =>
  findUser(db, 'lower(u.email) = lower($1)', email);

export const findUserById = (db: Queryable, id: string) => findUser(db, 'u.id = $1', id);

export const findUserByPhone = (db: Queryable, phone: string) => findUser(db, 'u.phone = $1', phone);

/** A user row with the e-mail token columns GoTrue keeps (src/db/bootstrap.sql). */
interface TokenColumns {
  confirmation_token: string | null;
  recovery_token: string | null;
  recovery_sent_at: Date | string | null;
  email_change_token_new: string | null;
  email_change_token_current: string | null;
  email_change_sent_at: Date | string | null;
  email_change_confirm_status: number | null;
}
export type UserWithTokens = UserRow & TokenColumns;

/** The user `where` finds, locked (two uses of one token at once cannot both succeed), with every column. */
export async function lockedUser(tx: Queryable, where: string, params: unknown[]) {
  const row = (
    await tx.query<{ id: string }>(`select id from auth.users where ${where} limit 1 for update`, params)
  ).rows[0];
  return row ? ((await findUserById(tx, row.id)) as UserWithTokens | undefined) : undefined;
}

/**
 * A new user and its identities, as GoTrue makes them (sign-up, and the admin API, the one way to a phone user
 * here); its id. Each of email and phone may be '' (not both); app_metadata names the providers.
 */
export async function insertUser(
  tx: Queryable,
  user: {
    id?: string;
    email: string;
    phone?: string;
    /** The password's hash, or '' for none (an invited user sets one later). */
    hash: string;
    confirmed: boolean;
    phoneConfirmed?: boolean;
    /** JSON */
    userMetadata: string;
    /** JSON, laid over GoTrue's provider keys. */
    appMetadata?: string;
  },
): Promise<string> {
  const id = user.id ?? randomUUID();
  const providers = [...(user.email ? ['email'] : []), ...(user.phone ? ['phone'] : [])];
  await tx.query(
    `insert into auth.users (instance_id, id, aud, role, email, phone, encrypted_password, email_confirmed_at,
       phone_confirmed_at, confirmation_sent_at, raw_app_meta_data, raw_user_meta_data)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', nullif($2, ''),
       nullif($7, ''), $3, case when $4::boolean and $2 <> '' then now() end,
       case when $8::boolean and $7 <> '' then now() end,
       case when $2 <> '' and not $4::boolean then now() end, $9::jsonb || $6::jsonb, $5)`,
    [
      id,
      user.email,
      user.hash,
      user.confirmed,
      user.userMetadata,
      user.appMetadata ?? '{}',
      user.phone ?? '',
      user.phoneConfirmed ?? false,
      JSON.stringify({ provider: providers[0], providers }),
    ],
  );
  if (user.email) await setIdentity(tx, id, 'email', { email: user.email, email_verified: user.confirmed });
  if (user.phone)
    await setIdentity(tx, id, 'phone', { phone: user.phone, phone_verified: !!user.phoneConfirmed });
  return id;
}

/** Lays `data` over the user's identity of `provider`, or makes that identity (GoTrue's admin update). */
export async function setIdentity(
  tx: Queryable,
  userId: string,
  provider: 'email' | 'phone',
  data: Record<string, unknown>,
) {
  await tx.query(
    `with updated as (
       update auth.identities set identity_data = identity_data || $2::jsonb, updated_at = now()
       where user_id = $1 and provider = $3 returning 1)
     insert into auth.identities (user_id, provider_id, identity_data, provider)
     select $1, $1::text, jsonb_build_object('sub', $1::text) || $2::jsonb, $3
     where not exists (select 1 from updated)`,
    [userId, JSON.stringify(data), provider],
  );
}
