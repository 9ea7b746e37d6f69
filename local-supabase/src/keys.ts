// Signing and verifying JWTs: HS256 with the project secret, as Supabase's local stack and legacy projects do.
// The anon and service keys are long-lived JWTs with role anon / service_role.
import { createSecretKey, type KeyObject } from 'node:crypto';
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

// jsonwebtoken turns a string secret into a key object on every call, first trying to read it as a public key;
// that costs more than the HMAC itself, so each secret's key object is made once.
const keyObjects = new Map<string, KeyObject>();
function keyOf(secret: string): KeyObject {
  let key = keyObjects.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keyObjects.set(secret, key);
  }
  return key;
}

export function signJwt(secret: string, claims: Claims, expiresInSeconds?: number): string {
  const now = Math.floor(Date.now() / 1000);
  return jwt.sign(
    { iat: now, ...claims, ...(expiresInSeconds ? { exp: now + expiresInSeconds } : {}) },
    keyOf(secret),
    { algorithm: 'HS256' },
  );
}

export type VerifyResult = { ok: true; claims: Claims } | { ok: false; reason: 'expired' | 'invalid' };

export function verifyJwt(secret: string, token: string): VerifyResult {
  try {
    return { ok: true, claims: jwt.verify(token, keyOf(secret), { algorithms: ['HS256'] }) as Claims };
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
