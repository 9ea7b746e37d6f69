// GoTrue's behaviour as supabase-js sees it, over real HTTP, on both databases.
import { createClient } from '@supabase/supabase-js';
import { signJwt } from '../src';
import { clientOptions, DEMO, KINDS, raw, startBackend, type Backend } from './harness';

jest.setTimeout(60_000);

describe.each(KINDS)('auth on %s', (kind) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend(kind);
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
    const badEmail = await backend.anon().auth.signUp({ email: 'not-an-email', password: 'Passw0rdOk' });
    expect(badEmail.error).toMatchObject({ status: 400, code: 'validation_failed' });
  });

  it('rotates refresh tokens and refuses a reused one, ending that session', async () => {
    const { client } = await backend.newUser('refresh');
    const { data: first } = await client.auth.getSession();
    const { data: refreshed, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    expect(refreshed.session!.refresh_token).not.toBe(first.session!.refresh_token);

    const reuse = await raw(backend, 'POST', '/auth/v1/token?grant_type=refresh_token', {
      refresh_token: first.session!.refresh_token,
    });
    expect(reuse.status).toBe(400);
    expect(reuse.json).toEqual({
      code: 'refresh_token_already_used',
      message: 'Invalid Refresh Token: Already Used',
    });
    expect(reuse.headers.get('x-sb-error-code')).toBe('refresh_token_already_used');
    expect(reuse.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    // The whole family is revoked: the newest token no longer works either.
    const newest = await raw(backend, 'POST', '/auth/v1/token?grant_type=refresh_token', {
      refresh_token: refreshed.session!.refresh_token,
    });
    expect(newest.status).toBe(400);
    const unknown = await raw(backend, 'POST', '/auth/v1/token?grant_type=refresh_token', {
      refresh_token: 'nope',
    });
    expect(unknown.json).toMatchObject({ code: 'refresh_token_not_found' });
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
  });

  it('serves settings, health and an empty key set', async () => {
    expect((await raw(backend, 'GET', '/auth/v1/health')).status).toBe(200);
    expect((await raw(backend, 'GET', '/auth/v1/settings')).json).toMatchObject({ mailer_autoconfirm: true });
    expect((await raw(backend, 'GET', '/auth/v1/.well-known/jwks.json')).json).toEqual({ keys: [] });
  });
});
