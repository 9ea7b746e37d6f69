// `[auth] signing_keys_path`: the asymmetric JWT signing keys of hosted Supabase and the Supabase CLI, a JSON array
// of private JWKs as `supabase gen signing-key --algorithm ES256|RS256` writes it. Every key is checked here, at
// start, so a damaged file stops the start with one line naming the file and the key, never a stack later.
import {
  createPrivateKey,
  createPublicKey,
  sign,
  verify,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';
import fs from 'node:fs';
import { ConfigError } from './file';

/** The algorithms the CLI generates and GoTrue signs with (the CLI refuses any other `alg`). */
type SigningAlgorithm = 'ES256' | 'RS256';

export interface SigningKey {
  kid: string;
  alg: SigningAlgorithm;
  /** Null for a key without its private part (`d`), or whose `key_ops` leave out "sign": it only verifies. */
  privateKey: KeyObject | null;
  publicKey: KeyObject;
  /** What GET /auth/v1/.well-known/jwks.json serves of it: the public part only, as GoTrue's jwks.go. */
  publicJwk: JsonWebKey;
}

const KEY_TYPES: Record<SigningAlgorithm, { kty: string; crv?: string; digest: string }> = {
  ES256: { kty: 'EC', crv: 'P-256', digest: 'sha256' },
  RS256: { kty: 'RSA', digest: 'sha256' },
};

/** RFC 7518 3.3 (and jsonwebtoken) refuse smaller RSA keys for RS256. */
const MIN_RSA_BITS = 2048;

/** The public members of each key type (RFC 7518 6.2.1, 6.3.1): all a verifier may see. */
const PUBLIC_MEMBERS: Record<string, string[]> = { EC: ['kty', 'crv', 'x', 'y'], RSA: ['kty', 'n', 'e'] };

const HOW_TO_MAKE = 'make one with `supabase gen signing-key --algorithm ES256`';

function readJson(file: string): unknown {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    const why =
      (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new ConfigError(`${file} ([auth] signing_keys_path): cannot read it (${why}); ${HOW_TO_MAKE}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`${file} ([auth] signing_keys_path) is not JSON: ${(error as Error).message}`);
  }
}

/** One key of the file, checked: its algorithm and type, its parts, and that its private part matches. */
function signingKey(jwk: unknown, where: string): SigningKey {
  if (typeof jwk !== 'object' || jwk === null || Array.isArray(jwk))
    throw new ConfigError(`${where} must be an object (a JWK)`);
  const key = jwk as Record<string, unknown>;
  const { kid, alg, kty, use } = key;
  if (typeof kid !== 'string' || !kid)
    throw new ConfigError(`${where} needs a "kid" (tokens name their key by it)`);
  if (alg !== 'ES256' && alg !== 'RS256')
    throw new ConfigError(`${where}: "alg" must be ES256 or RS256, got ${JSON.stringify(alg)}`);
  const type = KEY_TYPES[alg];
  if (kty !== type.kty || (type.crv && key.crv !== type.crv))
    throw new ConfigError(
      `${where}: an ${alg} key must have "kty" ${type.kty}${type.crv ? ` and "crv" ${type.crv}` : ''}`,
    );
  if (use !== undefined && use !== 'sig') throw new ConfigError(`${where}: "use" must be "sig"`);
  const ops = key.key_ops;
  if (ops !== undefined && !(Array.isArray(ops) && ops.every((op) => typeof op === 'string')))
    throw new ConfigError(`${where}: "key_ops" must be a list such as ["sign", "verify"]`);

  const publicJwk = Object.fromEntries(
    PUBLIC_MEMBERS[type.kty]!.filter((name) => key[name] !== undefined).map((name) => [name, key[name]]),
  ) as JsonWebKey;
  let publicKey: KeyObject;
  let privateKey: KeyObject | null = null;
  try {
    publicKey = createPublicKey({ key: publicJwk, format: 'jwk' });
    if (key.d !== undefined) privateKey = createPrivateKey({ key: key as JsonWebKey, format: 'jwk' });
  } catch (error) {
    throw new ConfigError(`${where} is not a valid ${alg} key (${(error as Error).message})`);
  }
  const bits = publicKey.asymmetricKeyDetails?.modulusLength;
  if (alg === 'RS256' && (bits ?? 0) < MIN_RSA_BITS)
    throw new ConfigError(`${where}: an RS256 key needs at least ${MIN_RSA_BITS} bits, this one has ${bits}`);
  if (privateKey) {
    // A file edited by hand can pair one key's private part with another's public part: its tokens would be
    // refused by every verifier, so it is refused here.
    const probe = Buffer.from('local-supabase signing key check');
    if (!verify(type.digest, probe, publicKey, sign(type.digest, probe, privateKey)))
      throw new ConfigError(`${where}: its private part ("d") does not belong to its public part`);
  }
  const signs = ops === undefined || (ops as string[]).includes('sign');
  return {
    kid,
    alg,
    privateKey: signs ? privateKey : null,
    publicKey,
    publicJwk: { ...publicJwk, kid, alg, use: 'sig', key_ops: ['verify'] },
  };
}

/**
 * The key set of `file`: every key verifies tokens that name it by `kid`; the first that can sign (its private
 * part, and "sign" in its `key_ops` when it has them) signs the access tokens, as the CLI's first key does.
 */
export function readSigningKeys(file: string): SigningKey[] {
  const keys = readJson(file);
  if (!Array.isArray(keys) || keys.length === 0)
    throw new ConfigError(
      `${file} ([auth] signing_keys_path) must be a JSON array of keys (JWKs); ${HOW_TO_MAKE}`,
    );
  const set: SigningKey[] = [];
  keys.forEach((jwk, index) => {
    const kid = (jwk as { kid?: unknown } | null)?.kid;
    const key = signingKey(jwk, `${file}: key ${index + 1}${typeof kid === 'string' ? ` (kid ${kid})` : ''}`);
    if (set.some((other) => other.kid === key.kid))
      throw new ConfigError(`${file}: two keys have the kid ${key.kid}; each key needs its own`);
    set.push(key);
  });
  if (!set.some((key) => key.privateKey))
    throw new ConfigError(
      `${file}: no key can sign: one needs its private part ("d") and "sign" in its "key_ops"; ${HOW_TO_MAKE}`,
    );
  return set;
}
