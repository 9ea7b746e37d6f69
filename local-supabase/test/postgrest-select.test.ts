// select= (and /rpc's unnamed parameters) as PostgREST 14 answers them where teams' supabase-js code meets them:
// computed fields (functions of a table's row), spread embeds (`...channels(slug)`), aggregates refused as hosted
// Supabase refuses them (db-aggregates off: PGRST123), embeds and computed fields on a function's rows, embeds
// through views, the same column twice. A project of its own, so each engine starts from a bare database holding
// only these tables.
import { KINDS, raw, withBareProject, type Backend } from './harness';

jest.setTimeout(60_000);

const SCHEMA = `
create table public.channels (id bigint primary key, slug text not null);
create table public.channel_details (id bigint primary key references public.channels (id), details text);
create table public.users (username text primary key, status text);
create table public.messages (
  id bigint primary key,
  channel_id bigint not null references public.channels (id),
  username text not null references public.users (username),
  message text
);
create function public.blurb_message(public.messages) returns text language sql stable
  as $$ select substring($1.message, 1, 3) $$;
create function public.messages_of(name text) returns setof public.messages language sql stable
  as $$ select * from public.messages where username = name order by id $$;
create view public.recent_messages as select * from public.messages order by id desc limit 100;
create view public.active_users as select * from public.users where status = 'ONLINE';
create view public.message_authors as select id as message_id, username as author from public.messages;
create view public.author_posts as select author, message_id from public.message_authors;
create view public.message_lengths as select id, length(message) as n, upper(username) as shout from public.messages;
create function public.unnamed_json(json) returns json language sql immutable as $$ select $1 $$;
create function public.unnamed_jsonb(jsonb) returns text language sql immutable as $$ select $1 ->> 'test' $$;
create function public.unnamed_text(text) returns text language sql immutable as $$ select 'text ' || $1 $$;
create function public.unnamed_integer(integer) returns integer language sql immutable as $$ select $1 $$;
create function public.twin(a text) returns text language sql immutable as $$ select 'text' $$;
create function public.twin(a integer) returns text language sql immutable as $$ select 'integer' $$;
create function public.dflt(text default 'x') returns text language sql immutable as $$ select 'text' $$;
create function public.dflt() returns text language sql immutable as $$ select 'none' $$;
create function public.shape(json) returns text language sql immutable as $$ select 'json' $$;
create function public.shape(size integer) returns text language sql immutable as $$ select 'size ' || size $$;
grant select on all tables in schema public to anon;
grant insert on public.messages to anon;
grant all on public.messages to service_role;
insert into public.channels values (1, 'public'), (2, 'random'), (3, 'empty');
insert into public.channel_details values (1, 'Details for public channel');
insert into public.users values ('supabot', 'ONLINE'), ('kiwicopple', 'OFFLINE');
insert into public.messages values
  (1, 1, 'supabot', 'Hello World'), (2, 2, 'supabot', 'Perfection'), (3, 2, 'kiwicopple', 'Some message');
`;

