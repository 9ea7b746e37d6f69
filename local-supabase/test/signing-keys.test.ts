// Asymmetric JWT signing keys (`[auth] signing_keys_path`, here AUTH_SIGNING_KEYS_PATH), as hosted Supabase and the
// Supabase CLI have them: over real HTTP with supabase-js on both engines, one backend each. PGlite's key set is
// ES256 then RS256, PostgreSQL's RS256 then ES256, so each algorithm signs sessions on one engine and verifies
// tokens of the second key (a rotated one) on both. The key file's refusals need no database.
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomUUID,
  type JsonWebKey,
} from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import jwt from 'jsonwebtoken';
import { applyEnvOverrides } from '../src/config/env';
import { readSupabaseConfig } from '../src/config/file';
import { readSigningKeys } from '../src/config/signing-keys';
import { DEFAULT_JWT_SECRET, signJwt } from '../src/keys';
import { clientOptions, DEMO, raw, spawnServer, startBackend, type Backend, type Kind } from './harness';

jest.setTimeout(60_000);

type Alg = 'ES256' | 'RS256';
type PrivateJwk = JsonWebKey & { kid: string; alg: Alg };

/** A key as `supabase gen signing-key --algorithm <alg>` writes it. */
function cliKey(alg: Alg): PrivateJwk {
  const { privateKey } =
    alg === 'ES256'
      ? generateKeyPairSync('ec', { namedCurve: 'P-256' })
      : generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    ...privateKey.export({ format: 'jwk' }),
    kid: randomUUID(),
    use: 'sig',
    key_ops: ['sign', 'verify'],
    alg,
    ext: true,
  };
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ls-signing-keys-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

function keyFile(keys: unknown, name = `${randomUUID()}.json`): string {
  const file = path.join(scratch, name);
  fs.writeFileSync(file, typeof keys === 'string' ? keys : JSON.stringify(keys));
  return file;
}

const part = (token: string, index: 0 | 1) =>
  JSON.parse(Buffer.from(token.split('.')[index]!, 'base64url').toString()) as Record<string, unknown>;

/** `claims` signed with `key` (its own kid and alg unless told otherwise), as any holder of a private key could. */
const signedWith = (key: PrivateJwk, claims: object, header: { kid?: string; alg?: Alg } = {}) =>
  jwt.sign(claims, createPrivateKey({ key, format: 'jwk' }), {
    algorithm: header.alg ?? key.alg,
    keyid: header.kid ?? key.kid,
  });

/** A client whose requests are counted by path, to see what getClaims asked the server. */
function countingClient(backend: Backend) {
  const paths: string[] = [];
  const client = createClient(backend.server.url, backend.server.anonKey, {
    ...clientOptions,
    global: {
      fetch: (input, init) => {
        paths.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
        return fetch(input, init);
      },
    },
  });
  return { client, paths };
}

const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi'];

const SETS: [Kind, Alg, Alg][] = [
  ['pglite', 'ES256', 'RS256'],
  ['postgres', 'RS256', 'ES256'],
];

