// Supabase's limits, with the numbers read from supabase/config.toml: per-IP rate limits on sign-in, sign-up and
// refresh; GoTrue's 72-byte password limit; user_metadata at most 4 KB of JSON; replace_cart at most one item per
// service; and the refusal to serve the public default JWT secret beyond this machine.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'smol-toml';
import { MAX_PASSWORD_BYTES } from '../src/auth/passwords';
import { MAX_USER_METADATA_BYTES } from '../src/auth/validation';
import { DEMO, KINDS, sharedBackend, startBackend, type Backend } from './harness';

jest.setTimeout(90_000);

const config = parse(
  fs.readFileSync(path.join(__dirname, '..', '..', 'supabase', 'config.toml'), 'utf8'),
) as { auth: { rate_limit: { sign_in_sign_ups: number; token_refresh: number } } };
const { sign_in_sign_ups: SIGN_IN_SIGN_UPS, token_refresh: TOKEN_REFRESH } = config.auth.rate_limit;

/** A POST from a chosen loopback address (127.0.0.0/8 is all this machine), so tests can be two clients. */
function postFrom(
  backend: Backend,
  from: string,
  route: string,
  body: object,
): Promise<{ status: number; code?: string; retryAfter?: string; json: Record<string, unknown> }> {
  const { port } = new URL(backend.server.url);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: route,
        method: 'POST',
        localAddress: from,
        agent: false,
        headers: {
          apikey: backend.server.anonKey,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          'x-supabase-api-version': '2024-01-01',
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => {
          const json = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
          resolve({
            status: response.statusCode!,
            code: json.code as string | undefined,
            retryAfter: response.headers['retry-after'] as string | undefined,
            json,
          });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

// On PostgreSQL only: the buckets are kept in the service's memory per IP (@fastify/rate-limit, src/app.ts) and
// counted before a handler touches the database, so the engine cannot change what is counted or refused; sign-up,
// sign-in and refresh themselves are tested on both engines (auth.test.ts).
describe('rate limits from config.toml on postgres', () => {
  const kind = 'postgres';
  let backend: Backend;
  beforeAll(async () => {
    // The harness lifts the limits for the other suites; here config.toml's own numbers apply.
    backend = await startBackend(kind, {
      AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '',
      AUTH_RATE_LIMIT_TOKEN_REFRESH: '',
    });
  });
  afterAll(() => backend.stop());

  const A = '127.0.0.1';
  const B = '127.0.0.2';
  const signIn = (from: string, password = DEMO.password) =>
    postFrom(backend, from, '/auth/v1/token?grant_type=password', { email: DEMO.email, password });
  const signUp = (from: string, email: string) =>
    postFrom(backend, from, '/auth/v1/signup', { email, password: 'Passw0rdOk' });
  const refresh = (from: string, token: string) =>
    postFrom(backend, from, '/auth/v1/token?grant_type=refresh_token', { refresh_token: token });

  it('sign-in and sign-up share sign_in_sign_ups per IP; refresh has its own token_refresh bucket', async () => {
    const first = await signIn(A);
    expect(first.status).toBe(200);
    const refreshToken = first.json.refresh_token as string;
    // Sign-ups and wrong passwords alternate: together they use up the one bucket.
    for (let i = 1; i < SIGN_IN_SIGN_UPS; i += 1) {
      const response =
        i % 2 ? await signUp(A, `limit-${kind}-${i}@example.com`) : await signIn(A, 'WrongPass1');
      expect({ i, status: response.status }).toEqual({ i, status: i % 2 ? 200 : 400 });
    }
    const overSignIn = await signIn(A);
    expect(overSignIn).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    expect(Number(overSignIn.retryAfter)).toBeGreaterThan(0);
    expect(Number(overSignIn.retryAfter)).toBeLessThanOrEqual(5 * 60);
    const overSignUp = await signUp(A, `limit-${kind}-over@example.com`);
    expect(overSignUp).toMatchObject({ status: 429, code: 'over_request_rate_limit' });

    // The same real client sees GoTrue's error through supabase-js.
    const viaClient = await backend.anon().auth.signInWithPassword(DEMO);
    expect(viaClient.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });

    // Password guessing behind this address does not block its refreshes.
    const refreshed = await refresh(A, refreshToken);
    expect(refreshed.status).toBe(200);
    // Another address has buckets of its own.
    expect((await signIn(B)).status).toBe(200);
    // The refused sign-up made no account.
    expect(
      (
        await postFrom(backend, B, '/auth/v1/token?grant_type=password', {
          email: `limit-${kind}-over@example.com`,
          password: 'Passw0rdOk',
        })
      ).code,
    ).toBe('invalid_credentials');

    // token_refresh: one refresh used above; the rest of the bucket, then a refusal.
    for (let i = 1; i < TOKEN_REFRESH; i += 1) {
      const response = await refresh(A, `not-a-token-${i}`);
      expect({ i, status: response.status }).toEqual({ i, status: 400 });
    }
    expect(await refresh(A, refreshed.json.refresh_token as string)).toMatchObject({
      status: 429,
      code: 'over_request_rate_limit',
    });
    expect((await refresh(B, 'not-a-token')).code).toBe('refresh_token_not_found');
  });
});

describe.each(KINDS)('size limits on %s', (kind) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await sharedBackend(kind);
  });
  afterAll(() => backend.stop());

  it('a password over 72 bytes is refused at sign-up with GoTrue’s 400; 72 bytes are accepted', async () => {
    const exactly = `Aa1${'x'.repeat(MAX_PASSWORD_BYTES - 3)}`;
    expect(Buffer.byteLength(exactly)).toBe(72);
    const accepted = await backend
      .anon()
      .auth.signUp({ email: `pw72-${kind}@example.com`, password: exactly });
    expect(accepted.error).toBeNull();
    // bcrypt would have truncated these: one byte more, and 37 characters of two bytes each.
    for (const [email, password] of [
      [`pw73-${kind}@example.com`, `${exactly}y`],
      [`pw-utf8-${kind}@example.com`, `Aa1${'é'.repeat(36)}`],
    ] as const) {
      const refused = await backend.anon().auth.signUp({ email, password });
      expect(refused.error).toMatchObject({
        status: 400,
        code: 'validation_failed',
        message: 'Password cannot be longer than 72 characters',
      });
      const signIn = await backend.anon().auth.signInWithPassword({ email, password });
      expect(signIn.error).toMatchObject({ code: 'invalid_credentials' });
    }
  });

  it('user_metadata over 4 KB of JSON is refused at sign-up; 4 KB is accepted and usable', async () => {
    // {"note":"…"} is 11 bytes around the text.
    const ofSize = (bytes: number) => ({ note: 'x'.repeat(bytes - 11) });
    expect(Buffer.byteLength(JSON.stringify(ofSize(MAX_USER_METADATA_BYTES)))).toBe(4096);
    const refused = await backend.anon().auth.signUp({
      email: `meta-big-${kind}@example.com`,
      password: 'Passw0rdOk',
      options: { data: ofSize(MAX_USER_METADATA_BYTES + 1) },
    });
    expect(refused.error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(refused.error!.message).toMatch(/at most 4096 bytes/);
    const huge = await backend.anon().auth.signUp({
      email: `meta-huge-${kind}@example.com`,
      password: 'Passw0rdOk',
      options: { data: ofSize(300_000) },
    });
    expect(huge.error).toMatchObject({ status: 400, code: 'validation_failed' });
    for (const email of [`meta-big-${kind}@example.com`, `meta-huge-${kind}@example.com`]) {
      const signIn = await backend.anon().auth.signInWithPassword({ email, password: 'Passw0rdOk' });
      expect(signIn.error).toMatchObject({ code: 'invalid_credentials' });
    }

    const client = backend.anon();
    const accepted = await client.auth.signUp({
      email: `meta-ok-${kind}@example.com`,
      password: 'Passw0rdOk',
      options: { data: ofSize(MAX_USER_METADATA_BYTES) },
    });
    expect(accepted.error).toBeNull();
    expect(accepted.data.user!.user_metadata).toEqual(ofSize(MAX_USER_METADATA_BYTES));
    // Its access token still fits a request's headers.
    expect((await client.from('cart_items').select('*')).status).toBe(200);
  });

  it('replace_cart refuses more items than there are services and keeps the saved cart', async () => {
    const { count: services } = await backend
      .anon()
      .from('services')
      .select('*', { count: 'exact', head: true });
    expect(services).toBeGreaterThan(0);
    const { client } = await backend.newUser('cart-limit');
    const item = (i: number) => ({ service_id: `s-${i}`, service_title: `Service ${i}`, service_price: 1 });
    const full = Array.from({ length: services! }, (_, i) => item(i));
    expect((await client.rpc('replace_cart', { items: full })).error).toBeNull();
    const over = await client.rpc('replace_cart', { items: [...full, item(services!)] });
    expect(over).toMatchObject({ status: 400, error: { code: '22023' } });
    expect(over.error!.message).toBe(`A cart holds at most ${services} items, one per service`);
    const huge = await client.rpc('replace_cart', {
      items: Array.from({ length: 12_000 }, (_, i) => item(i)),
    });
    expect(huge).toMatchObject({ status: 400, error: { code: '22023' } });
    const { data: saved } = await client.from('cart_items').select('service_id').eq('checked_out', false);
    expect(saved).toHaveLength(services!);
  });
});

