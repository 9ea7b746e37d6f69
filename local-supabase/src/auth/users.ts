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

export interface UserRow {
  id: string;
  email: string;
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

/** The User object of GoTrue's API (internal/models/user.go). */
export function userJson(user: UserRow) {
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: '',
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.email_confirmed_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    identities: [
      {
        identity_id: user.id,
        id: user.id,
        user_id: user.id,
        identity_data: { sub: user.id, email: user.email, email_verified: user.email_confirmed_at !== null },
        provider: 'email',
        email: user.email,
        last_sign_in_at: iso(user.last_sign_in_at),
        created_at: iso(user.created_at),
        updated_at: iso(user.updated_at),
      },
    ],
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
    from auth.mfa_factors f where f.user_id = u.id), '[]'::json) as factors from auth.users u`;

export const findUserByEmail = async (db: Queryable, email: string) =>
  (await db.query<UserRow>(`${USER_WITH_FACTORS} where lower(u.email) = lower($1)`, [email])).rows[0];

export const findUserById = async (db: Queryable, id: string) =>
  (await db.query<UserRow>(`${USER_WITH_FACTORS} where u.id = $1`, [id])).rows[0];

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

/** A new e-mail user and its identity, as GoTrue makes them (sign-up, and the admin API); its id. */
export async function insertUser(
  tx: Queryable,
  user: {
    id?: string;
    email: string;
    /** The password's hash, or '' for none (an invited user sets one later). */
    hash: string;
    confirmed: boolean;
    /** JSON */
    userMetadata: string;
    /** JSON, laid over GoTrue's provider keys. */
    appMetadata?: string;
  },
): Promise<string> {
  const id = user.id ?? randomUUID();
  await tx.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       confirmation_sent_at, raw_app_meta_data, raw_user_meta_data)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3,
       case when $4::boolean then now() end, case when $4::boolean then null else now() end,
       '{"provider":"email","providers":["email"]}'::jsonb || $6::jsonb, $5)`,
    [id, user.email, user.hash, user.confirmed, user.userMetadata, user.appMetadata ?? '{}'],
  );
  await tx.query(
    `insert into auth.identities (user_id, provider_id, identity_data, provider) values ($1, $2, $3, 'email')`,
    [id, id, JSON.stringify({ sub: id, email: user.email, email_verified: user.confirmed })],
  );
  return id;
}