describe.each(SETS)('signing keys on %s (%s first, %s second)', (kind, firstAlg, secondAlg) => {
  const first = cliKey(firstAlg);
  const second = cliKey(secondAlg);
  let backend: Backend;
  /** The demo user's session, signed by the server. */
  let session: { access_token: string };
  beforeAll(async () => {
    backend = await startBackend(kind, { AUTH_SIGNING_KEYS_PATH: keyFile([first, second]) });
    const { data, error } = await backend.anon().auth.signInWithPassword(DEMO);
    if (error || !data.session) throw error ?? new Error('the demo user could not sign in');
    session = data.session;
  });
  afterAll(() => backend.stop());

  const withToken = (token: string) =>
    createClient(backend.server.url, backend.server.anonKey, {
      ...clientOptions,
      global: { headers: { Authorization: `Bearer ${token}` } },
    });

  it(`signs sessions with the first key: ${firstAlg}, its kid in the header`, async () => {
    expect(part(session.access_token, 0)).toEqual({ alg: firstAlg, kid: first.kid, typ: 'JWT' });
    const publicKey = createPublicKey(createPrivateKey({ key: first, format: 'jwk' }));
    const claims = jwt.verify(session.access_token, publicKey, { algorithms: [firstAlg] });
    expect(claims).toMatchObject({ sub: DEMO.id, role: 'authenticated', aud: 'authenticated' });
    // A refreshed session is signed by it too.
    const client = backend.anon();
    const signedIn = await client.auth.signInWithPassword(DEMO);
    const refreshed = await client.auth.refreshSession({
      refresh_token: signedIn.data.session!.refresh_token,
    });
    expect(refreshed.error).toBeNull();
    expect(part(refreshed.data.session!.access_token, 0)).toMatchObject({ kid: first.kid });
  });

  it('reads under row-level security with it, and GoTrue knows its user', async () => {
    const { data, error } = await withToken(session.access_token).from('orders').select('id, user_id');
    expect(error).toBeNull();
    expect(data!.length).toBeGreaterThan(0);
    expect(data!.every((row) => row.user_id === DEMO.id)).toBe(true);
    // Another user, signed up under the same key, sees none of them.
    const other = await backend.newUser('keys');
    const { data: theirs } = await other.client.auth.getSession();
    expect(part(theirs.session!.access_token, 0)).toMatchObject({ kid: first.kid });
    expect((await other.client.from('orders').select('id')).data).toEqual([]);
    const user = await withToken(session.access_token).auth.getUser(session.access_token);
    expect(user.data.user?.id).toBe(DEMO.id);
  });

  it('getClaims verifies it with the key set (WebCrypto), without asking for the user', async () => {
    const { client, paths } = countingClient(backend);
    const { data, error } = await client.auth.getClaims(session.access_token);
    expect(error).toBeNull();
    expect(data!.header).toMatchObject({ alg: firstAlg, kid: first.kid });
    expect(data!.claims).toMatchObject({ sub: DEMO.id, role: 'authenticated' });
    expect(paths).toEqual(['/auth/v1/.well-known/jwks.json']);
  });

  it(`accepts a token of the second key (${secondAlg}) on data, auth and getClaims`, async () => {
    const token = signedWith(second, part(session.access_token, 1));
    const { data, error } = await withToken(token).from('orders').select('user_id');
    expect(error).toBeNull();
    expect(data!.length).toBeGreaterThan(0);
    expect(
      (await raw(backend, 'GET', '/auth/v1/user', undefined, { Authorization: `Bearer ${token}` })).json,
    ).toMatchObject({ id: DEMO.id });
    const claims = await backend.anon().auth.getClaims(token);
    expect(claims.error).toBeNull();
    expect(claims.data!.header).toMatchObject({ alg: secondAlg, kid: second.kid });
  });

  it('serves the public parts only, in the file’s order', async () => {
    const { status, json } = await raw(backend, 'GET', '/auth/v1/.well-known/jwks.json');
    expect(status).toBe(200);
    const keys = json.keys as Record<string, unknown>[];
    expect(keys.map((k) => [k.kid, k.alg, k.use, k.key_ops])).toEqual([
      [first.kid, firstAlg, 'sig', ['verify']],
      [second.kid, secondAlg, 'sig', ['verify']],
    ]);
    for (const key of keys) for (const member of PRIVATE_MEMBERS) expect(key).not.toHaveProperty(member);
    const publicOf = (k: PrivateJwk) =>
      k.kty === 'EC' ? { kty: k.kty, crv: k.crv, x: k.x, y: k.y } : { kty: k.kty, n: k.n, e: k.e };
    expect(keys[0]).toMatchObject(publicOf(first));
    expect(keys[1]).toMatchObject(publicOf(second));
  });

  it('refuses a kid it does not know as PostgREST and GoTrue do', async () => {
    const stranger = cliKey('ES256');
    const token = signedWith(stranger, part(session.access_token, 1));
    const { data, error, status } = await withToken(token).from('orders').select('id');
    expect({ data, status }).toEqual({ data: null, status: 401 });
    expect(error).toMatchObject({
      code: 'PGRST301',
      message: 'No suitable key or wrong key type',
      details: 'No suitable key was found to decode the JWT',
    });
    const rest = await raw(backend, 'GET', '/rest/v1/orders', undefined, {
      Authorization: `Bearer ${token}`,
    });
    expect(rest.headers.get('www-authenticate')).toBe(
      'Bearer error="invalid_token", error_description="No suitable key or wrong key type"',
    );
    const user = await raw(backend, 'GET', '/auth/v1/user', undefined, { Authorization: `Bearer ${token}` });
    expect(user).toMatchObject({
      status: 403,
      json: {
        code: 'bad_jwt',
        message: `invalid JWT: unable to parse or verify signature, token is unverifiable: error while executing keyfunc: unrecognized JWT kid ${stranger.kid} for algorithm ES256`,
      },
    });
    // getClaims finds no such key in the set and asks GoTrue, which refuses it.
    const claims = await backend.anon().auth.getClaims(token);
    expect(claims.data).toBeNull();
    expect(claims.error).toMatchObject({ status: 403, code: 'bad_jwt' });
  });

  it('refuses a token signed with another key under a known kid, or with another algorithm', async () => {
    const forger = cliKey(firstAlg);
    const forged = signedWith(forger, part(session.access_token, 1), { kid: first.kid });
    const rest = await withToken(forged).from('orders').select('id');
    expect(rest.status).toBe(401);
    expect(rest.error).toMatchObject({
      code: 'PGRST301',
      message: 'No suitable key or wrong key type',
      details: 'None of the keys was able to decode the JWT',
    });
    const user = await raw(backend, 'GET', '/auth/v1/user', undefined, { Authorization: `Bearer ${forged}` });
    expect(user).toMatchObject({
      status: 403,
      json: {
        code: 'bad_jwt',
        message: `invalid JWT: unable to parse or verify signature, token signature is invalid: crypto/${firstAlg === 'ES256' ? 'ecdsa' : 'rsa'}: verification error`,
      },
    });
    const claims = await backend.anon().auth.getClaims(forged);
    expect(claims.data).toBeNull();
    expect(claims.error).toMatchObject({ name: 'AuthInvalidJwtError', message: 'Invalid JWT signature' });

    // The second key's algorithm under the first key's kid: no key of that kid has that algorithm.
    const crossed = signedWith(second, part(session.access_token, 1), { kid: first.kid });
    const crossedRest = await withToken(crossed).from('orders').select('id');
    expect(crossedRest.error).toMatchObject({
      code: 'PGRST301',
      details: 'No suitable key was found to decode the JWT',
    });
    const crossedUser = await raw(backend, 'GET', '/auth/v1/user', undefined, {
      Authorization: `Bearer ${crossed}`,
    });
    expect(crossedUser).toMatchObject({ status: 403, json: { code: 'bad_jwt' } });
    expect(crossedUser.json.message).toMatch(/token signature is invalid: key is of invalid type/);
  });

  it('still takes the HS256 anon and service keys, and HS256 tokens of the JWT secret', async () => {
    expect(part(backend.server.anonKey, 0)).toMatchObject({ alg: 'HS256' });
    const services = await backend.anon().from('services').select('id').limit(1);
    expect(services.error).toBeNull();
    expect(services.data).toHaveLength(1);
    const admin = await backend.service().auth.admin.getUserById(DEMO.id);
    expect(admin.error).toBeNull();
    expect(admin.data.user?.email).toBe(DEMO.email);
    const legacy = signJwt(DEFAULT_JWT_SECRET, { ...part(session.access_token, 1), role: 'authenticated' });
    const { data, error } = await withToken(legacy).from('orders').select('user_id');
    expect(error).toBeNull();
    expect(data!.length).toBeGreaterThan(0);
    const forged = signJwt('another-secret-of-at-least-32-characters', {
      sub: DEMO.id,
      role: 'service_role',
    });
    expect((await withToken(forged).from('orders').select('id')).error).toMatchObject({ code: 'PGRST301' });
  });
});

