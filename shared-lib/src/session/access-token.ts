// What the browser reads from a session's access token (a JWT it does not verify: the auth server and the
// database do). It only decides what to show; every rule is kept by the database.

interface AccessTokenClaims {
  /** The authenticator assurance level: 'aal2' once the second factor was verified in this session. */
  aal?: unknown;
  /** Set only with the service role (the admin API), never by the user. */
  app_metadata?: { role?: unknown };
}

export function accessTokenClaims(token: string): AccessTokenClaims {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = JSON.parse(json) as unknown;
    return typeof claims === 'object' && claims !== null ? (claims as AccessTokenClaims) : {};
  } catch {
    // Unreadable: no level and no role is known.
    return {};
  }
}

/** The agency's staff: `app_metadata.role` is 'staff' (README, "The back office"). */
export const isStaffToken = (token: string): boolean =>
  accessTokenClaims(token).app_metadata?.role === 'staff';

/** The session's second factor is verified (aal2). */
export const isSecondFactorToken = (token: string): boolean => accessTokenClaims(token).aal === 'aal2';
