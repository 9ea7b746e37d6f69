// GoTrue's behaviour as supabase-js sees it, over real HTTP, on both databases.
import { createClient } from '@supabase/supabase-js';
import { DEFAULT_JWT_SECRET, signJwt } from '../src';
import { clientOptions, DEMO, KINDS, raw, sharedBackend, startBackend, type Backend } from './harness';

jest.setTimeout(60_000);

describe.each(KINDS)('auth on %s', (kind) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await sharedBackend(kind);
  });
  afterAll(() => backend.stop());

  it('signs up with an immediate session, then signs in', async () => {
    const { client, email, password, id } = await backend.newUser('signup');
    const { data: me } = await client.auth.getUser();
    expect(me.user).toMatchObject({ id, email, aud: 'authenticated', role: 'authenticated' });

    const other = backend.anon();
    const { data, error } = await other.auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    expect(data.session).toMatchObject({ token_type: 'bearer', expires_in: 3600, user: { id, email } });
    const claims = JSON.parse(Buffer.from(data.session!.access_token.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({
      sub: id,
      role: 'authenticated',
      aud: 'authenticated',
      email,
      aal: 'aal1',
    });
    expect(typeof claims.session_id).toBe('string');
  });

  it('signs in the seeded demo user', async () => {
    const { data, error } = await backend.anon().auth.signInWithPassword(DEMO);
    expect(error).toBeNull();
    expect(data.user?.id).toBe(DEMO.id);
  });

  it('refuses a wrong password and an unknown e-mail alike', async () => {
    for (const credentials of [
      { ...DEMO, password: 'WrongPass1' },
      { email: 'nobody@example.com', password: 'WrongPass1' },
    ]) {
      const { data, error } = await backend.anon().auth.signInWithPassword(credentials);
      expect(data.session).toBeNull();
      expect(error).toMatchObject({
        status: 400,
        code: 'invalid_credentials',
        message: 'Invalid login credentials',
      });
    }
  });

  it('refuses a duplicate sign-up and a weak password with Supabase’s codes', async () => {
    const { email } = await backend.newUser('dup');
    const duplicate = await backend.anon().auth.signUp({ email, password: 'Another1Pass' });
    expect(duplicate.error).toMatchObject({
      status: 422,
      code: 'user_already_exists',
      message: 'User already registered',
    });
    const weak = await backend.anon().auth.signUp({ email: 'weak@example.com', password: '123' });
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password' });
    expect((weak.error as { reasons?: string[] }).reasons).toEqual(['length', 'characters']);
    const plain = await backend.anon().auth.signUp({ email: 'plain@example.com', password: 'alllowercase' });
    expect(plain.error).toMatchObject({ status: 422, code: 'weak_password' });
    expect((plain.error as { reasons?: string[] }).reasons).toEqual(['characters']);
    const badEmail = await backend.anon().auth.signUp({ email: 'not-an-email', password: 'Passw0rdOk' });
    expect(badEmail.error).toMatchObject({ status: 400, code: 'validation_failed' });
  });

  it('rotates refresh tokens; a lost answer is forgiven, a reused older token ends the session', async () => {
    const { client } = await backend.newUser('refresh');
    const { data: first } = await client.auth.getSession();
    const t0 = first.session!.refresh_token;
    const { data: refreshed, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    const t1 = refreshed.session!.refresh_token;
    expect(t1).not.toBe(t0);
    const refresh = (token: string) =>
      raw(backend, 'POST', '/auth/v1/token?grant_type=refresh_token', { refresh_token: token });
    const second = await refresh(t1);
    expect(second.status).toBe(200);
    const t2 = second.json.refresh_token as string;

    // t1 is the parent of the active token: the client lost the answer, so it gets the active one back.
    const lost = await refresh(t1);
    expect(lost.status).toBe(200);
    expect(lost.json.refresh_token).toBe(t2);

    // t0 is older than that and past the reuse interval (0 s here): a stolen token, so the family is revoked.
    const reuse = await refresh(t0);
    expect(reuse.status).toBe(400);
    expect(reuse.json).toEqual({
      code: 'refresh_token_already_used',
      message: 'Invalid Refresh Token: Already Used',
    });
    expect(reuse.headers.get('x-sb-error-code')).toBe('refresh_token_already_used');
    expect(reuse.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    const newest = await refresh(t2);
    expect(newest.status).toBe(400);
    expect(newest.json).toMatchObject({ code: 'refresh_token_not_found' });
    const user = await raw(backend, 'GET', '/auth/v1/user', undefined, {
      Authorization: `Bearer ${second.json.access_token as string}`,
    });
    expect(user).toMatchObject({ status: 403, json: { code: 'session_not_found' } });

    const unknown = await refresh('nope');
    expect(unknown).toMatchObject({
      status: 400,
      json: { code: 'refresh_token_not_found', message: 'Invalid Refresh Token: Refresh Token Not Found' },
    });
  });

  it('signs out: the session is gone on the server', async () => {
    const { client } = await backend.newUser('logout');
    const { data } = await client.auth.getSession();
    const token = data.session!.access_token;
    expect((await client.auth.signOut()).error).toBeNull();
    const after = await raw(backend, 'GET', '/auth/v1/user', undefined, { Authorization: `Bearer ${token}` });
    expect(after.status).toBe(403);
    expect(after.json).toMatchObject({ code: 'session_not_found' });
  });

  it('refuses a token with a bad signature on auth and on data', async () => {
    const forged = signJwt(
      'not-the-secret-not-the-secret-not-the-secret',
      { sub: DEMO.id, role: 'authenticated' },
      3600,
    );
    const user = await raw(backend, 'GET', '/auth/v1/user', undefined, { Authorization: `Bearer ${forged}` });
    expect(user.status).toBe(403);
    expect(user.json).toMatchObject({ code: 'bad_jwt' });

    const client = createClient(backend.server.url, backend.server.anonKey, {
      ...clientOptions,
      global: { headers: { Authorization: `Bearer ${forged}` } },
    });
    const { data, error, status } = await client.from('orders').select('*');
    expect(data).toBeNull();
    expect(status).toBe(401);
    expect(error).toMatchObject({ code: 'PGRST301' });
  });

  it('refuses an expired token: 401 PGRST303 on data, 403 bad_jwt on auth', async () => {
    const expired = signJwt(DEFAULT_JWT_SECRET, {
      sub: DEMO.id,
      role: 'authenticated',
      iat: 1_700_000_000,
      exp: 1_700_003_600,
    });
    const rest = await raw(backend, 'GET', '/rest/v1/orders?select=*', undefined, {
      Authorization: `Bearer ${expired}`,
    });
    expect(rest).toMatchObject({ status: 401, json: { code: 'PGRST303', message: 'JWT expired' } });
    expect(rest.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
    const auth = await raw(backend, 'GET', '/auth/v1/user', undefined, {
      Authorization: `Bearer ${expired}`,
    });
    expect(auth).toMatchObject({ status: 403, json: { code: 'bad_jwt' } });
  });

  it('asks for a bearer token on user endpoints, and refuses malformed JSON', async () => {
    const noToken = await raw(backend, 'GET', '/auth/v1/user');
    expect(noToken).toMatchObject({ status: 401, json: { code: 'no_authorization' } });
    expect(noToken.headers.get('x-sb-error-code')).toBe('no_authorization');
    const anonKey = await raw(backend, 'GET', '/auth/v1/user', undefined, {
      Authorization: `Bearer ${backend.server.anonKey}`,
    });
    expect(anonKey).toMatchObject({ status: 403, json: { code: 'bad_jwt' } });
    const badJson = await raw(backend, 'POST', '/auth/v1/token?grant_type=password', '{"email":');
    expect(badJson).toMatchObject({ status: 400, json: { code: 'bad_json' } });
    const missing = await raw(backend, 'POST', '/auth/v1/token?grant_type=password', { email: DEMO.email });
    expect(missing).toMatchObject({ status: 400, json: { code: 'validation_failed' } });
    const grant = await raw(backend, 'POST', '/auth/v1/token?grant_type=magic', {});
    expect(grant).toMatchObject({ status: 400, json: { code: 'invalid_credentials' } });
  });

  it('exposes the error headers to browsers (CORS)', async () => {
    const preflight = await fetch(`${backend.server.url}/auth/v1/token?grant_type=password`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:3000',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers':
          'apikey,authorization,content-type,x-client-info,x-supabase-api-version',
      },
    });
    expect(preflight.status).toBeLessThan(300);
    const signIn = await fetch(`${backend.server.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: {
        Origin: 'http://localhost:3000',
        'Content-Type': 'application/json',
        apikey: backend.server.anonKey,
      },
      body: JSON.stringify({ email: DEMO.email, password: 'wrong' }),
    });
    expect(signIn.headers.get('access-control-expose-headers')).toMatch(/X-Supabase-Api-Version/i);
    expect(signIn.headers.get('access-control-expose-headers')).toMatch(/Retry-After/i);
  });

  it('serves settings, health and an empty key set', async () => {
    expect((await raw(backend, 'GET', '/auth/v1/health')).status).toBe(200);
    expect((await raw(backend, 'GET', '/auth/v1/settings')).json).toMatchObject({ mailer_autoconfirm: true });
    expect((await raw(backend, 'GET', '/auth/v1/.well-known/jwks.json')).json).toEqual({ keys: [] });
  });
});

// The settings a developer may change: e-mail confirmation on, a longer refresh reuse interval, CORS origins
// (the rate limits have their own suite, limits.test.ts). One server per database kind; the tests below run in
// order against it.
describe.each(KINDS)('auth settings on %s', (kind) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend(kind, {
      AUTO_CONFIRM: 'false',
      REFRESH_REUSE_INTERVAL: '30',
      CORS_ORIGINS: 'http://allowed.example',
    });
  });
  afterAll(() => backend.stop());

  it('with confirmation on, sign-up returns the user without a session and sign-in waits', async () => {
    const email = `confirm-${Date.now()}@example.com`;
    const { data, error } = await backend.anon().auth.signUp({ email, password: 'Passw0rdOk' });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({ email });
    expect(data.user!.email_confirmed_at).toBeUndefined();
    expect(data.user!.confirmation_sent_at).toEqual(expect.any(String));
    const signIn = await backend.anon().auth.signInWithPassword({ email, password: 'Passw0rdOk' });
    expect(signIn.error).toMatchObject({ status: 400, code: 'email_not_confirmed' });
  });

  it('does not reveal a registered address when confirmation is on', async () => {
    const { data, error } = await backend.anon().auth.signUp({ email: DEMO.email, password: 'Another1Pass' });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user!.id).not.toBe(DEMO.id);
    expect(data.user!.identities).toEqual([]);
  });

  it('accepts a rotated refresh token again within the reuse interval', async () => {
    const client = backend.anon();
    await client.auth.signInWithPassword(DEMO);
    const t0 = (await client.auth.getSession()).data.session!.refresh_token;
    await client.auth.refreshSession();
    await client.auth.refreshSession();
    const again = await raw(backend, 'POST', '/auth/v1/token?grant_type=refresh_token', {
      refresh_token: t0,
    });
    expect(again.status).toBe(200);
    expect(again.json.refresh_token).toEqual(expect.any(String));
  });

  it('allows browsers only from CORS_ORIGINS when it is set', async () => {
    const preflight = (origin: string) =>
      fetch(`${backend.server.url}/rest/v1/services`, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'GET' },
      });
    const allowed = await preflight('http://allowed.example');
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://allowed.example');
    const other = await preflight('http://elsewhere.example');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});
