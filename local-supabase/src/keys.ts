// Signing and verifying JWTs: HS256 with the project secret, as Supabase's local stack and legacy projects do.
// The anon and service keys are long-lived JWTs with role anon / service_role.
import jwt from 'jsonwebtoken';

export const DEFAULT_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

export interface Claims {
  sub?: string;
  role: string;
  aud?: string;
  exp?: number;
  iat?: number;
  email?: string;
  session_id?: string;
  [key: string]: unknown;
}

export function signJwt(secret: string, claims: Claims, expiresInSeconds?: number): string {
  const now = Math.floor(Date.now() / 1000);
  return jwt.sign(
    { iat: now, ...claims, ...(expiresInSeconds ? { exp: now + expiresInSeconds } : {}) },
    secret,
    {
      algorithm: 'HS256',
    },
  );
}

export type VerifyResult = { ok: true; claims: Claims } | { ok: false; reason: 'expired' | 'invalid' };

export function verifyJwt(secret: string, token: string): VerifyResult {
  try {
    return { ok: true, claims: jwt.verify(token, secret, { algorithms: ['HS256'] }) as Claims };
  } catch (error) {
    return { ok: false, reason: error instanceof jwt.TokenExpiredError ? 'expired' : 'invalid' };
  }
}

/** The project's API keys, as `supabase status` prints them for a local stack. */
export function apiKeys(secret: string): { anonKey: string; serviceRoleKey: string } {
  // Fixed times, so the same secret always gives the same keys (as the CLI's well-known local keys).
  const times = { iat: 1700000000, exp: 2000000000 };
  return {
    anonKey: signJwt(secret, { iss: 'supabase-demo', role: 'anon', ...times }),
    serviceRoleKey: signJwt(secret, { iss: 'supabase-demo', role: 'service_role', ...times }),
  };
}

/** The bearer token of a request: Authorization wins over apikey, as in PostgREST behind Supabase's gateway. */
export function bearerToken(headers: Record<string, string | string[] | undefined>): string | null {
  const authorization = headers.authorization;
  if (typeof authorization === 'string' && /^bearer /i.test(authorization))
    return authorization.slice(7).trim();
  return typeof headers.apikey === 'string' ? headers.apikey : null;
}
