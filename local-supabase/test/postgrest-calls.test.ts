// PostgREST 14's answers where supabase-js's postgrest-js suite, or reading PostgREST's source after it, found
// differences: the fuzzy "Perhaps you meant …" hints of PGRST202, PGRST205 and PGRST200 (its noRpcHint,
// tableNotFoundHint and noRelBetweenHint, over Haskell's fuzzyset); a GET /rpc call's query string, where a value
// that is an operator expression filters the rows and any other is an argument; PostgREST 12's text and binary
// bodies for a function of one unnamed parameter, and form bodies; VARIADIC and polymorphic parameters; the in-database
// `pgrst.db_tx_end` (the suite's `Prefer: tx=rollback`); and what is not offered, answered with PostgREST's own
// codes. A project of its own, so each engine starts bare.
import { closest } from '../src/rest/fuzzy';
import { KINDS, raw, withBareProject, type Backend } from './harness';

jest.setTimeout(60_000);

const SCHEMA = `
create table public.directors (id integer primary key);
create table public.actors (id integer primary key);
create table public.films (id integer primary key, title text, director_id integer references public.directors (id));
create table public.roles (
  film_id integer references public.films (id),
  actor_id integer references public.actors (id),
  primary key (film_id, actor_id)
);
create table public.film_notes (id integer primary key);
create function public.test(name text, param text, val text) returns text language sql immutable
  as $$ select name || param || val $$;
create function public.test(id integer, attr text) returns text language sql immutable as $$ select attr $$;
create function public.another() returns integer language sql immutable as $$ select 1 $$;
create function public.polymorphic_function_with_unnamed_integer(integer) returns integer language sql
  as 'select 1';
create function public.polymorphic_function_with_unnamed_text(text) returns integer language sql as 'select 1';
create function public.polymorphic_function_with_unnamed_json(json) returns integer language sql as 'select 1';
create function public.polymorphic_function_with_unnamed_jsonb(jsonb) returns integer language sql as 'select 1';
create function public.polymorphic_function_with_unnamed_default(integer default 42) returns integer
  language sql as 'select 2';
create function public.numbered(n integer) returns table (id integer, label text) language sql stable
  as $$ select i, 'row ' || i from generate_series(1, n) i $$;
create function public.raw_text(text) returns text language sql immutable as $$ select 'text ' || $1 $$;
create function public.raw_bytes(bytea) returns integer language sql immutable as $$ select length($1) $$;
create function public.poly(a anyelement) returns anyelement language sql immutable as $$ select a $$;
create function public.joined(variadic parts text[]) returns text language sql immutable
  as $$ select array_to_string(parts, ',') $$;
create function public.echo(word text) returns text language sql immutable as $$ select word $$;
grant select on all tables in schema public to anon;
grant insert on public.films to anon;
-- As postgrest-js's schema configures PostgREST, but for this database only: roles are the whole cluster's.
create function public.set_tx_end(value text) returns void
language plpgsql security definer set search_path = '' as $$
begin
  execute format('alter role authenticator in database %I set pgrst.db_tx_end = %L', current_database(), value);
  perform pg_notify('pgrst', 'reload config');
end $$;
revoke execute on function public.set_tx_end(text) from public, anon, authenticated;
grant execute on function public.set_tx_end(text) to service_role;
select public.set_tx_end('commit-allow-override');
`;

describe('the fuzzy match behind the hints (PostgREST noRpcHint doctests)', () => {
  it('picks the closest name or parameter list, or none when nothing is close', () => {
    expect(closest(['test', 'another'], 'testt', 0.75)).toBe('test');
    expect(closest(['test', 'another'], 'noclosealternative', 0.75)).toBeUndefined();
    const lists = ['(name, param, val)', '(attr, id)'];
    expect(closest(lists, '(nam, pqaram, vall)')).toBe('(name, param, val)');
    expect(closest(lists, '(param, val)')).toBe('(name, param, val)');
    expect(closest(lists, '(attrs, id)')).toBe('(attr, id)');
    expect(closest(lists, '(id)')).toBe('(attr, id)');
    expect(closest(lists, '(noclosealternative)')).toBeUndefined();
    // Case apart, a name is itself.
    expect(closest(['Films'], 'films', 0.75)).toBe('Films');
  });
});