describe.each(KINDS)('select= as PostgREST answers it, on %s', (kind) => {
  let backend: Backend;
  withBareProject(kind, 'select', SCHEMA, (started) => (backend = started));

  it('reads a computed field when named, in select, filters, order and an embed, never through *', async () => {
    const db = backend.anon();
    expect(await db.from('messages').select('id, blurb_message').order('id')).toMatchObject({
      status: 200,
      data: [
        { id: 1, blurb_message: 'Hel' },
        { id: 2, blurb_message: 'Per' },
        { id: 3, blurb_message: 'Som' },
      ],
    });
    const filtered = await db.from('messages').select('id, short:blurb_message').eq('blurb_message', 'Per');
    expect(filtered.data).toEqual([{ id: 2, short: 'Per' }]);
    const ordered = await db.from('messages').select('id').order('blurb_message', { ascending: false });
    expect(ordered.data).toEqual([{ id: 3 }, { id: 2 }, { id: 1 }]);
    const star = await db.from('messages').select('*').eq('id', 1).single();
    expect(star.data).toEqual({ id: 1, channel_id: 1, username: 'supabot', message: 'Hello World' });
    const embedded = await db
      .from('users')
      .select('username, messages(id, blurb_message)')
      .eq('username', 'kiwicopple');
    expect(embedded.data).toEqual([{ username: 'kiwicopple', messages: [{ id: 3, blurb_message: 'Som' }] }]);
    // A name that is neither a column nor a computed field is still PostgreSQL's 42703.
    expect((await db.from('messages').select('id, nosuch')).error).toMatchObject({ code: '42703' });
    expect((await db.from('users').select('blurb_message')).error).toMatchObject({ code: '42703' });
  });

  it("answers a computed field in the rows an insert returns and in a function's rows, which also embed", async () => {
    const inserted = await backend
      .anon()
      .from('messages')
      .insert({ id: 10, channel_id: 3, username: 'kiwicopple', message: 'Fresh one' })
      .select('id, blurb_message, channels(slug)')
      .single();
    expect(inserted).toMatchObject({
      status: 201,
      data: { id: 10, blurb_message: 'Fre', channels: { slug: 'empty' } },
    });
    const called = await backend
      .anon()
      .rpc('messages_of', { name: 'supabot' })
      .select('message, blurb_message, channels(slug)');
    expect(called).toMatchObject({
      status: 200,
      data: [
        { message: 'Hello World', blurb_message: 'Hel', channels: { slug: 'public' } },
        { message: 'Perfection', blurb_message: 'Per', channels: { slug: 'random' } },
      ],
    });
  });

  it("spreads a to-one embed's fields into the row, nested too, nulls where there is no row", async () => {
    const { data, error } = await backend
      .anon()
      .from('messages')
      .select('id, ...channels(slug, ...channel_details(details))')
      .lte('id', 3)
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, slug: 'public', details: 'Details for public channel' },
      { id: 2, slug: 'random', details: null },
      { id: 3, slug: 'random', details: null },
    ]);
    const star = await backend.anon().from('channels').select('slug, ...channel_details(*)').eq('id', 1);
    expect(star.data).toEqual([{ slug: 'public', id: 1, details: 'Details for public channel' }]);
  });

  it("spreads a to-many embed's fields as arrays (PostgREST 13+), filtered by !inner and its own filters", async () => {
    const { data, error } = await backend
      .anon()
      .from('channels')
      .select('slug, ...messages(id, username)')
      .order('id')
      .order('id', { referencedTable: 'messages' });
    expect(error).toBeNull();
    expect(data).toEqual([
      { slug: 'public', id: [1], username: ['supabot'] },
      { slug: 'random', id: [2, 3], username: ['supabot', 'kiwicopple'] },
      { slug: 'empty', id: expect.any(Array), username: expect.any(Array) },
    ]);
    const inner = await backend
      .anon()
      .from('channels')
      .select('slug, ...messages!inner(id)')
      .eq('messages.username', 'supabot')
      .order('id');
    expect(inner.data).toEqual([
      { slug: 'public', id: [1] },
      { slug: 'random', id: [2] },
    ]);
  });

  it('refuses a spread with an alias as PostgREST parses it (PGRST100)', async () => {
    const { error, status } = await backend.anon().from('messages').select('c:...channels(slug)');
    expect({ status, code: error?.code }).toEqual({ status: 400, code: 'PGRST100' });
  });

  it("refuses aggregates with PGRST123, hosted Supabase's answer (db-aggregates off), after the embeds", async () => {
    for (const select of [
      'count()',
      'total:count()',
      'id.count()',
      'id.sum()::text',
      'username, messages(count())',
      'slug, ...messages(id.max())',
    ]) {
      const table = select.startsWith('username')
        ? 'users'
        : select.startsWith('slug')
          ? 'channels'
          : 'messages';
      const { error, status, data } = await backend.anon().from(table).select(select);
      expect({ select, status, data, error }).toEqual({
        select,
        status: 400,
        data: null,
        error: {
          code: 'PGRST123',
          message: 'Use of aggregate functions is not allowed',
          details: null,
          hint: null,
        },
      });
    }
    // An embed that names no relationship is found first, as PostgREST resolves embeds before aggregates.
    const unknown = await backend.anon().from('users').select('count(), nosuch(id)');
    expect(unknown.error).toMatchObject({ code: 'PGRST200' });
  });

  it("embeds through views whose columns show a foreign key's, renamed or through another view", async () => {
    const db = backend.anon();
    const toView = await db.from('users').select('username, recent_messages(id)').eq('username', 'supabot');
    expect(toView.data).toEqual([{ username: 'supabot', recent_messages: [{ id: 2 }, { id: 1 }] }]);
    const fromView = await db.from('recent_messages').select('id, users(status)').eq('id', 3);
    expect(fromView.data).toEqual([{ id: 3, users: { status: 'OFFLINE' } }]);
    const viewToView = await db.from('active_users').select('username, recent_messages(id)');
    expect(viewToView.data).toEqual([{ username: 'supabot', recent_messages: [{ id: 2 }, { id: 1 }] }]);
    const nested = await db.from('author_posts').select('message_id, users(status)').eq('message_id', 1);
    expect(nested.data).toEqual([{ message_id: 1, users: { status: 'ONLINE' } }]);
    // Named by its key's column or constraint, an embed means the table, never a view showing it (findRel).
    const byColumn = await db.from('messages').select('id, username(status)').eq('id', 1);
    expect(byColumn.data).toEqual([{ id: 1, username: { status: 'ONLINE' } }]);
    const byKey = await db.from('messages').select('id, messages_username_fkey(status)').eq('id', 3);
    expect(byKey.data).toEqual([{ id: 3, messages_username_fkey: { status: 'OFFLINE' } }]);
    // A column computed from one (upper(username)) carries no foreign key: PostgREST's PGRST200.
    const computed = await db.from('message_lengths').select('n, users(status)');
    expect(computed).toMatchObject({ status: 400, error: { code: 'PGRST200' } });
  });

  it('answers a name given twice as PostgREST does: one key, the last value (JSON read as clients read it)', async () => {
    const { data } = await backend.anon().from('users').select('username, username').order('username');
    expect(data).toEqual([{ username: 'kiwicopple' }, { username: 'supabot' }]);
    const twice = await raw(backend, 'GET', '/rest/v1/users?select=a:username,a:status&order=username');
    expect(twice).toMatchObject({ status: 200, json: [{ a: 'OFFLINE' }, { a: 'ONLINE' }] });
  });

  it("puts a row's own fields first, then its embeds and spreads in the order named, as PostgREST's SQL does", async () => {
    const { json } = await raw(
      backend,
      'GET',
      '/rest/v1/messages?select=...channels(slug),users(status),id,short:blurb_message&id=eq.1',
    );
    const [row] = json as unknown as Record<string, unknown>[];
    expect(Object.keys(row!)).toEqual(['id', 'short', 'slug', 'users']);
  });

  it('filters the rows a PATCH or DELETE touches by a computed field, as PostgREST does', async () => {
    const db = backend.service();
    await db
      .from('messages')
      .insert({ id: 40, channel_id: 3, username: 'supabot', message: 'Zebra crossing' });
    const updated = await db
      .from('messages')
      .update({ message: 'Zebu' })
      .eq('blurb_message', 'Zeb')
      .select('id');
    expect(updated).toMatchObject({ status: 200, data: [{ id: 40 }] });
    const deleted = await db.from('messages').delete().eq('blurb_message', 'Zeb').select('id, message');
    expect(deleted).toMatchObject({ status: 200, data: [{ id: 40, message: 'Zebu' }] });
    expect((await db.from('messages').select('id').eq('id', 40)).data).toEqual([]);
  });

  it('gives a function whose one parameter has no name the whole body, as PostgREST does (json, jsonb, text)', async () => {
    const db = backend.anon();
    expect(await db.rpc('unnamed_json', { test: 'value' })).toMatchObject({
      status: 200,
      data: { test: 'value' },
    });
    expect(await db.rpc('unnamed_jsonb', { test: 'value' })).toMatchObject({ status: 200, data: 'value' });
    // Named '' (supabase-js's `{ '': … }`), text takes the body's text too.
    expect(await db.rpc('unnamed_text', { '': 'x' })).toMatchObject({ status: 200, data: 'text {"":"x"}' });
    // A named overload wins when the arguments name it; the unnamed json one takes the rest.
    expect(await db.rpc('shape', { size: 3 })).toMatchObject({ data: 'size 3' });
    expect(await db.rpc('shape', { other: 3 })).toMatchObject({ data: 'json' });
  });

  it("answers PGRST202 in PostgREST's words for what no function takes, unnamed integer parameters included", async () => {
    const integer = await backend.anon().rpc('unnamed_integer', { '': 1 });
    expect(integer).toMatchObject({
      status: 404,
      error: {
        code: 'PGRST202',
        message: 'Could not find the function public.unnamed_integer() in the schema cache',
        details:
          'Searched for the function public.unnamed_integer with parameter  or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      },
    });
    const byGet = await backend.anon().rpc('unnamed_integer', { b: 1, a: 2 }, { get: true });
    expect(byGet.error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.unnamed_integer(a, b) in the schema cache',
      details:
        'Searched for the function public.unnamed_integer with parameters a, b, but no matches were found in the schema cache.',
    });
    const none = await backend.anon().rpc('unnamed_integer', undefined, { get: true });
    expect(none.error?.message).toBe(
      'Could not find the function public.unnamed_integer without parameters in the schema cache',
    );
    expect(none.error?.details).toBe(
      'Searched for the function public.unnamed_integer without parameters, but no matches were found in the schema cache.',
    );
  });

  it('names the candidates of PGRST203 in the order PostgREST names them, whatever order they were made in', async () => {
    const { error, status } = await backend.anon().rpc('twin', { a: 1 });
    expect({ status, message: error?.message }).toEqual({
      status: 300,
      message:
        'Could not choose the best candidate function between: public.twin(a => integer), public.twin(a => text)',
    });
    const unnamed = await backend.anon().rpc('dflt');
    expect(unnamed.error?.message).toBe(
      'Could not choose the best candidate function between: public.dflt(), public.dflt( => text)',
    );
  });
});
