// Malformed requests get a clear, Supabase-shaped error and change nothing, on both databases.
import { KINDS, raw, startBackend, type Backend } from './harness';

jest.setTimeout(60_000);

describe.each(KINDS)('bad input on %s', (kind) => {
  let backend: Backend;
  const countOrders = async () => (await backend.service().from('orders').select('id')).data!.length;
  beforeAll(async () => {
    backend = await startBackend(kind);
  });
  afterAll(() => backend.stop());

  it('malformed JSON: 400 PGRST102', async () => {
    const response = await raw(backend, 'POST', '/rest/v1/contact_messages', '{"name": "Ada",');
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ code: 'PGRST102', message: 'Empty or invalid json' });
    expect(Object.keys(response.json).sort()).toEqual(['code', 'details', 'hint', 'message']);
  });

  it('unknown table: 404 PGRST205; unknown column: PGRST204 in a body, 42703 in a filter', async () => {
    const table = await backend.anon().from('no_such_table').select('*');
    expect(table).toMatchObject({ status: 404, error: { code: 'PGRST205' } });
    const bodyColumn = await backend
      .anon()
      .from('contact_messages')
      .insert({ name: 'Ada', email: 'a@example.com', message: 'Hello there!', admin: true });
    expect(bodyColumn).toMatchObject({ status: 400, error: { code: 'PGRST204' } });
    const filterColumn = await backend.anon().from('services').select('*').eq('secret', 'x');
    expect(filterColumn).toMatchObject({ status: 400, error: { code: '42703' } });
    const fn = await backend.anon().rpc('drop_everything', {});
    expect(fn).toMatchObject({ status: 404, error: { code: 'PGRST202' } });
  });

  it('wrong types and over-long strings are refused by the database itself', async () => {
    const wrongType = await backend.anon().from('services').select('*').eq('price', 'cheap');
    expect(wrongType).toMatchObject({ status: 400, error: { code: '22P02' } });
    const longName = await backend
      .anon()
      .from('contact_messages')
      .insert({ name: 'x'.repeat(101), email: 'a@example.com', message: 'Hello there!' });
    expect(longName).toMatchObject({ status: 400, error: { code: '23514' } });
    const shortMessage = await backend
      .anon()
      .from('contact_messages')
      .insert({ name: 'Ada', email: 'a@example.com', message: 'Hi' });
    expect(shortMessage.error).toMatchObject({ code: '23514' });
    const badEmail = await backend
      .anon()
      .from('newsletter_subscribers')
      .insert({ name: 'Ada', email: 'nope', discount_code: 'ADAABCDEF' });
    expect(badEmail.error).toMatchObject({ code: '23514' });
    const badChoice = await backend.anon().from('project_requests').insert({
      name: 'Ada',
      email: 'a@example.com',
      project_type: 'crypto',
      budget: '5k-10k',
      timeline: 'asap',
      description: 'A long enough description',
    });
    expect(badChoice.error).toMatchObject({ code: '23514' });
  });

  it('a body over 1 MB: 413, nothing stored', async () => {
    const response = await raw(backend, 'POST', '/rest/v1/contact_messages', {
      name: 'Ada',
      email: 'a@example.com',
      message: 'x'.repeat(1_100_000),
    });
    expect(response.status).toBe(413);
    expect(response.json).toMatchObject({ code: 'PGRST413' });
    const signUp = await raw(backend, 'POST', '/auth/v1/signup', {
      email: 'big@example.com',
      password: 'x'.repeat(1_100_000),
    });
    expect(signUp.status).toBe(413);
    expect(signUp.json).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    const stored = await backend
      .service()
      .from('contact_messages')
      .select('id', { count: 'exact', head: true });
    expect(stored.count).toBe(0);
  });

  it('filter values carrying SQL stay values', async () => {
    const before = await countOrders();
    const injection = await backend
      .anon()
      .from('services')
      .select('*')
      .eq('id', "x'; drop table public.orders; --");
    expect(injection).toMatchObject({ status: 200, data: [] });
    const closing = await backend.anon().from('services').select('*').eq('id', "x'); drop table orders;--");
    expect(closing).toMatchObject({ status: 200, data: [] });
    const viaColumn = await raw(
      backend,
      'GET',
      `/rest/v1/services?${encodeURIComponent('id" = id; drop table public.orders; --')}=eq.1`,
    );
    expect(viaColumn).toMatchObject({ status: 400, json: { code: '42703' } });
    const viaFunction = await backend
      .anon()
      .rpc('validate_discount_code"(); drop table public.orders; --', {});
    expect(viaFunction).toMatchObject({ status: 404, error: { code: 'PGRST202' } });
    const viaIn = await raw(
      backend,
      'GET',
      `/rest/v1/services?id=in.(${encodeURIComponent('"a\');drop table public.orders;--",b')})`,
    );
    expect(viaIn.status).toBe(200);
    const viaOrder = await raw(
      backend,
      'GET',
      `/rest/v1/services?order=${encodeURIComponent('price;drop table public.orders')}`,
    );
    expect(viaOrder.status).toBe(400);
    const viaSelect = await raw(
      backend,
      'GET',
      `/rest/v1/services?select=${encodeURIComponent('id,(select 1)')}`,
    );
    expect(viaSelect.status).toBe(400);
    expect(await countOrders()).toBe(before);
  });

  it('quotes, backslashes and placeholders in values are stored and matched as written; a NUL is refused', async () => {
    const name = `O'Brien \\ "$1" $2 \\' E'x'`;
    const insert = await backend
      .anon()
      .from('contact_messages')
      .insert({ name, email: 'ob@example.com', message: "It's a 'quoted' \\n message" });
    expect(insert.error).toBeNull();
    const found = await backend.service().from('contact_messages').select('name, message').eq('name', name);
    expect(found.data).toEqual([{ name, message: "It's a 'quoted' \\n message" }]);
    // supabase-js quotes a list value that holds a comma (it escapes nothing inside, so no double quotes here).
    const listedName = "it's $1, isn't it \\";
    await backend
      .anon()
      .from('contact_messages')
      .insert({ name: listedName, email: 'ob@example.com', message: 'Hello there!' });
    const listed = await backend
      .service()
      .from('contact_messages')
      .select('name')
      .in('name', [listedName, 'x']);
    expect(listed.data).toEqual([{ name: listedName }]);

    const nul = await backend.anon().from('services').select('*').eq('id', 'a\u0000b');
    expect(nul).toMatchObject({ status: 400, error: { code: '22021' } });
  });

  it('a write through GET is refused by the read-only transaction and changes nothing', async () => {
    const { client } = await backend.newUser('get-write');
    await client.rpc('replace_cart', {
      items: [{ service_id: 'chat-helper', service_title: 'x', service_price: 1 }],
    });
    const before = await countOrders();
    const placed = await client.rpc('place_order', {}, { get: true });
    expect(placed).toMatchObject({ status: 405, error: { code: '25006' } });
    expect(await countOrders()).toBe(before);
  });

  it('a schema other than public: 406 PGRST106', async () => {
    const response = await raw(backend, 'GET', '/rest/v1/users?select=*', undefined, {
      'Accept-Profile': 'auth',
    });
    expect(response).toMatchObject({ status: 406, json: { code: 'PGRST106' } });
  });

  it('an unknown operator or a bad limit: 400 PGRST100', async () => {
    expect((await raw(backend, 'GET', '/rest/v1/services?price=between.1.2')).json).toMatchObject({
      code: 'PGRST100',
    });
    expect((await raw(backend, 'GET', '/rest/v1/services?limit=ten')).json).toMatchObject({
      code: 'PGRST100',
    });
  });
});
