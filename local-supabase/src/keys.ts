// Signing and verifying JWTs: HS256 with the project secret, as Supabase's local stack and legacy projects do, and,
// with `[auth] signing_keys_path`, ES256/RS256 with the project's signing keys (src/config/signing-keys.ts), as
// GoTrue signs and verifies them (internal/api/auth.go parseJWTClaims, internal/conf/jwk.go). The anon and service
// keys are long-lived HS256 JWTs with role anon / service_role.
import { createSecretKey, type JsonWebKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { SigningKey } from './config/signing-keys';

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

/** What signs and verifies the project's tokens. */
export interface JwtKeys {
  /** The JWT secret: signs the access tokens when there are no signing keys, and always verifies HS256 tokens. */
  secret: string;
  /** `[auth] signing_keys_path`'s keys (none: HS256 only); the first that can sign signs the access tokens. */
  signingKeys: readonly SigningKey[];
}

/** An access token: signed with the first signing key that can sign (`kid` in its header), else HS256. */
export function signAccessToken(keys: JwtKeys, claims: Claims, expiresInSeconds: number): string {
  const key = keys.signingKeys.find((k) => k.privateKey);
  if (!key) return signJwt(keys.secret, claims, expiresInSeconds);
  const now = Math.floor(Date.now() / 1000);
  return jwt.sign({ iat: now, ...claims, exp: now + expiresInSeconds }, key.privateKey!, {
    algorithm: key.alg,
    keyid: key.kid,
  });
}

/**
 * Why a token was refused. `invalid`: malformed, or a bad HS256 signature (the answers of a project without
 * signing keys); with signing keys, `unknown-key`: no key of the set has its `kid` (or it names none) and it is
 * not HS256; `wrong-key-type`: its `alg` is not its key's; `bad-signature`: its key does not verify it.
 */
export type Refusal = 'expired' | 'invalid' | 'unknown-key' | 'wrong-key-type' | 'bad-signature';

type Header = { alg?: unknown; kid?: unknown };

export type VerifyResult = { ok: true; claims: Claims } | { ok: false; reason: Refusal; header: Header };

/** jsonwebtoken's words for what an asymmetric key refused (an HS256 refusal is always `invalid`). */
const KEY_REFUSALS: Record<string, Refusal> = {
  'invalid algorithm': 'wrong-key-type',
  'invalid signature': 'bad-signature',
};

function verifiedWith(token: string, key: KeyObject, algorithm: jwt.Algorithm, header: Header): VerifyResult {
  try {
    return { ok: true, claims: jwt.verify(token, key, { algorithms: [algorithm] }) as Claims };
  } catch (error) {
    const reason =
      error instanceof jwt.TokenExpiredError
        ? 'expired'
        : (algorithm !== 'HS256' && KEY_REFUSALS[(error as Error).message]) || 'invalid';
    return { ok: false, reason, header };
  }
}

/**
 * Verifies a token as GoTrue does: a `kid` of the signing keys picks that key; otherwise an HS256 token is
 * checked with the JWT secret (the legacy keys and tokens); anything else has no key. PostgREST, given the same
 * key set, accepts the same tokens.
 */
export function verifyJwt(keys: JwtKeys, token: string): VerifyResult {
  const { alg, kid } = (jwt.decode(token, { complete: true })?.header ?? {}) as Header;
  const key = keys.signingKeys.find((k) => k.kid === kid);
  if (key) return verifiedWith(token, key.publicKey, key.alg, { alg, kid });
  if (alg === 'HS256' || keys.signingKeys.length === 0)
    return verifiedWith(token, keyOf(keys.secret), 'HS256', { alg, kid });
  return { ok: false, reason: 'unknown-key', header: { alg, kid } };
}

/** GET /auth/v1/.well-known/jwks.json: the signing keys' public parts (none under HS256), as GoTrue's jwks.go. */
export const publicJwks = (keys: JwtKeys): { keys: JsonWebKey[] } => ({
  keys: keys.signingKeys.map((key) => key.publicJwk),
});

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
