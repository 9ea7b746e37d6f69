// Sessions and rotating refresh tokens in the auth schema, and the session object with its access token, shaped
// as GoTrue returns them (internal/tokens/service.go).
import { randomBytes, randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database';
import { signAccessToken, type JwtKeys } from '../keys';
import { findUserById, isBanned, userJson, type UserRow } from './users';

export interface AuthSettings extends JwtKeys {
  issuer: string;
  jwtExpiry: number;
}

const newRefreshToken = () => randomBytes(24).toString('base64url');

async function issueRefreshToken(db: Queryable, user: UserRow, sessionId: string, parent: string | null) {
  const token = newRefreshToken();
  await db.query(
    'insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)',
    [token, user.id, sessionId, parent],
  );
  return token;
}

/** How a session was authenticated: `password`, `otp` (an e-mail link or code), `totp`. */
export type AuthenticationMethod = 'password' | 'otp' | 'totp';

export interface AssuranceClaims {
  aal: 'aal1' | 'aal2';
  amr: { method: string; timestamp: number }[];
}

/**
 * A session's `aal` and `amr` as GoTrue computes them (Session.CalculateAALAndAMR): aal2 once a TOTP code was
 * verified in it; the methods most recent first.
 */
export async function assuranceOf(db: Queryable, sessionId: string): Promise<AssuranceClaims> {
  const claims = (
    await db.query<{ authentication_method: string; updated_at: Date | string }>(
      'select authentication_method, updated_at from auth.mfa_amr_claims where session_id = $1',
      [sessionId],
    )
  ).rows;
  const amr = claims
    .map((c) => ({
      method: c.authentication_method,
      timestamp: Math.floor(new Date(c.updated_at).getTime() / 1000),
    }))
    .sort((a, b) => b.timestamp - a.timestamp);
  return { aal: amr.some((c) => c.method === 'totp') ? 'aal2' : 'aal1', amr };
}

/** Records that the session was (again) authenticated with `method`. */
export async function addAuthenticationMethod(
  db: Queryable,
  sessionId: string,
  method: AuthenticationMethod,
) {
  await db.query(
    `insert into auth.mfa_amr_claims (session_id, authentication_method) values ($1, $2)
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [sessionId, method],
  );
}

/** The session object of GoTrue's token endpoint, with an access token carrying Supabase's claims. */
function sessionJson(
  settings: AuthSettings,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
  assurance: AssuranceClaims,
) {
  const now = Math.floor(Date.now() / 1000);
  const accessToken = signAccessToken(
    settings,
    {
      iss: settings.issuer,
      sub: user.id,
      aud: 'authenticated',
      email: user.email,
      phone: user.phone ?? '',
      app_metadata: user.raw_app_meta_data,
      user_metadata: user.raw_user_meta_data,
      role: 'authenticated',
      aal: assurance.aal,
      amr: assurance.amr,
      session_id: sessionId,
      is_anonymous: false,
    },
    settings.jwtExpiry,
  );
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: settings.jwtExpiry,
    expires_at: now + settings.jwtExpiry,
    refresh_token: refreshToken,
    user: userJson(user),
  };
}

export async function startSession(
  db: Queryable,
  settings: AuthSettings,
  user: UserRow,
  method: AuthenticationMethod = 'password',
) {
  const sessionId = randomUUID();
  await db.query('insert into auth.sessions (id, user_id) values ($1, $2)', [sessionId, user.id]);
  await addAuthenticationMethod(db, sessionId, method);
  await db.query('update auth.users set last_sign_in_at = now() where id = $1', [user.id]);
  const refreshed = (await findUserById(db, user.id))!;
  return sessionJson(
    settings,
    refreshed,
    sessionId,
    await issueRefreshToken(db, refreshed, sessionId, null),
    await assuranceOf(db, sessionId),
  );
}

/**
 * A new access and refresh token for an existing session (after a TOTP verification raised its level): the
 * session's active refresh token is rotated, as GoTrue does in updateMFASessionAndClaims.
 */
export async function reissueSession(
  db: Queryable,
  settings: AuthSettings,
  user: UserRow,
  sessionId: string,
) {
  const active = (
    await db.query<{ token: string }>(
      `update auth.refresh_tokens set revoked = true, updated_at = now()
       where session_id = $1 and not revoked returning token`,
      [sessionId],
    )
  ).rows.at(-1);
  await db.query('update auth.sessions set updated_at = now() where id = $1', [sessionId]);
  return sessionJson(
    settings,
    user,
    sessionId,
    await issueRefreshToken(db, user, sessionId, active?.token ?? null),
    await assuranceOf(db, sessionId),
  );
}

interface RefreshTokenRow {
  token: string;
  user_id: string;
  session_id: string;
  revoked: boolean;
  updated_at: Date | string;
}

export type RefreshOutcome =
  | { ok: true; session: ReturnType<typeof sessionJson> }
  | { ok: false; code: 'refresh_token_not_found' | 'refresh_token_already_used' | 'user_banned' };

/**
 * Refresh-token rotation with reuse detection, as GoTrue does it (internal/api/token_refresh.go): an active token
 * is revoked and replaced by a child. A revoked token is accepted again when it is the parent of the session's
 * active token (the client lost the answer of its last refresh: it gets the active token back) or when it was
 * revoked less than the reuse interval ago (two tabs refreshing at once: it gets a new child). Any other reuse
 * looks like a stolen token: the whole session (the token family) is revoked, unless rotation is off
 * (config.toml's enable_refresh_token_rotation = false), when only that request fails.
 */
export async function refreshSession(
  db: Queryable,
  settings: AuthSettings,
  token: string,
  reuseInterval: number,
  revokeFamilyOnReuse = true,
): Promise<RefreshOutcome> {
  const row = (
    await db.query<RefreshTokenRow>('select * from auth.refresh_tokens where token = $1 for update', [token])
  ).rows[0];
  if (!row) return { ok: false, code: 'refresh_token_not_found' };
  const user = await findUserById(db, row.user_id);
  // Locking the session row serialises concurrent refreshes of one session.
  const session = (await db.query('select id from auth.sessions where id = $1 for update', [row.session_id]))
    .rows[0];
  if (!user || !session) return { ok: false, code: 'refresh_token_not_found' };
  if (isBanned(user)) return { ok: false, code: 'user_banned' };
  if (row.revoked) {
    const active = (
      await db.query<{ token: string; parent: string | null }>(
        'select token, parent from auth.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1',
        [row.session_id],
      )
    ).rows[0];
    if (active && active.parent === token) {
      return {
        ok: true,
        session: sessionJson(
          settings,
          user,
          row.session_id,
          active.token,
          await assuranceOf(db, row.session_id),
        ),
      };
    }
    const revokedFor = (Date.now() - new Date(row.updated_at).getTime()) / 1000;
    if (revokedFor > reuseInterval) {
      if (revokeFamilyOnReuse) await db.query('delete from auth.sessions where id = $1', [row.session_id]);
      return { ok: false, code: 'refresh_token_already_used' };
    }
  }
  await db.query(
    'update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1 and not revoked',
    [token],
  );
  await db.query('update auth.sessions set updated_at = now() where id = $1', [row.session_id]);
  return {
    ok: true,
    session: sessionJson(
      settings,
      user,
      row.session_id,
      await issueRefreshToken(db, user, row.session_id, token),
      await assuranceOf(db, row.session_id),
    ),
  };
}