describe('the signing key file', () => {
  it('is read from [auth] signing_keys_path beside config.toml, or from AUTH_SIGNING_KEYS_PATH', () => {
    const dir = fs.mkdtempSync(path.join(scratch, 'supabase-'));
    fs.writeFileSync(path.join(dir, 'config.toml'), '[auth]\nsigning_keys_path = "./signing_keys.json"\n');
    const config = readSupabaseConfig(dir);
    expect(config.auth.signingKeysPath).toBe(path.join(dir, 'signing_keys.json'));
    const file = keyFile([cliKey('RS256')]);
    expect(applyEnvOverrides(config, { AUTH_SIGNING_KEYS_PATH: file }).auth.signingKeysPath).toBe(file);
    expect(readSupabaseConfig(scratch).auth.signingKeysPath).toBeNull();
  });

  it('signs with the first key that may sign; a key without "sign" or without "d" only verifies', () => {
    const verifyOnly = { ...cliKey('ES256'), key_ops: ['verify'] };
    const publicOnly = cliKey('RS256');
    for (const member of PRIVATE_MEMBERS) delete (publicOnly as Record<string, unknown>)[member];
    const signer = cliKey('ES256');
    const set = readSigningKeys(keyFile([verifyOnly, publicOnly, signer]));
    expect(set.map((key) => [key.kid, key.privateKey !== null])).toEqual([
      [verifyOnly.kid, false],
      [publicOnly.kid, false],
      [signer.kid, true],
    ]);
  });

  it('refuses what it cannot use, naming the file and the key', () => {
    const es = cliKey('ES256');
    const rs = cliKey('RS256');
    const smallRsa = {
      ...generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'jwk' }),
      kid: 'small',
      alg: 'RS256',
    };
    const cases: [unknown, RegExp][] = [
      ['[{"kty": "EC",', /is not JSON/],
      [{ keys: [es] }, /must be a JSON array of keys \(JWKs\); make one with `supabase gen signing-key/],
      [[], /must be a JSON array of keys/],
      [['a key'], /key 1 must be an object \(a JWK\)/],
      [[{ ...es, kid: undefined }], /key 1 needs a "kid"/],
      [[{ ...es, alg: 'HS256' }], /key 1 \(kid .*\): "alg" must be ES256 or RS256, got "HS256"/],
      [[{ ...es, alg: 'RS256' }], /an RS256 key must have "kty" RSA/],
      [[{ ...es, crv: 'P-384' }], /an ES256 key must have "kty" EC and "crv" P-256/],
      [[{ ...es, x: 'AAAA' }], /key 1 \(kid .*\) is not a valid ES256 key/],
      [[{ ...es, d: cliKey('ES256').d }], /its private part \("d"\) does not belong to its public part/],
      [[smallRsa], /needs at least 2048 bits, this one has 1024/],
      [[es, rs, { ...es }], new RegExp(`two keys have the kid ${es.kid}`)],
      [[{ ...es, key_ops: ['verify'] }], /no key can sign/],
      [[{ ...rs, use: 'enc' }], /"use" must be "sig"/],
    ];
    for (const [content, message] of cases) {
      const file = keyFile(content);
      expect(() => readSigningKeys(file)).toThrow(message);
      expect(() => readSigningKeys(file)).toThrow(file);
    }
    expect(() => readSigningKeys(path.join(scratch, 'missing.json'))).toThrow(
      /cannot read it \(no such file\)/,
    );
  });

  it('stops the start with one line a developer can act on, no stack', async () => {
    const file = keyFile([{ ...cliKey('ES256'), alg: 'ES512' }]);
    const dataDir = fs.mkdtempSync(path.join(scratch, 'data-'));
    const started = spawnServer({ AUTH_SIGNING_KEYS_PATH: file, DATA_DIR: dataDir });
    const failure = await started.then(
      () => null,
      (error: Error) => error.message,
    );
    expect(failure).toContain(`local-supabase: ${file}: key 1 (kid `);
    expect(failure).toContain('"alg" must be ES256 or RS256, got "ES512"');
    expect(failure).not.toMatch(/\n\s+at /);
    // Refused before the data folder was opened.
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });
});
