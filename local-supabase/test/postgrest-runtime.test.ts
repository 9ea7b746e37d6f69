// What a function can make of a request, as under PostgREST 12+ behind Supabase's gateway: `PT<nnn>` errors answer
// HTTP nnn; `raise sqlstate 'PGRST'` chooses the whole answer; response.status and response.headers shape a
// successful one; a STABLE function runs read-only; each role's own settings (hosted Supabase's statement
// timeouts) apply to its requests; request.method, path, headers (the client's address set by the gateway, never
// by the client) and cookies are there to read. Through the real supabase-js and raw HTTP, on both databases.
import { createClient } from '@supabase/supabase-js';
import {
  clientOptions,
  KINDS,
  projectWithFixtures,
  raw,
  removeProject,
  startBackend,
  type Backend,
} from './harness';

jest.setTimeout(120_000);

const FIXTURES = `
create function public.raise_code(errcode text, message text, detail text, hint text) returns void
language plpgsql as $$
begin
  raise exception using errcode = errcode, message = message, detail = detail, hint = hint;
end $$;

create function public.raise_pgrst(message text, detail text) returns void
language plpgsql as $$
begin
  raise sqlstate 'PGRST' using message = message, detail = detail;
end $$;

create function public.raise_pgrst_without_detail(message text) returns void
language plpgsql as $$
begin
  raise sqlstate 'PGRST' using message = message;
end $$;

create function public.shaped(status text default '', headers text default '', fail boolean default false)
returns json language plpgsql as $$
begin
  perform set_config('response.status', status, true);
  perform set_config('response.headers', headers, true);
  if fail then
    raise exception 'refused after setting the answer';
  end if;
  return json_build_object('ok', true);
end $$;

create table public.hits (id serial primary key, note text not null);
grant select, insert on public.hits to anon, authenticated, service_role;
grant usage on sequence public.hits_id_seq to anon, authenticated, service_role;
create function public.log_hit(note text) returns integer
language sql volatile as $$ insert into public.hits (note) values (note) returning id $$;
create function public.stable_logger(note text) returns integer
language sql stable as $$ select public.log_hit(note) $$;

create function public.request_seen() returns json
language sql stable as $$
  select json_build_object(
    'method', current_setting('request.method', true),
    'path', current_setting('request.path', true),
    'headers', current_setting('request.headers', true)::json,
    'cookies', current_setting('request.cookies', true)::json,
    'statement_timeout', current_setting('statement_timeout'),
    'role', current_user)
$$;

-- What the API roles may read of the auth schema: nothing, as on hosted Supabase.
create function public.count_factors() returns bigint
language sql security invoker as $$ select count(*) from auth.mfa_factors $$;
create function public.readable_auth_tables() returns json
language sql stable as $$
  select coalesce(json_agg(r || ' ' || c.relname order by r, c.relname), '[]')
  from pg_class c join pg_namespace n on n.oid = c.relnamespace, unnest(array['anon', 'authenticated']) r
  where n.nspname = 'auth' and c.relkind = 'r' and has_table_privilege(r, c.oid, 'select')
$$;

grant execute on all functions in schema public to anon, authenticated, service_role;
`;

function fixtureDir(): string {
  return projectWithFixtures('runtime', FIXTURES);
}