describe.each(KINDS)('calls and hints as PostgREST answers them, on %s', (kind) => {
  let backend: Backend;
  withBareProject(kind, 'postgrest-calls', SCHEMA, (started) => (backend = started));

  it("hints at the closest function, or the closest overload's parameters, when none takes the call", async () => {
    const db = backend.anon();
    const hint = async (fn: string, args?: Record<string, unknown>) => {
      const { error, status } = await db.rpc(fn, args);
      expect({ status, code: error?.code }).toEqual({ status: 404, code: 'PGRST202' });
      return error!.hint;
    };
    const perhaps = 'Perhaps you meant to call the function public.';
    expect(await hint('testt', { val: 1, param: 2, name: 3 })).toBe(`${perhaps}test`);
    expect(await hint('test', { vall: 1, pqaram: 2, nam: 3 })).toBe(`${perhaps}test(name, param, val)`);
    expect(await hint('test', { val: 1, param: 2 })).toBe(`${perhaps}test(name, param, val)`);
    expect(await hint('test', { id: 1, attrs: 2 })).toBe(`${perhaps}test(attr, id)`);
    expect(await hint('test', { noclosealternative: 1 })).toBeNull();
    expect(await hint('noclosealternative')).toBeNull();
    // postgrest-js's case: a function of one unnamed integer is not in the schema cache; the text one is.
    const integer = await db.rpc('polymorphic_function_with_unnamed_integer', { '': 1 });
    expect(integer.error).toEqual({
      code: 'PGRST202',
      message:
        'Could not find the function public.polymorphic_function_with_unnamed_integer() in the schema cache',
      details:
        'Searched for the function public.polymorphic_function_with_unnamed_integer with parameter  or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: `${perhaps}polymorphic_function_with_unnamed_text`,
    });
  });

  it('hints at the closest table for an unknown one (PGRST205), none when nothing is close', async () => {
    expect((await backend.anon().from('film').select('*')).error).toEqual({
      code: 'PGRST205',
      message: "Could not find the table 'public.film' in the schema cache",
      details: null,
      hint: "Perhaps you meant the table 'public.films'",
    });
    expect((await backend.anon().from('nothing_like_it').select('*')).error?.hint).toBeNull();
  });

  it('hints at the closest embedded table, or at the closest table that has relationships (PGRST200)', async () => {
    const hint = async (table: string, select: string) => {
      const { error, status } = await backend.anon().from(table).select(select);
      expect({ status, code: error?.code }).toEqual({ status: 400, code: 'PGRST200' });
      return error!.hint;
    };
    expect(await hint('films', 'role(*)')).toBe("Perhaps you meant 'roles' instead of 'role'.");
    expect(await hint('film_notes', 'directors(*)')).toBe(
      "Perhaps you meant 'films' instead of 'film_notes'.",
    );
    // The table is related, the embed's hint is what is wrong: no suggestion, as PostgREST gives none.
    expect(await hint('films', 'directors!nope(*)')).toBeNull();
    expect(await hint('films', 'noclosealternative(*)')).toBeNull();
  });

  it("reads a GET call's operator expressions as filters and anything else as arguments", async () => {
    const db = backend.anon();
    const rows = await db.rpc('numbered', { n: 4 }, { get: true }).gt('id', 1).lt('id', 4);
    expect(rows).toMatchObject({
      status: 200,
      data: [
        { id: 2, label: 'row 2' },
        { id: 3, label: 'row 3' },
      ],
    });
    // A value with dots that is no operator expression is an argument as it stands.
    expect(await raw(backend, 'GET', '/rest/v1/rpc/echo?word=a.b')).toMatchObject({
      status: 200,
      json: 'a.b',
    });
    expect(await raw(backend, 'GET', '/rest/v1/rpc/echo?word=eqx.1')).toMatchObject({ json: 'eqx.1' });
    // An argument the function does not take is PGRST202, as PostgREST says, not a filter's 42703.
    const unknown = await raw(backend, 'GET', '/rest/v1/rpc/numbered?n=2&nope=1');
    expect(unknown).toMatchObject({
      status: 404,
      json: {
        code: 'PGRST202',
        message: 'Could not find the function public.numbered(n, nope) in the schema cache',
      },
    });
    // `n=eq.2` filters the rows on a column n, so the call itself has no argument.
    const filtered = await raw(backend, 'GET', '/rest/v1/rpc/numbered?n=eq.2');
    expect(filtered).toMatchObject({
      status: 404,
      json: { message: 'Could not find the function public.numbered without parameters in the schema cache' },
    });
    // select, order, limit and logic trees shape the rows, whatever their values.
    const shaped = await raw(
      backend,
      'GET',
      '/rest/v1/rpc/numbered?n=5&select=id&order=id.desc&limit=2&or=(id.lt.5)',
    );
    expect(shaped).toMatchObject({ status: 200, json: [{ id: 4 }, { id: 3 }] });
  });

  it("honours Prefer: tx=rollback when the database's own pgrst.db_tx_end allows it, as PostgREST does", async () => {
    const db = backend.anon();
    const rolledBack = await db.from('films').insert({ id: 1, title: 'gone' }).select().rollback();
    expect(rolledBack).toMatchObject({ status: 201, data: [{ id: 1, title: 'gone' }] });
    expect((await db.from('films').select('id')).data).toEqual([]);
    const kept = await raw(backend, 'POST', '/rest/v1/films', { id: 2 }, { Prefer: 'tx=commit' });
    expect(kept.headers.get('preference-applied')).toBe('tx=commit');
    expect((await db.from('films').select('id')).data).toEqual([{ id: 2 }]);
  });

  it('passes a VARIADIC parameter its values as an array; a repeated other argument is its last value', async () => {
    const db = backend.anon();
    expect(await db.rpc('joined', { parts: ['a', 'b'] })).toMatchObject({ status: 200, data: 'a,b' });
    expect(await raw(backend, 'GET', '/rest/v1/rpc/joined?parts=a&parts=b%2Cc')).toMatchObject({
      status: 200,
      json: 'a,b,c',
    });
    expect(await raw(backend, 'GET', '/rest/v1/rpc/joined?parts=x')).toMatchObject({ json: 'x' });
    expect(await raw(backend, 'GET', '/rest/v1/rpc/echo?word=a&word=b')).toMatchObject({
      status: 200,
      json: 'b',
    });
  });

  it('gives a text or binary body to the function of one unnamed text or bytea parameter, as PostgREST 12+', async () => {
    const text = await raw(backend, 'POST', '/rest/v1/rpc/raw_text', 'hello, world', {
      'Content-Type': 'text/plain; charset=utf-8',
    });
    expect(text).toMatchObject({ status: 200, json: 'text hello, world' });
    const response = await fetch(`${backend.server.url}/rest/v1/rpc/raw_bytes`, {
      method: 'POST',
      headers: { apikey: backend.server.anonKey, 'Content-Type': 'application/octet-stream' },
      body: new Uint8Array([0, 1, 2, 255, 254]),
    });
    expect({ status: response.status, json: await response.json() }).toEqual({ status: 200, json: 5 });
    // No function takes that body: PostgREST's words, without a hint.
    const none = await raw(backend, 'POST', '/rest/v1/rpc/another', 'x', { 'Content-Type': 'text/xml' });
    expect(none).toMatchObject({
      status: 404,
      json: {
        code: 'PGRST202',
        message: 'Could not find the function public.another in the schema cache',
        details:
          'Searched for the function public.another with a single unnamed xml parameter, but no matches were found in the schema cache.',
        hint: null,
      },
    });
    // A table takes JSON only.
    const table = await raw(backend, 'POST', '/rest/v1/films', 'x', {
      'Content-Type': 'application/octet-stream',
    });
    expect(table).toMatchObject({
      status: 400,
      json: { code: 'PGRST102', message: 'Content-Type not acceptable: application/octet-stream' },
    });
  });

  it("answers a polymorphic (anyelement) function's call with PostgreSQL's own refusal, as under PostgREST", async () => {
    // PostgREST reads a POST's arguments through json_to_recordset with the parameter's type, and passes a GET's
    // as unknown-typed text: PostgreSQL accepts neither for anyelement.
    const post = await backend.anon().rpc('poly', { a: 1 });
    expect(post).toMatchObject({
      status: 400,
      error: { code: '42P16', message: 'column "a" has pseudo-type anyelement' },
    });
    const get = await backend.anon().rpc('poly', { a: 1 }, { get: true });
    expect(get).toMatchObject({
      status: 400,
      error: {
        code: '42804',
        message: 'could not determine polymorphic type because input has type unknown',
      },
    });
  });

  it("reads a form's fields as a function's arguments or a row's columns, as PostgREST does", async () => {
    const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
    expect(await raw(backend, 'POST', '/rest/v1/rpc/echo', 'word=a+b%26c', form)).toMatchObject({
      status: 200,
      json: 'a b&c',
    });
    const rows = await raw(backend, 'POST', '/rest/v1/rpc/numbered?select=id', 'n=2', form);
    expect(rows).toMatchObject({ status: 200, json: [{ id: 1 }, { id: 2 }] });
    const unknown = await raw(backend, 'POST', '/rest/v1/rpc/echo', 'nope=1', form);
    expect(unknown).toMatchObject({
      status: 404,
      json: {
        details:
          'Searched for the function public.echo with parameter nope, but no matches were found in the schema cache.',
      },
    });
    const inserted = await raw(backend, 'POST', '/rest/v1/films?select=id,title', 'id=7&title=Seven', {
      ...form,
      Prefer: 'return=representation',
    });
    expect(inserted).toMatchObject({ status: 201, json: [{ id: 7, title: 'Seven' }] });
  });

  it("answers what it does not offer with PostgREST's own codes: CSV bodies, GeoJSON answers", async () => {
    const csv = await raw(backend, 'POST', '/rest/v1/films', 'id,title\n8,Eight', {
      'Content-Type': 'text/csv',
    });
    expect(csv).toMatchObject({ status: 400, json: { code: 'PGRST102' } });
    const geo = await raw(backend, 'GET', '/rest/v1/films', undefined, { Accept: 'application/geo+json' });
    expect(geo).toMatchObject({
      status: 406,
      json: { code: 'PGRST107', message: 'None of these media types are available: application/geo+json' },
    });
    expect((await backend.anon().from('films').select('id').eq('id', 8)).data).toEqual([]);
  });

  it("reads pgrst.db_tx_end again on NOTIFY pgrst, 'reload config', as PostgREST does", async () => {
    expect((await backend.service().rpc('set_tx_end', { value: 'commit' })).error).toBeNull();
    const insert = (id: number) =>
      raw(backend, 'POST', '/rest/v1/films', { id }, { Prefer: 'tx=rollback, return=minimal' });
    // The reload runs beside the requests: until it lands, tx=rollback is still honoured (and rolled back).
    const deadline = Date.now() + 15_000;
    let id = 100;
    let response = await insert(id);
    while (response.headers.get('preference-applied')?.includes('tx=rollback') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      response = await insert(++id);
    }
    expect(response.status).toBe(201);
    expect(response.headers.get('preference-applied')).toBe('return=minimal');
    expect((await backend.anon().from('films').select('id').gte('id', 100)).data).toEqual([{ id }]);
  });
});
