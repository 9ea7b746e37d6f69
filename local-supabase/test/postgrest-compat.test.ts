// What supabase-js's own postgrest-js suite (commit 381bded5) found answered differently from PostgREST, each
// kept here as a test of this service's own, with the real supabase-js on both databases (issue #32 items 3
// and 6): upsert statuses, embeds by foreign key and column name, self-referencing and one-to-one embeds, empty
// and duplicate embeds, PGRST201's details, quoted columns, JSON paths, the Accept header and count=planned.
import { KINDS, projectWithFixtures, raw, removeProject, startBackend, type Backend } from './harness';

jest.setTimeout(120_000);

// A chat's tables, shaped like the ones the postgrest-js suite runs against (written here, not copied).
const FIXTURES = `
create table public.members (
  username text primary key,
  status text not null default 'ONLINE',
  profile jsonb,
  "display name" text
);
create table public.friendships (
  id integer primary key,
  first_member text not null references public.members,
  second_member text not null references public.members,
  third_member text references public.members
);
create table public.member_cards (id integer primary key, username text references public.members);
create table public.rooms (id integer primary key, slug text not null);
create table public.room_details (id integer primary key references public.rooms, about text);
create table public.folders (
  id integer primary key,
  title text not null,
  parent_id integer references public.folders
);
create table public.boards (
  id integer primary key,
  title text not null,
  parent integer constraint boards_parent_fkey references public.boards,
  main integer constraint boards_main_fkey references public.boards
);
grant select, insert, update, delete on public.members, public.friendships, public.member_cards, public.rooms,
  public.room_details, public.folders, public.boards to anon, authenticated, service_role;

create function public.room_list() returns setof public.rooms language sql stable as $$ select * from public.rooms $$;
grant execute on function public.room_list() to anon, authenticated, service_role;

insert into public.members values
  ('ada', 'ONLINE', '{"city": {"name": "Paris"}, "age": 36}', 'Ada L.'),
  ('bob', 'OFFLINE', '{"city": {"name": "Oslo"}, "age": 29}', null),
  ('cyd', 'ONLINE', null, 'Cyd');
insert into public.friendships values (1, 'ada', 'bob', null), (2, 'bob', 'cyd', 'ada');
insert into public.member_cards values (1, 'ada'), (2, 'bob');
insert into public.rooms values (1, 'general'), (2, 'random');
insert into public.room_details values (1, 'Everything');
insert into public.folders values (1, 'Root', null), (2, 'Child', 1), (3, 'Other child', 1);
insert into public.boards values (1, 'Main board', null, null), (2, 'Task', 1, null);
`;

