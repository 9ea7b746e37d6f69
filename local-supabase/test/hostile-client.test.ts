// What a hostile client met (#32, item 1), closed, on both databases, with the service shared as the README
// says it may be (HOST=0.0.0.0 and a JWT_SECRET of its own): no SQL through a cast in select=, the roles' statement
// timeouts, and/or trees as shallow as embeds, a token's `sub` that is not text, a password longer than bcrypt
// reads, a short JWT secret on a shared HOST, and the local inbox (loopback only, localhost only, no cross-site
// writes).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { signJwt } from '../src/keys';
import {
  KINDS,
  mailTo,
  projectWithFixtures,
  raw,
  removeProject,
  spawnServer,
  startBackend,
  type Backend,
} from './harness';

jest.setTimeout(120_000);

const FIXTURES = `
create function public.nap(seconds double precision) returns void
language sql as $$ select pg_sleep(seconds) $$;
grant execute on function public.nap(double precision) to anon, authenticated, service_role;
`;

/** An address of this machine other than loopback, where a shared service is reached. */
function sharedAddress(): string {
  const address = Object.values(os.networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
  if (!address) throw new Error('this machine has no IPv4 address other than loopback');
  return address;
}

describe.each(KINDS)('a hostile client on %s', (kind) => {
  let backend: Backend;
  let dir: string;
  const secret = randomBytes(24).toString('hex');
  beforeAll(async () => {
    dir = projectWithFixtures('hostile', FIXTURES);
    backend = await startBackend(kind, { SUPABASE_DIR: dir, HOST: '0.0.0.0', JWT_SECRET: secret });
  });
  afterAll(async () => {
    await backend?.stop();
    removeProject(dir);
  });

  describe('casts in select=', () => {
    it('name types only: the UNION that read pg_user through one is refused and reads nothing', async () => {
      const select =
        'id::text from services where false union all select session_user union all select usename from pg_user union all select id';
      const { status, json } = await raw(
        backend,
        'GET',
        `/rest/v1/services?select=${encodeURIComponent(select)}`,
      );
      expect(status).toBe(400);
      expect(json).toMatchObject({
        code: '42704',
        message:
          'type "text from services where false union all select session_user union all select usename from pg_user union all select id" does not exist',
      });
      for (const cast of ['text;drop', 'text)', 'int[]', '"text"', 'pg_catalog.text', 'text--']) {
        const refused = await raw(
          backend,
          'GET',
          `/rest/v1/services?select=${encodeURIComponent(`id::${cast}`)}`,
        );
        expect(refused).toMatchObject({ status: 400, json: { code: 'PGRST100' } });
      }
    });

    it('as PostgreSQL reads type names: any case, the SQL spellings, `char` as char(1)', async () => {
      const { data, error } = await backend
        .anon()
        .from('services')
        .select('id::VARCHAR, price::float8, initial:id::char, sort_order::text')
        .eq('id', 'smart-website');
      expect(error).toBeNull();
      expect(data).toEqual([
        { id: 'smart-website', price: expect.any(Number), initial: 's', sort_order: expect.any(String) },
      ]);
      // supabase-js strips the spaces of select=; PostgREST's grammar (and this one) keeps them.
      const spelled = await raw(
        backend,
        'GET',
        `/rest/v1/services?id=eq.smart-website&select=${encodeURIComponent('price::double  precision')}`,
      );
      expect(spelled).toMatchObject({ status: 200, json: [{ price: expect.any(Number) }] });
    });
  });

  it('a request over its role’s statement timeout: PostgreSQL cuts it as PostgREST answers; PGlite cannot', async () => {
    // On PostgreSQL a nap far over the limit, so that the cut is told from the nap on a loaded machine.
    const seconds = kind === 'postgres' ? 20 : 3.3;
    const started = Date.now();
    const { status, error } = await backend.anon().rpc('nap', { seconds });
    if (kind === 'postgres') {
      // anon's 3 s, hosted Supabase's.
      expect(status).toBe(500);
      expect(error).toMatchObject({ code: '57014', message: 'canceling statement due to statement timeout' });
      expect(Date.now() - started).toBeLessThan(10_000);
    } else {
      // PGlite has no timer signal: the README says so, and why request shapes are bounded there instead.
      expect(status).toBe(204);
      expect(Date.now() - started).toBeGreaterThanOrEqual(3300);
    }
  });

  it('and/or trees nested deeper than embeds may nest are PGRST100, however deep (2,600 levels were a 500)', async () => {
    const tree = (depth: number) => `(${'or('.repeat(depth)}id.eq.smart-website${')'.repeat(depth)})`;
    const shallow = await raw(backend, 'GET', `/rest/v1/services?select=id&or=${tree(15)}`);
    expect(shallow).toMatchObject({ status: 200, json: [{ id: 'smart-website' }] });
    for (const depth of [16, 2600]) {
      const deep = await raw(backend, 'GET', `/rest/v1/services?select=id&and=${tree(depth)}`);
      expect(deep).toMatchObject({
        status: 400,
        json: { code: 'PGRST100', details: 'logic trees nested deeper than 16 levels' },
      });
    }
  });

  it('a token whose sub is not text is 401 in PostgREST’s shape (an object was a 500)', async () => {
    for (const sub of [{ a: 1 }, 42, ['x'], null]) {
      const token = signJwt(secret, { role: 'authenticated', sub } as never, 3600);
      const response = await raw(backend, 'GET', '/rest/v1/services?select=id', undefined, {
        Authorization: `Bearer ${token}`,
      });
      expect(response).toMatchObject({
        status: 401,
        json: { code: 'PGRST303', message: "The JWT 'sub' claim must be a string" },
      });
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
    }
  });

  it('signing in with a password longer than 72 bytes fails as a wrong password does', async () => {
    const email = `long-${randomBytes(4).toString('hex')}@example.com`;
    const password = `Aa1${'x'.repeat(69)}`;
    expect(Buffer.byteLength(password)).toBe(72);
    expect((await backend.anon().auth.signUp({ email, password })).error).toBeNull();
    const longer = await backend.anon().auth.signInWithPassword({ email, password: `${password}anything` });
    expect(longer.error).toMatchObject({ status: 400, code: 'invalid_credentials' });
    expect((await backend.anon().auth.signInWithPassword({ email, password })).error).toBeNull();
  });

  describe('sharing the service (HOST=0.0.0.0)', () => {
    it('refuses a JWT secret under 32 characters before it opens anything', async () => {
      const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ls-short-')), 'data');
      const storage: Record<string, string> = backend.databaseUrl
        ? { DATABASE_URL: backend.databaseUrl }
        : { DATA_DIR: dataDir };
      const start = spawnServer({ ...storage, HOST: '0.0.0.0', JWT_SECRET: 'x'.repeat(31) });
      await expect(start).rejects.toThrow(
        'local-supabase: refusing to listen on 0.0.0.0 with a JWT secret of 31 characters: PostgREST and GoTrue require at least 32',
      );
      expect(fs.existsSync(dataDir)).toBe(false);
    });

    it('serves the API on every interface and the inbox on loopback only', async () => {
      const address = sharedAddress();
      const apiPort = new URL(backend.server.url).port;
      const inboxPort = new URL(backend.server.inboxUrl).port;
      const api = await fetch(`http://${address}:${apiPort}/auth/v1/health`);
      expect(api.status).toBe(200);
      await expect(fetch(`http://${address}:${inboxPort}/api/v1/messages`)).rejects.toThrow();
      expect((await fetch(`${backend.server.inboxUrl}/api/v1/messages`)).status).toBe(200);
    });
  });

  describe('the local inbox', () => {
    const inbox = (route: string, init: RequestInit = {}) =>
      fetch(`${backend.server.inboxUrl}${route}`, { redirect: 'manual', ...init });

    it('answers only requests addressed to localhost (a DNS-rebinding page names its own host)', async () => {
      const { email } = await backend.newUser('rebind');
      await backend.anon().auth.resetPasswordForEmail(email);
      const port = new URL(backend.server.inboxUrl).port;
      const status = (host: string) =>
        new Promise<number>((resolve, reject) => {
          http
            .get(
              { host: '127.0.0.1', port, path: '/api/v1/messages', headers: { Host: host } },
              (response) => {
                response.resume();
                resolve(response.statusCode!);
              },
            )
            .on('error', reject);
        });
      expect(await status(`attacker.example:${port}`)).toBe(403);
      expect(await status(`127.0.0.1.nip.io:${port}`)).toBe(403);
      expect(await status(`localhost:${port}`)).toBe(200);
      expect(await status(`127.0.0.1:${port}`)).toBe(200);
    });

    it('refuses a cross-site write and keeps the messages; its own page may empty it', async () => {
      const { email } = await backend.newUser('csrf');
      await backend.anon().auth.resetPasswordForEmail(email);
      const crossSite = await inbox('/clear', {
        method: 'POST',
        headers: { Origin: 'http://attacker.example', 'Content-Type': 'application/x-www-form-urlencoded' },
      });
      expect(crossSite.status).toBe(403);
      const fetched = await inbox('/api/v1/messages', {
        method: 'DELETE',
        headers: { 'Sec-Fetch-Site': 'cross-site' },
      });
      expect(fetched.status).toBe(403);
      expect(await mailTo(backend, email)).toHaveLength(1);
      const own = await inbox('/clear', {
        method: 'POST',
        headers: { Origin: backend.server.inboxUrl, 'Sec-Fetch-Site': 'same-origin' },
      });
      expect(own.status).toBe(303);
      expect(await mailTo(backend, email)).toEqual([]);
    });
  });
});