describe.each(KINDS)('PostgREST runtime (%s)', (kind) => {
  let backend: Backend;
  let dir: string;
  beforeAll(async () => {
    dir = fixtureDir();
    backend = await startBackend(kind, { SUPABASE_DIR: dir });
  });
  afterAll(async () => {
    await backend?.stop();
    removeProject(dir);
  });

  describe('errors a function raises', () => {
    it('PT<nnn> answers HTTP nnn with the message, details and hint', async () => {
      const { error, status } = await backend.anon().rpc('raise_code', {
        errcode: 'PT409',
        message: 'That slot was just taken',
        detail: 'slot 2026-12-01 10:00',
        hint: 'Pick another time',
      });
      expect(status).toBe(409);
      expect(error).toMatchObject({
        code: 'PT409',
        message: 'That slot was just taken',
        details: 'slot 2026-12-01 10:00',
        hint: 'Pick another time',
      });
    });

    it('PT followed by something other than a status is a 500', async () => {
      const { status, json } = await raw(backend, 'POST', '/rest/v1/rpc/raise_code', {
        errcode: 'PT0AB',
        message: 'odd',
        detail: 'd',
        hint: 'h',
      });
      expect(status).toBe(500);
      expect(json).toMatchObject({ code: 'PT0AB', message: 'odd' });
    });

    it.each([
      ['P0001', 400],
      ['40001', 500],
      ['54001', 500],
      ['57P01', 503],
      ['42P17', 500],
      ['22023', 400],
    ])('SQLSTATE %s answers %i, as PostgREST maps it', async (errcode, expected) => {
      const { status, json } = await raw(backend, 'POST', '/rest/v1/rpc/raise_code', {
        errcode,
        message: 'raised',
        detail: 'd',
        hint: 'h',
      });
      expect(status).toBe(expected);
      expect(json).toMatchObject({ code: errcode, message: 'raised', details: 'd', hint: 'h' });
    });

    it("raise sqlstate 'PGRST' chooses the status, headers, status text and body", async () => {
      const message = JSON.stringify({
        code: '123',
        message: 'Payment Required',
        details: 'Quota exceeded',
        hint: 'Upgrade your plan',
      });
      const detail = JSON.stringify({
        status: 402,
        status_text: 'Needs payment',
        headers: { 'X-Powered-By': 'Nerd Rage', 'Retry-After': '60' },
      });
      const response = await fetch(`${backend.server.url}/rest/v1/rpc/raise_pgrst`, {
        method: 'POST',
        headers: { apikey: backend.server.anonKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ message, detail }),
      });
      expect(response.status).toBe(402);
      expect(response.statusText).toBe('Needs payment');
      expect(response.headers.get('x-powered-by')).toBe('Nerd Rage');
      expect(response.headers.get('retry-after')).toBe('60');
      expect(await response.json()).toEqual({
        code: '123',
        message: 'Payment Required',
        details: 'Quota exceeded',
        hint: 'Upgrade your plan',
      });

      const { error, status } = await backend.anon().rpc('raise_pgrst', {
        message: JSON.stringify({ code: 'budget_exceeded', message: 'Try again in 42 seconds' }),
        detail: JSON.stringify({ status: 429, headers: {} }),
      });
      expect(status).toBe(429);
      expect(error).toMatchObject({
        code: 'budget_exceeded',
        message: 'Try again in 42 seconds',
        details: null,
        hint: null,
      });
    });

    it("a 'PGRST' raise PostgREST cannot read is its 500 PGRST121, saying what is wrong", async () => {
      const badMessage = await raw(backend, 'POST', '/rest/v1/rpc/raise_pgrst', {
        message: 'not json',
        detail: JSON.stringify({ status: 400, headers: {} }),
      });
      expect(badMessage).toMatchObject({
        status: 500,
        json: {
          code: 'PGRST121',
          message: `Could not parse JSON in the "RAISE SQLSTATE 'PGRST'" error`,
          details: "Invalid JSON value for MESSAGE: 'not json'",
          hint: "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.",
        },
      });
      const noHeaders = await raw(backend, 'POST', '/rest/v1/rpc/raise_pgrst', {
        message: JSON.stringify({ code: 'x', message: 'y' }),
        detail: JSON.stringify({ status: 400 }),
      });
      expect(noHeaders.status).toBe(500);
      expect(noHeaders.json).toMatchObject({
        code: 'PGRST121',
        details: `Invalid JSON value for DETAIL: '{"status":400}'`,
      });
      const noDetail = await raw(backend, 'POST', '/rest/v1/rpc/raise_pgrst_without_detail', {
        message: JSON.stringify({ code: 'x', message: 'y' }),
      });
      expect(noDetail.status).toBe(500);
      expect(noDetail.json).toMatchObject({
        code: 'PGRST121',
        details: 'DETAIL is missing in the RAISE statement',
      });
    });
  });

  describe('response.status and response.headers', () => {
    it('set by a function, they shape its answer; its headers win over the service’s', async () => {
      const response = await fetch(`${backend.server.url}/rest/v1/rpc/shaped`, {
        method: 'POST',
        headers: { apikey: backend.server.anonKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          status: '201',
          headers: JSON.stringify([{ Location: '/things/7' }, { 'Content-Range': 'custom' }]),
        }),
      });
      expect(response.status).toBe(201);
      expect(response.headers.get('location')).toBe('/things/7');
      expect(response.headers.get('content-range')).toBe('custom');
      expect(await response.json()).toEqual({ ok: true });
      // Through supabase-js too.
      const { data, status } = await backend.anon().rpc('shaped', { status: '202' });
      expect(status).toBe(202);
      expect(data).toEqual({ ok: true });
    });

    it('an error answers as an error, whatever the function had set before failing', async () => {
      const { status, json } = await raw(backend, 'POST', '/rest/v1/rpc/shaped', {
        status: '201',
        headers: JSON.stringify([{ 'X-Set': 'before' }]),
        fail: true,
      });
      expect(status).toBe(400);
      expect(json).toMatchObject({ code: 'P0001', message: 'refused after setting the answer' });
    });

    it.each([
      [{ status: 'soon' }, 'PGRST112', 'response.status guc must be a valid status code'],
      [{ status: '99' }, 'PGRST112', 'response.status guc must be a valid status code'],
      [
        { headers: '{"X-One": "1"}' },
        'PGRST111',
        'response.headers guc must be a JSON array composed of objects with a single key and a string value',
      ],
      [
        { headers: '[{"X-One": "1", "X-Two": "2"}]' },
        'PGRST111',
        'response.headers guc must be a JSON array composed of objects with a single key and a string value',
      ],
      [
        { headers: '[{"X-One": 1}]' },
        'PGRST111',
        'response.headers guc must be a JSON array composed of objects with a single key and a string value',
      ],
    ])('%j is PostgREST’s 500 %s', async (args, code, message) => {
      const { status, json } = await raw(backend, 'POST', '/rest/v1/rpc/shaped', args);
      expect(status).toBe(500);
      expect(json).toMatchObject({ code, message });
    });
  });

  describe('transactions', () => {
    const hits = async () =>
      ((await backend.service().from('hits').select('note')).data ?? []).map((h) => h.note as string);

    it('a POST to a STABLE function is read-only, as PostgREST runs it: its write is 405 and leaves nothing', async () => {
      const { error, status } = await backend.anon().rpc('stable_logger', { note: 'through stable' });
      expect(status).toBe(405);
      expect(error).toMatchObject({ code: '25006' });
      expect(await hits()).not.toContain('through stable');
      // A VOLATILE function writes.
      const written = await backend.anon().rpc('log_hit', { note: 'through volatile' });
      expect(written.error).toBeNull();
      expect(await hits()).toContain('through volatile');
    });

    it('each role’s own settings apply to its requests: hosted Supabase’s statement timeouts', async () => {
      const anon = await backend.anon().rpc('request_seen');
      expect(anon.data).toMatchObject({ role: 'anon', statement_timeout: '3s' });
      const { client } = await backend.newUser('settings');
      const user = await client.rpc('request_seen');
      expect(user.data).toMatchObject({ role: 'authenticated', statement_timeout: '8s' });
    });
  });

  it('authenticated keeps no SELECT on auth.mfa_factors (nor on any auth table), as on hosted Supabase', async () => {
    const { client } = await backend.newUser('factors');
    const { error, status } = await client.rpc('count_factors');
    expect(status).toBe(403);
    expect(error).toMatchObject({ code: '42501', message: 'permission denied for table mfa_factors' });
    expect((await client.rpc('readable_auth_tables')).data).toEqual([]);
  });

  describe('request.method, path, headers and cookies', () => {
    it('as PostgREST sets them behind the gateway: names lower-cased, the client’s address its own', async () => {
      const client = createClient(backend.server.url, backend.server.anonKey, {
        ...clientOptions,
        global: {
          headers: {
            'X-Trace-Id': 'Trace-1',
            'X-Forwarded-For': '203.0.113.9',
            'CF-Connecting-IP': '203.0.113.9',
            Cookie: 'theme=dark; lang=en',
          },
        },
      });
      const { data, error } = await client.rpc('request_seen');
      expect(error).toBeNull();
      const seen = data as {
        method: string;
        path: string;
        headers: Record<string, string>;
        cookies: Record<string, string>;
      };
      expect(seen.method).toBe('POST');
      expect(seen.path).toBe('/rpc/request_seen');
      expect(seen.headers['x-trace-id']).toBe('Trace-1');
      expect(seen.headers.apikey).toBe(backend.server.anonKey);
      // The gateway's header holds the address that connected; the forwarded chain ends with it.
      expect(seen.headers['cf-connecting-ip']).toBe('127.0.0.1');
      expect(seen.headers['x-forwarded-for']).toBe('203.0.113.9, 127.0.0.1');
      expect(seen.cookies).toEqual({ theme: 'dark', lang: 'en' });
      expect(Object.keys(seen.headers).every((name) => name === name.toLowerCase())).toBe(true);

      const read = await raw(backend, 'GET', '/rest/v1/rpc/request_seen', undefined, {});
      expect(read.json).toMatchObject({
        method: 'GET',
        path: '/rpc/request_seen',
        headers: { 'cf-connecting-ip': '127.0.0.1', 'x-forwarded-for': '127.0.0.1' },
        cookies: {},
      });
    });
  });
});
