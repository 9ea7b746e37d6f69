// PostgREST's core beyond the storefront's own calls, written from PostgREST's documentation (API reference:
// upsert, counts, select with aliases and casts, functions as relations, logic trees, singular responses) and
// checked with the real supabase-js on both databases: status, Content-Range, Preference-Applied, error bodies.
// The suite runs the real migrations plus one fixture migration of its own (a table and three functions).
import { KINDS, projectWithFixtures, raw, removeProject, startBackend, type Backend } from './harness';

jest.setTimeout(90_000);

const FIXTURES = `
create table public.notes (
  id integer primary key,
  slug text not null unique,
  body text,
  rank integer not null default 0
);
grant select, insert, update, delete on public.notes to anon, authenticated, service_role;

create function public.notes_ranked(min_rank integer default 0) returns setof public.notes
language sql stable as $$ select * from public.notes where rank >= min_rank order by id $$;

create function public.note_count() returns integer
language sql stable as $$ select count(*)::integer from public.notes $$;

create function public.sum_and_product(a integer, b integer, out total integer, out product integer)
language sql immutable as $$ select a + b, a * b $$;

create table public.note_tags (
  id serial primary key,
  note_id integer not null references public.notes (id) on delete cascade,
  tag text not null
);
create table public.links (
  id integer primary key,
  from_note integer not null references public.notes (id) on delete cascade,
  to_note integer not null references public.notes (id) on delete cascade
);
grant select, insert, update, delete on public.note_tags, public.links to anon, authenticated, service_role;
grant usage on sequence public.note_tags_id_seq to anon, authenticated, service_role;

grant execute on function public.notes_ranked(integer), public.note_count(), public.sum_and_product(integer, integer)
  to anon, authenticated, service_role;
`;

const SEED = [
  { id: 1, slug: 'alpha', body: 'first', rank: 1 },
  { id: 2, slug: 'beta', body: 'second', rank: 2 },
  { id: 3, slug: 'gamma', body: null, rank: 3 },
  { id: 4, slug: 'delta', body: 'a,b (c)', rank: 4 },
  { id: 5, slug: 'epsilon', body: 'fifth', rank: 5 },
];