describe.each(KINDS)('PostgREST as supabase-js’s suite meets it, on %s', (kind) => {
  let backend: Backend;
  let dir: string;

  beforeAll(async () => {
    dir = projectWithFixtures('postgrest-compat', FIXTURES);
    backend = await startBackend(kind, { SUPABASE_DIR: dir });
  });
  afterAll(async () => {
    await backend.stop();
    removeProject(dir);
  });

  describe('upsert', () => {
    it('answers 200 when it only updated rows, 201 when it inserted one, and 201 when it ignored duplicates', async () => {
      const db = backend.service();
      const updated = await db
        .from('rooms')
        .upsert({ id: 2, slug: 'random-renamed' }, { count: 'exact' })
        .select();
      expect(updated).toMatchObject({ status: 200, count: 1, data: [{ id: 2, slug: 'random-renamed' }] });
      const mixed = await db
        .from('rooms')
        .upsert([
          { id: 2, slug: 'random' },
          { id: 3, slug: 'new' },
        ])
        .select();
      expect(mixed.status).toBe(201);
      const ignored = await db
        .from('rooms')
        .upsert({ id: 3, slug: 'ignored' }, { ignoreDuplicates: true })
        .select();
      expect(ignored).toMatchObject({ status: 201, data: [] });
      expect((await db.from('rooms').delete().eq('id', 3)).error).toBeNull();
      expect((await db.from('rooms').select('slug').order('id')).data).toEqual([
        { slug: 'general' },
        { slug: 'random' },
      ]);
    });

    it('answers the same statuses with return=minimal, with no body', async () => {
      const db = backend.service();
      const updated = await db.from('rooms').upsert({ id: 2, slug: 'random-renamed' }, { count: 'exact' });
      expect(updated).toMatchObject({ status: 200, count: 1, data: null, error: null });
      const inserted = await db.from('rooms').upsert({ id: 3, slug: 'new' });
      expect(inserted).toMatchObject({ status: 201, data: null, error: null });
      expect((await db.from('rooms').upsert({ id: 3, slug: 'x' }, { ignoreDuplicates: true })).status).toBe(
        201,
      );
      expect((await db.from('rooms').upsert({ id: 2, slug: 'random' })).status).toBe(200);
      expect((await db.from('rooms').delete().eq('id', 3)).error).toBeNull();
      expect((await db.from('rooms').select('slug').order('id')).data).toEqual([
        { slug: 'general' },
        { slug: 'random' },
      ]);
    });
  });

  describe('fields', () => {
    it('reads a quoted column name in select, filters and order', async () => {
      const db = backend.anon();
      const named = await db
        .from('members')
        .select('username, "display name", shown:"display name"')
        .not('"display name"', 'is', null)
        .order('"display name"', { ascending: false });
      expect(named.error).toBeNull();
      expect(named.data).toEqual([
        { username: 'cyd', 'display name': 'Cyd', shown: 'Cyd' },
        { username: 'ada', 'display name': 'Ada L.', shown: 'Ada L.' },
      ]);
      const unknown = await db.from('members').select('"no such"');
      expect(unknown).toMatchObject({ status: 400, error: { code: '42703' } });
    });

    it('follows JSON paths in select (named by the last key), filters and order', async () => {
      const db = backend.anon();
      const paths = await db
        .from('members')
        .select('username, profile->city, town:profile->city->>name, profile->>age::int')
        .not('profile', 'is', null)
        .order('profile->age', { ascending: false });
      expect(paths.error).toBeNull();
      expect(paths.data).toEqual([
        { username: 'ada', city: { name: 'Paris' }, town: 'Paris', age: 36 },
        { username: 'bob', city: { name: 'Oslo' }, town: 'Oslo', age: 29 },
      ]);
      const filtered = await db.from('members').select('username').eq('profile->city->>name', 'Oslo');
      expect(filtered.data).toEqual([{ username: 'bob' }]);
      const older = await db.from('members').select('username').gt('profile->age', 30);
      expect(older.data).toEqual([{ username: 'ada' }]);
      // A key is a literal, whatever it holds.
      const hostile = await raw(
        backend,
        'GET',
        "/rest/v1/members?select=profile->>x';drop table members;--&limit=1",
      );
      expect(hostile).toMatchObject({ status: 200, json: [{ "x';drop table members;--": null }] });
      expect((await db.from('members').select('username')).data).toHaveLength(3);
    });
  });

  describe('Accept', () => {
    it('answers CSV as PostgREST writes it (a header of the first row’s keys), on reads, writes and calls', async () => {
      const db = backend.anon();
      const read = await db
        .from('members')
        .select('username, status, "display name"')
        .order('username')
        .csv();
      expect(read).toMatchObject({ status: 200, error: null });
      expect(read.data).toBe(
        'username,status,display name\nada,ONLINE,"Ada L."\nbob,OFFLINE,\ncyd,ONLINE,Cyd',
      );
      const none = await raw(
        backend,
        'GET',
        '/rest/v1/members?select=username&username=eq.nobody',
        undefined,
        {
          Accept: 'text/csv',
        },
      );
      expect(none).toMatchObject({ status: 200, json: '\n' });
      expect(none.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      const written = await backend
        .service()
        .from('rooms')
        .update({ slug: 'general' })
        .eq('id', 1)
        .select('id, slug')
        .csv();
      expect(written.data).toBe('id,slug\n1,general');
      const called = await db.rpc('room_list').select('slug').order('id').csv();
      expect(called).toMatchObject({ status: 200, data: 'slug\ngeneral\nrandom' });
    });

    it('strips null keys with nulls=stripped, for an array and for one object', async () => {
      const array = await raw(
        backend,
        'GET',
        '/rest/v1/members?select=username,profile,"display name"&order=username',
        undefined,
        {
          Accept: 'application/vnd.pgrst.array+json;nulls=stripped',
        },
      );
      expect(array.status).toBe(200);
      expect(array.json).toEqual([
        { username: 'ada', profile: { city: { name: 'Paris' }, age: 36 }, 'display name': 'Ada L.' },
        { username: 'bob', profile: { city: { name: 'Oslo' }, age: 29 } },
        { username: 'cyd', 'display name': 'Cyd' },
      ]);
      const one = await raw(
        backend,
        'GET',
        '/rest/v1/members?select=username,profile&username=eq.cyd',
        undefined,
        {
          Accept: 'application/vnd.pgrst.object+json;nulls=stripped',
        },
      );
      expect(one).toMatchObject({ status: 200, json: { username: 'cyd' } });
    });

    it('refuses a media type it does not write with 406 PGRST107, the plan type included, and changes nothing', async () => {
      // The plan type as PostgREST names it (its toMime), what supabase-js's explain() gets from hosted Supabase.
      const plan = 'application/vnd.pgrst.plan+json; for="application/json"';
      for (const [accept, named = accept] of [
        ['application/xml'],
        ['application/vnd.pgrst.plan+json', plan],
        ['text/html, image/png'],
        [
          'application/vnd.pgrst.plan; for="text/csv"; options=wal|analyze;',
          'application/vnd.pgrst.plan+text; for="text/csv"; options=analyze|wal',
        ],
      ]) {
        const refused = await raw(backend, 'GET', '/rest/v1/members?select=username', undefined, {
          Accept: accept!,
        });
        expect(refused).toMatchObject({
          status: 406,
          json: {
            code: 'PGRST107',
            message: `None of these media types are available: ${named}`,
            details: null,
            hint: null,
          },
        });
      }
      const explained = await backend
        .anon()
        .from('members')
        .select()
        .explain({ format: 'json', verbose: true });
      expect(explained).toMatchObject({
        status: 406,
        error: {
          code: 'PGRST107',
          message: `None of these media types are available: ${plan}; options=verbose`,
        },
      });
      const write = await raw(
        backend,
        'PATCH',
        '/rest/v1/rooms?id=eq.1',
        { slug: 'changed' },
        { Accept: 'application/xml' },
      );
      expect(write.status).toBe(406);
      expect((await backend.anon().from('rooms').select('slug').eq('id', 1).single()).data).toEqual({
        slug: 'general',
      });
      // Browsers' own lists still get JSON.
      const browser = await raw(backend, 'GET', '/rest/v1/rooms?select=id&order=id', undefined, {
        Accept: 'text/html;q=0.9, */*;q=0.8',
      });
      expect(browser).toMatchObject({ status: 200, json: [{ id: 1 }, { id: 2 }] });
    });
  });

  describe('count', () => {
    it('answers count=planned with the planner’s estimate and count=estimated exactly below max_rows', async () => {
      const db = backend.anon();
      const planned = await db.from('members').select('*', { head: true, count: 'planned' });
      expect(planned.error).toBeNull();
      expect(planned.count).toEqual(expect.any(Number));
      expect(planned.count).toBeGreaterThanOrEqual(1);
      // What EXPLAIN says, not the rows counted (a never-analysed table's estimate is far from its 3 rows).
      expect(planned.count).not.toBe(3);
      expect(planned.status).toBe(planned.count! > 0 ? 206 : 200);
      const estimated = await db.from('members').select('username', { count: 'estimated' }).limit(2);
      expect(estimated).toMatchObject({ status: 206, count: 3 });
    });

    it('counts writes and RPC exactly whichever count is asked, as PostgREST plans only reads', async () => {
      const db = backend.service();
      for (const count of ['planned', 'estimated'] as const) {
        const rooms = await db.rpc('room_list', undefined, { count });
        expect(rooms).toMatchObject({ error: null, status: 200, count: 2 });
        const touched = await db.from('rooms').update({ slug: 'general' }, { count }).eq('id', 1);
        expect(touched).toMatchObject({ error: null, status: 204, count: 1 });
      }
    });
  });

  describe('embeds', () => {
    it('follows a foreign key named by its constraint, both ways, and by the embedding table’s column', async () => {
      const db = backend.anon();
      const byConstraint = await db
        .from('members')
        .select(
          'username, firsts:friendships_first_member_fkey(id), seconds:friendships_second_member_fkey(id)',
        )
        .eq('username', 'bob')
        .single();
      expect(byConstraint.data).toEqual({ username: 'bob', firsts: [{ id: 2 }], seconds: [{ id: 1 }] });
      const toOne = await db
        .from('friendships')
        .select('id, friendships_third_member_fkey(username)')
        .eq('id', 2);
      expect(toOne.data).toEqual([{ id: 2, friendships_third_member_fkey: { username: 'ada' } }]);
      const byColumn = await db.from('member_cards').select('username(status), card:id').eq('id', 2).single();
      expect(byColumn.data).toEqual({ username: { status: 'OFFLINE' }, card: 2 });
      const aliased = await db.from('member_cards').select('owner:username(*)').eq('id', 1).single();
      expect(aliased.data).toMatchObject({ owner: { username: 'ada', status: 'ONLINE' } });
    });

    it('embeds a self-referencing table’s children by its name, its parent by the column', async () => {
      const db = backend.anon();
      const children = await db.from('folders').select('id, folders(id, title)').eq('id', 1).single();
      expect(children.data).toEqual({
        id: 1,
        folders: [
          { id: 2, title: 'Child' },
          { id: 3, title: 'Other child' },
        ],
      });
      const hinted = await db.from('folders').select('id, folders!parent_id(id)').eq('id', 1).single();
      expect(hinted.data).toEqual({ id: 1, folders: [{ id: 2 }, { id: 3 }] });
      const parent = await db.from('folders').select('id, parent_id(title)').eq('id', 2).single();
      expect(parent.data).toEqual({ id: 2, parent_id: { title: 'Root' } });
      const parents = await db.from('boards').select('id, parents:parent(title)').eq('id', 2).single();
      expect(parents.data).toEqual({ id: 2, parents: { title: 'Main board' } });
      expect((await db.from('boards').select('children:boards(*)')).error?.code).toBe('PGRST201');
      // As PostgREST: the children cannot be picked by the key's name.
      const byKey = await db.from('folders').select('*, folders!folders_parent_id_fkey(*)');
      expect(byKey.status).toBe(400);
      expect(byKey.error).toMatchObject({
        code: 'PGRST200',
        message: "Could not find a relationship between 'folders' and 'folders' in the schema cache",
        details:
          "Searched for a foreign key relationship between 'folders' and 'folders' using the hint 'folders_parent_id_fkey' in the schema 'public', but no matches were found.",
      });
    });

    it('embeds one-to-one as an object both ways (a foreign key on the primary key)', async () => {
      const db = backend.anon();
      const rooms = await db.from('rooms').select('slug, room_details(about)').order('id');
      expect(rooms.data).toEqual([
        { slug: 'general', room_details: { about: 'Everything' } },
        { slug: 'random', room_details: null },
      ]);
      const details = await db.from('room_details').select('about, rooms!inner(slug)').single();
      expect(details.data).toEqual({ about: 'Everything', rooms: { slug: 'general' } });
    });

    it('leaves an embed without fields out of the answer, and with !inner still filters by it', async () => {
      const db = backend.anon();
      const cards = await db.from('member_cards').select('id, members()').order('id');
      expect(cards.data).toEqual([{ id: 1 }, { id: 2 }]);
      const online = await db
        .from('member_cards')
        .select('id, members!inner()')
        .eq('members.status', 'OFFLINE');
      expect(online.data).toEqual([{ id: 2 }]);
      const only = await db.from('member_cards').select('members()').order('id');
      expect(only.data).toEqual([{}, {}]);
    });

    it('refuses the same embed twice with PostgreSQL’s 42712, and answers PGRST201 with its details as a list', async () => {
      const db = backend.anon();
      const twice = await db.from('friendships').select('members!first_member(*), members!second_member(*)');
      expect(twice.status).toBe(400);
      expect(twice.error).toEqual({
        code: '42712',
        details: null,
        hint: null,
        message: 'table name "friendships_members_1" specified more than once',
      });
      const ambiguous = await db.from('friendships').select('a:members(*), b:members(*)');
      expect(ambiguous.status).toBe(300);
      expect(ambiguous.error).toEqual({
        code: 'PGRST201',
        message:
          "Could not embed because more than one relationship was found for 'friendships' and 'members'",
        details: ['first', 'second', 'third'].map((which) => ({
          cardinality: 'many-to-one',
          embedding: 'friendships with members',
          relationship: `friendships_${which}_member_fkey using friendships(${which}_member) and members(username)`,
        })),
        hint: "Try changing 'members' to one of the following: 'members!friendships_first_member_fkey', 'members!friendships_second_member_fkey', 'members!friendships_third_member_fkey'. Find the desired relationship in the 'details' key.",
      });
      const oneToMany = await db.from('members').select('friendships(*)');
      expect(oneToMany.error?.details).toContainEqual({
        cardinality: 'one-to-many',
        embedding: 'members with friendships',
        relationship: 'friendships_second_member_fkey using members(username) and friendships(second_member)',
      });
    });
  });
});