describe('the public default JWT secret', () => {
  /** Runs the service with `env` on an empty data folder until it exits; what it printed and left behind. */
  function refusedStart(env: Record<string, string>) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ls-secret-'));
    const child = spawn(process.execPath, [path.join(__dirname, '..', 'bin', 'local-supabase.mjs')], {
      env: {
        ...process.env,
        PORT: '0',
        INBUCKET_PORT: '0',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        JWT_SECRET: '',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    // A start that is not refused would initialise the folder: stop it as soon as it says anything.
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    return new Promise<{ code: number | null; stdout: string; stderr: string; left: string[] }>((resolve) => {
      child.once('close', (code) => {
        clearTimeout(timer);
        const left = fs.readdirSync(dataDir);
        fs.rmSync(dataDir, { recursive: true, force: true });
        resolve({ code, stdout, stderr, left });
      });
    });
  }

  it('is refused on a non-loopback interface, in one line, before anything is bound or opened', async () => {
    for (const host of ['0.0.0.0', '::']) {
      const { code, stdout, stderr, left } = await refusedStart({ HOST: host });
      expect(code).toBe(1);
      expect(stdout).toBe('');
      expect(left).toEqual([]);
      const lines = stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^local-supabase: refusing to listen on \S+ with the public default JWT secret .*set JWT_SECRET/,
      );
      expect(lines[0]).toContain(` ${host} `);
    }
  });

  it('with a secret of one’s own it listens on every interface', async () => {
    // Which interface the service binds is decided before and apart from its database: the cheaper engine to start.
    const backend = await startBackend('postgres', {
      HOST: '0.0.0.0',
      JWT_SECRET: 'a-secret-of-our-own-that-is-long-enough-1234',
    });
    try {
      expect((await backend.anon().auth.signInWithPassword(DEMO)).error).toBeNull();
    } finally {
      await backend.stop();
    }
  });
});