describe.each(KINDS)('PostgREST core on %s', (kind) => {
  let backend: Backend;
  let dir: string;

  beforeAll(async () => {
    dir = projectWithFixtures('rest-core', FIXTURES);
    backend = await startBackend(kind, { SUPABASE_DIR: dir });
  });
  afterAll(async () => {
    await backend.stop();
    removeProject(dir);
  });
  beforeEach(async () => {
    const db = backend.anon();
    expect((await db.from('notes').delete().gte('id', 0)).error).toBeNull();
    expect((await db.from('notes').insert(SEED)).error).toBeNull();
  });
  const notes = async () => (await backend.anon().from('notes').select('*').order('id')).data;

  describe('upsert', () => {
    it('merges duplicates on the primary key, in bulk, and says so in Preference-Applied', async () => {
      const result = await backend
        .anon()
        .from('notes')
        .upsert([
          { id: 1, slug: 'alpha', body: 'changed', rank: 10 },
          { id: 6, slug: 'zeta', body: 'new', rank: 6 },
        ])
        .select();
      expect(result).toMatchObject({ status: 201, error: null });
      expect(result.data).toEqual([
        { id: 1, slug: 'alpha', body: 'changed', rank: 10 },
        { id: 6, slug: 'zeta', body: 'new', rank: 6 },
      ]);
      expect((await notes())?.map((n) => [n.id, n.rank])).toEqual([
        [1, 10],
        [2, 2],
        [3, 3],
        [4, 4],
        [5, 5],
        [6, 6],
      ]);
      const response = await raw(
        backend,
        'POST',
        '/rest/v1/notes',
        { id: 2, slug: 'beta', body: 'again' },
        { Prefer: 'resolution=merge-duplicates' },
      );
      // Only updated (row 2 exists): 200, as PostgREST answers a write that inserted nothing.
      expect(response.status).toBe(200);
      expect(response.headers.get('preference-applied')).toBe('resolution=merge-duplicates');
      expect(response.json).toBeNull();
      expect((await notes())?.find((n) => n.id === 2)).toEqual({
        id: 2,
        slug: 'beta',
        body: 'again',
        rank: 2,
      });
    });

    it('merges on another unique column with on_conflict, updating only the columns sent', async () => {
      const result = await backend
        .anon()
        .from('notes')
        .upsert({ id: 3, slug: 'gamma', body: 'by slug' }, { onConflict: 'slug' })
        .select('slug, body, rank');
      // Only updated: 200, as PostgREST answers an upsert that inserted nothing.
      expect(result).toMatchObject({ status: 200, data: [{ slug: 'gamma', body: 'by slug', rank: 3 }] });
    });

    it('ignores duplicates with ignoreDuplicates: the existing row stays, only new rows come back', async () => {
      const result = await backend
        .anon()
        .from('notes')
        .upsert(
          [
            { id: 1, slug: 'alpha', body: 'ignored' },
            { id: 7, slug: 'eta', body: 'kept' },
          ],
          { ignoreDuplicates: true },
        )
        .select('id, body');
      expect(result).toMatchObject({ status: 201, error: null, data: [{ id: 7, body: 'kept' }] });
      expect((await notes())?.find((n) => n.id === 1)?.body).toBe('first');
      const response = await raw(
        backend,
        'POST',
        '/rest/v1/notes?on_conflict=slug',
        [{ id: 99, slug: 'beta' }],
        { Prefer: 'resolution=ignore-duplicates,return=representation' },
      );
      expect(response).toMatchObject({ status: 201, json: [] });
      expect(response.headers.get('preference-applied')).toBe(
        'resolution=ignore-duplicates, return=representation',
      );
    });

    it('without a resolution is a plain insert (409), and refuses an unknown or non-unique on_conflict', async () => {
      const plain = await backend.anon().from('notes').insert({ id: 1, slug: 'again' });
      expect(plain).toMatchObject({ status: 409, error: { code: '23505' } });
      const response = await raw(backend, 'POST', '/rest/v1/notes', { id: 1, slug: 'again' });
      expect(response.headers.get('preference-applied')).toBeNull();

      const unknown = await backend.anon().from('notes').upsert({ id: 1, slug: 'x' }, { onConflict: 'nope' });
      expect(unknown).toMatchObject({ status: 400, error: { code: '42703' } });
      const notUnique = await backend
        .anon()
        .from('notes')
        .upsert({ id: 1, slug: 'x' }, { onConflict: 'body' });
      expect(notUnique).toMatchObject({ status: 400, error: { code: '42P10' } });
      expect(await notes()).toEqual(SEED);
    });
  });

  describe('counts', () => {
    it('counts reads exactly (estimated too, below max_rows), with Content-Range and 206 for a part', async () => {
      for (const count of ['exact', 'estimated'] as const) {
        const read = await backend.anon().from('notes').select('id', { count }).order('id').range(1, 2);
        expect(read).toMatchObject({ status: 206, count: 5, data: [{ id: 2 }, { id: 3 }] });
      }
      const all = await backend.anon().from('notes').select('id', { count: 'exact' }).gt('rank', 3);
      expect(all).toMatchObject({ status: 200, count: 2 });
      const response = await raw(
        backend,
        'GET',
        '/rest/v1/notes?select=id&order=id&offset=1&limit=2',
        undefined,
        {
          Prefer: 'count=exact',
        },
      );
      expect(response.status).toBe(206);
      expect(response.headers.get('content-range')).toBe('1-2/5');
      const none = await raw(backend, 'GET', '/rest/v1/notes?id=eq.42', undefined, { Prefer: 'count=exact' });
      expect(none.status).toBe(200);
      expect(none.headers.get('content-range')).toBe('*/0');
      const uncounted = await raw(backend, 'GET', '/rest/v1/notes?order=id&limit=2');
      expect(uncounted.headers.get('content-range')).toBe('0-1/*');
    });

    it('answers HEAD with the count and no body', async () => {
      const head = await backend
        .anon()
        .from('notes')
        .select('*', { count: 'exact', head: true })
        .lt('rank', 3);
      expect(head).toMatchObject({ status: 200, count: 2, data: null, error: null });
      const response = await raw(backend, 'HEAD', '/rest/v1/notes', undefined, { Prefer: 'count=exact' });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-range')).toBe('0-4/5');
    });

    it('counts the rows of inserts, updates and deletes', async () => {
      const inserted = await backend
        .anon()
        .from('notes')
        .insert(
          [
            { id: 10, slug: 'ten' },
            { id: 11, slug: 'eleven' },
          ],
          { count: 'exact' },
        );
      expect(inserted).toMatchObject({ status: 201, count: 2, error: null });
      const updated = await backend
        .anon()
        .from('notes')
        .update({ body: 'x' }, { count: 'exact' })
        .gte('id', 10);
      expect(updated).toMatchObject({ status: 204, count: 2 });
      const deleted = await backend
        .anon()
        .from('notes')
        .delete({ count: 'exact' })
        .gte('id', 10)
        .select('id');
      expect(deleted).toMatchObject({ status: 200, count: 2, data: [{ id: 10 }, { id: 11 }] });

      const insert = await raw(backend, 'POST', '/rest/v1/notes', [{ id: 12, slug: 'twelve' }], {
        Prefer: 'count=exact',
      });
      expect(insert.headers.get('content-range')).toBe('*/1');
      const update = await raw(
        backend,
        'PATCH',
        '/rest/v1/notes?id=lte.2',
        { body: 'y' },
        { Prefer: 'count=exact' },
      );
      expect(update.status).toBe(204);
      expect(update.headers.get('content-range')).toBe('0-1/2');
      const uncounted = await raw(backend, 'DELETE', '/rest/v1/notes?id=eq.12');
      expect(uncounted.headers.get('content-range')).toBe('0-0/*');
      const nothing = await raw(backend, 'DELETE', '/rest/v1/notes?id=eq.12', undefined, {
        Prefer: 'count=exact',
      });
      expect(nothing.headers.get('content-range')).toBe('*/0');
    });

    it('counts the rows of a function, and answers HEAD on it', async () => {
      const called = await backend
        .anon()
        .rpc('notes_ranked', { min_rank: 2 }, { count: 'exact' })
        .select('id');
      expect(called).toMatchObject({
        status: 200,
        count: 4,
        data: [{ id: 2 }, { id: 3 }, { id: 4 }, { id: 5 }],
      });
      const head = await backend.anon().rpc('notes_ranked', { min_rank: 4 }, { count: 'exact', head: true });
      expect(head).toMatchObject({ status: 200, count: 2, data: null });
      const response = await raw(
        backend,
        'POST',
        '/rest/v1/rpc/notes_ranked?limit=1',
        {},
        { Prefer: 'count=exact' },
      );
      expect(response.status).toBe(206);
      expect(response.headers.get('content-range')).toBe('0-0/5');
      const scalar = await raw(backend, 'POST', '/rest/v1/rpc/note_count', {});
      expect(scalar).toMatchObject({ status: 200, json: 5 });
      expect(scalar.headers.get('content-range')).toBe('0-0/*');
    });
  });

  describe('select', () => {
    it('renames with aliases and converts with casts', async () => {
      const { data, error } = await backend
        .anon()
        .from('notes')
        .select('key:id, slug, rank::text, label:body::text')
        .in('id', [1, 3]);
      expect(error).toBeNull();
      expect(data).toEqual([
        { key: 1, slug: 'alpha', rank: '1', label: 'first' },
        { key: 3, slug: 'gamma', rank: '3', label: null },
      ]);
    });

    it('refuses an unknown column (42703) and a malformed item (PGRST100)', async () => {
      const unknown = await backend.anon().from('notes').select('id, nope');
      expect(unknown).toMatchObject({
        status: 400,
        error: { code: '42703', message: 'column notes.nope does not exist' },
      });
      const cast = await raw(backend, 'GET', `/rest/v1/notes?select=${encodeURIComponent('id::int;drop')}`);
      expect(cast).toMatchObject({ status: 400, json: { code: 'PGRST100' } });
      expect(await notes()).toEqual(SEED);
    });

    it('shapes the rows a write returns', async () => {
      const inserted = await backend
        .anon()
        .from('notes')
        .insert({ id: 20, slug: 'twenty' })
        .select('id, name:slug');
      expect(inserted).toMatchObject({ status: 201, data: [{ id: 20, name: 'twenty' }] });
      const updated = await backend
        .anon()
        .from('notes')
        .update({ rank: 7 })
        .eq('id', 20)
        .select('rank::text');
      expect(updated).toMatchObject({ status: 200, data: [{ rank: '7' }] });
      const deleted = await backend.anon().from('notes').delete().eq('id', 20).select('slug').single();
      expect(deleted).toMatchObject({ status: 200, data: { slug: 'twenty' } });
    });

    it('selects, filters, orders and limits the rows of a function', async () => {
      const rows = await backend
        .anon()
        .rpc('notes_ranked', { min_rank: 1 })
        .select('slug, rank')
        .neq('slug', 'beta')
        .order('rank', { ascending: false })
        .limit(2);
      expect(rows).toMatchObject({
        status: 200,
        data: [
          { slug: 'epsilon', rank: 5 },
          { slug: 'delta', rank: 4 },
        ],
      });
      const get = await backend
        .anon()
        .rpc('notes_ranked', { min_rank: 4 }, { get: true })
        .select('id')
        .eq('id', 5);
      expect(get).toMatchObject({ status: 200, data: [{ id: 5 }] });
      const one = await backend.anon().rpc('notes_ranked').select('slug').eq('id', 2).single();
      expect(one).toMatchObject({ status: 200, data: { slug: 'beta' } });
      const composite = await backend.anon().rpc('sum_and_product', { a: 3, b: 4 }).select('product');
      expect(composite).toMatchObject({ status: 200, data: { product: 12 } });
      const unknown = await backend.anon().rpc('notes_ranked').select('nope');
      expect(unknown).toMatchObject({
        status: 400,
        error: { code: '42703', message: 'column notes_ranked.nope does not exist' },
      });
    });
  });

  describe('.single()', () => {
    it('answers PostgREST’s PGRST116 for no row and for several, and rolls back a write that touched several', async () => {
      const none = await backend.anon().from('notes').select('id').eq('id', 42).single();
      expect(none).toMatchObject({
        status: 406,
        data: null,
        error: {
          code: 'PGRST116',
          message: 'Cannot coerce the result to a single JSON object',
          details: 'The result contains 0 rows',
          hint: null,
        },
      });
      const several = await backend.anon().from('notes').select('id').lt('id', 3).single();
      expect(several).toMatchObject({ status: 406, error: { details: 'The result contains 2 rows' } });
      const update = await backend
        .anon()
        .from('notes')
        .update({ body: 'both' })
        .lt('id', 3)
        .select()
        .single();
      expect(update).toMatchObject({
        status: 406,
        error: { code: 'PGRST116', details: 'The result contains 2 rows' },
      });
      expect(await notes()).toEqual(SEED);
      const rpc = await backend.anon().rpc('notes_ranked').single();
      expect(rpc).toMatchObject({ status: 406, error: { details: 'The result contains 5 rows' } });
    });
  });

  describe('logic trees', () => {
    it('filters with or, and, not and nesting', async () => {
      const ids = async (query: PromiseLike<{ data: { id: number }[] | null; error: unknown }>) => {
        const result = await query;
        expect(result.error).toBeNull();
        return result.data?.map((r) => r.id);
      };
      const q = () => backend.anon().from('notes').select('id').order('id');
      expect(await ids(q().or('rank.gt.4,slug.eq.alpha'))).toEqual([1, 5]);
      expect(await ids(q().or('id.eq.2,and(rank.gte.3,body.is.null)'))).toEqual([2, 3]);
      expect(await ids(q().not('id', 'in', '(1,2)'))).toEqual([3, 4, 5]);
      expect(await ids(q().or('id.in.(1,4),body.eq."a,b (c)"'))).toEqual([1, 4]);
      expect(await ids(q().or('slug.like.*ta,id.not.lt.5').neq('id', 2))).toEqual([4, 5]);
      expect(await ids(q().or('id.eq.1,not.and(rank.gt.1,rank.lt.5)'))).toEqual([1, 5]);
      const and = await raw(
        backend,
        'GET',
        `/rest/v1/notes?select=id&and=${encodeURIComponent('(id.gt.1,id.lt.3)')}`,
      );
      expect(and).toMatchObject({ status: 200, json: [{ id: 2 }] });
      const notOr = await raw(
        backend,
        'GET',
        `/rest/v1/notes?select=id&order=id&not.or=${encodeURIComponent('(id.eq.1,id.eq.2)')}`,
      );
      expect(notOr).toMatchObject({ status: 200, json: [{ id: 3 }, { id: 4 }, { id: 5 }] });
    });

    it('refuses a malformed tree (PGRST100) and an unknown column (42703)', async () => {
      const malformed = await raw(backend, 'GET', `/rest/v1/notes?or=${encodeURIComponent('id.eq.1')}`);
      expect(malformed).toMatchObject({ status: 400, json: { code: 'PGRST100' } });
      const unknown = await backend.anon().from('notes').select('id').or('nope.eq.1,id.eq.2');
      expect(unknown).toMatchObject({ status: 400, error: { code: '42703' } });
    });
  });

  describe('embedded resources', () => {
    beforeEach(async () => {
      const tags = [
        { note_id: 1, tag: 'a' },
        { note_id: 1, tag: 'b' },
        { note_id: 1, tag: 'c' },
        { note_id: 3, tag: 'b' },
      ];
      expect((await backend.anon().from('note_tags').insert(tags)).error).toBeNull();
      expect(
        (await backend.anon().from('links').insert({ id: 1, from_note: 1, to_note: 2 })).error,
      ).toBeNull();
    });

    it('embeds to-many as an array and to-one as an object, with aliases and nesting', async () => {
      const many = await backend
        .anon()
        .from('notes')
        .select('id, note_tags(tag)')
        .in('id', [1, 2])
        .order('id');
      expect(many).toMatchObject({
        status: 200,
        data: [
          { id: 1, note_tags: [{ tag: 'a' }, { tag: 'b' }, { tag: 'c' }] },
          { id: 2, note_tags: [] },
        ],
      });
      const one = await backend
        .anon()
        .from('note_tags')
        .select('tag, note:notes(slug, tags:note_tags(tag))')
        .eq('note_id', 3);
      expect(one).toMatchObject({
        status: 200,
        data: [{ tag: 'b', note: { slug: 'gamma', tags: [{ tag: 'b' }] } }],
      });
    });

    it('filters, orders and limits an embed by its own parameters, and !inner filters the parents', async () => {
      const shaped = await backend
        .anon()
        .from('notes')
        .select('id, note_tags(tag)')
        .eq('id', 1)
        .neq('note_tags.tag', 'a')
        .order('tag', { referencedTable: 'note_tags', ascending: false })
        .limit(1, { referencedTable: 'note_tags' });
      expect(shaped).toMatchObject({ status: 200, data: [{ id: 1, note_tags: [{ tag: 'c' }] }] });
      const inner = await backend
        .anon()
        .from('notes')
        .select('id, note_tags!inner(tag)', { count: 'exact' })
        .eq('note_tags.tag', 'b')
        .order('id');
      expect(inner).toMatchObject({
        status: 200,
        count: 2,
        data: [
          { id: 1, note_tags: [{ tag: 'b' }] },
          { id: 3, note_tags: [{ tag: 'b' }] },
        ],
      });
      const returned = await backend
        .anon()
        .from('note_tags')
        .insert({ note_id: 2, tag: 'z' })
        .select('tag, notes(id)');
      expect(returned).toMatchObject({ status: 201, data: [{ tag: 'z', notes: { id: 2 } }] });
    });

    it('answers PGRST200 for no relationship and PGRST201 (300) for an ambiguous one, which a hint settles', async () => {
      const none = await backend.anon().from('notes').select('id, services(id)');
      expect(none).toMatchObject({
        status: 400,
        error: {
          code: 'PGRST200',
          message: "Could not find a relationship between 'notes' and 'services' in the schema cache",
        },
      });
      const ambiguous = await backend.anon().from('notes').select('id, links(id)');
      expect(ambiguous).toMatchObject({
        status: 300,
        error: {
          code: 'PGRST201',
          message: "Could not embed because more than one relationship was found for 'notes' and 'links'",
        },
      });
      const hinted = await backend
        .anon()
        .from('notes')
        .select('id, links!links_to_note_fkey(id)')
        .eq('id', 2);
      expect(hinted).toMatchObject({ status: 200, data: [{ id: 2, links: [{ id: 1 }] }] });
      let deep = 'id';
      for (let i = 0; i < 40; i += 1) deep = i % 2 ? `id, note_tags(${deep})` : `note_id, notes(${deep})`;
      const tooDeep = await backend.anon().from('notes').select(deep);
      expect(tooDeep).toMatchObject({ status: 400, error: { code: 'PGRST100' } });
      // A function's rows embed only when they are a table's (notes_ranked's are notes: postgrest-select.test.ts).
      const rpc = await backend.anon().rpc('note_count').select('note_tags(tag)');
      expect(rpc).toMatchObject({ status: 400, error: { code: 'PGRST200' } });
    });
  });

  it('limits a delete to the first rows in the requested order', async () => {
    const response = await raw(backend, 'DELETE', '/rest/v1/notes?order=rank.desc&limit=2', undefined, {
      Prefer: 'return=representation',
    });
    expect(response).toMatchObject({ status: 200 });
    expect((response.json as unknown as { id: number }[]).map((r) => r.id).sort()).toEqual([4, 5]);
    expect((await notes())?.map((n) => n.id)).toEqual([1, 2, 3]);
  });
});
