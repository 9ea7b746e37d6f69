// Malformed requests get a clear, Supabase-shaped error and change nothing, on both databases.
import http from 'node:http';
import { DEFAULT_JWT_SECRET, signJwt } from '../src';
import { MAX_JSON_DEPTH } from '../src/json-body';
import { DEMO, KINDS, raw, sharedBackend, type Backend } from './harness';

jest.setTimeout(60_000);

describe.each(KINDS)('bad input on %s', (kind) => {
  let backend: Backend;
  const countOrders = async () => (await backend.service().from('orders').select('id')).data!.length;
  const countMessages = async () =>
    (await backend.service().from('contact_messages').select('id', { count: 'exact', head: true })).count;
  beforeAll(async () => {
    backend = await sharedBackend(kind);
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
    const badEmail = await backend.anon().rpc('subscribe_newsletter', { name: 'Ada', email: 'nope' });
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

  /** Sends `count` requests with `body` one after another on one kept-alive connection (as a browser does). */
  const onOneConnection = async (route: string, body: string, count: number) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const { port } = new URL(backend.server.url);
    const answers: { status?: number; code?: unknown; error?: string }[] = [];
    try {
      for (let i = 0; i < count; i += 1) {
        answers.push(
          await new Promise((resolve) => {
            const request = http.request(
              {
                host: '127.0.0.1',
                port,
                path: route,
                method: 'POST',
                agent,
                headers: {
                  apikey: backend.server.anonKey,
                  'content-type': 'application/json',
                  'content-length': Buffer.byteLength(body),
                },
              },
              (response) => {
                let text = '';
                response.on('data', (chunk) => (text += chunk));
                response.on('end', () =>
                  resolve({ status: response.statusCode, code: JSON.parse(text).code as unknown }),
                );
              },
            );
            request.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code }));
            request.end(body);
          }),
        );
      }
    } finally {
      agent.destroy();
    }
    return answers;
  };

  it('bodies far over the limit, one after another on one connection: each gets its 413', async () => {
    const messagesBefore = await countMessages();
    // 20 MB: more than the sockets buffer, so a server that stops reading cuts the client off mid-send.
    const huge = JSON.stringify({ name: 'Ada', email: 'a@example.com', message: 'x'.repeat(20_000_000) });
    expect(await onOneConnection('/rest/v1/contact_messages', huge, 3)).toEqual([
      { status: 413, code: 'PGRST413' },
      { status: 413, code: 'PGRST413' },
      { status: 413, code: 'PGRST413' },
    ]);
    expect(await onOneConnection('/auth/v1/signup', huge, 2)).toEqual([
      { status: 413, code: 'request_entity_too_large' },
      { status: 413, code: 'request_entity_too_large' },
    ]);
    expect(await countMessages()).toBe(messagesBefore);
  });

  it('JSON nested deeper than the limit: 400 in each API’s shape, nothing stored', async () => {
    const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
    const before = await countOrders();
    const messagesBefore = await countMessages();
    for (const depth of [MAX_JSON_DEPTH + 1, 100_000]) {
      const rest = await raw(
        backend,
        'POST',
        '/rest/v1/contact_messages',
        `{"name":"Ada","email":"a@example.com","message":${nested(depth)}}`,
      );
      expect(rest).toMatchObject({ status: 400, json: { code: 'PGRST102' } });
      expect(Object.keys(rest.json).sort()).toEqual(['code', 'details', 'hint', 'message']);
      const rpc = await raw(
        backend,
        'POST',
        '/rest/v1/rpc/validate_discount_code',
        `{"code":${nested(depth)}}`,
      );
      expect(rpc).toMatchObject({ status: 400, json: { code: 'PGRST102' } });
      const signUp = await raw(
        backend,
        'POST',
        '/auth/v1/signup',
        `{"email":"deep@example.com","password":"Passw0rdOk","data":{"a":${nested(depth)}}}`,
      );
      expect(signUp).toMatchObject({ status: 400, json: { code: 'bad_json' } });
    }
    // At the limit a document is still taken as it is.
    const atLimit = await raw(backend, 'POST', '/auth/v1/signup', {
      email: `deep-ok-${kind}@example.com`,
      password: 'Passw0rdOk',
      data: JSON.parse(`{"a":${nested(MAX_JSON_DEPTH - 2)}}`) as object,
    });
    expect(atLimit.status).toBe(200);
    expect(
      (
        await raw(backend, 'POST', '/auth/v1/token?grant_type=password', {
          email: 'deep@example.com',
          password: 'Passw0rdOk',
        })
      ).json,
    ).toMatchObject({ code: 'invalid_credentials' });
    expect(await countMessages()).toBe(messagesBefore);
    expect(await countOrders()).toBe(before);
  });

  it('NUL characters and unpaired surrogates in auth bodies: 4xx in GoTrue’s shape, no user made', async () => {
    const cases: [string, object, number, string][] = [
      [
        '/auth/v1/signup',
        { email: 'a\u0000b@example.com', password: 'Passw0rdOk' },
        400,
        'validation_failed',
      ],
      [
        '/auth/v1/signup',
        { email: 'nul-data@example.com', password: 'Passw0rdOk', data: { x: 'a\u0000b' } },
        400,
        'validation_failed',
      ],
      [
        '/auth/v1/signup',
        { email: 'nul-key@example.com', password: 'Passw0rdOk', data: { 'a\u0000': 1 } },
        400,
        'validation_failed',
      ],
      // JSON's \ud800 alone: a string JavaScript holds but jsonb refuses (the address goes into the identity).
      [
        '/auth/v1/signup',
        { email: 'lone-\ud800@example.com', password: 'Passw0rdOk' },
        400,
        'validation_failed',
      ],
      [
        '/auth/v1/signup',
        { email: 'lone-data@example.com', password: 'Passw0rdOk', data: { x: ['\udc00'] } },
        400,
        'validation_failed',
      ],
      [
        '/auth/v1/token?grant_type=password',
        { email: 'demo\u0000@example.com', password: 'x' },
        400,
        'invalid_credentials',
      ],
      [
        '/auth/v1/token?grant_type=refresh_token',
        { refresh_token: 'ab\u0000cd' },
        400,
        'refresh_token_not_found',
      ],
    ];
    for (const [route, body, status, code] of cases) {
      const response = await raw(backend, 'POST', route, body);
      expect({ route, status: response.status, code: response.json.code }).toEqual({ route, status, code });
      expect(response.headers.get('x-sb-error-code')).toBe(code);
    }
    for (const email of [
      'nul-data@example.com',
      'nul-key@example.com',
      'lone-\ud800@example.com',
      'lone-data@example.com',
    ]) {
      const signIn = await raw(backend, 'POST', '/auth/v1/token?grant_type=password', {
        email,
        password: 'Passw0rdOk',
      });
      expect(signIn.json).toMatchObject({ code: 'invalid_credentials' });
    }
    // In a password a NUL is just a character, as for GoTrue (bcrypt reads bytes).
    const email = `nul-password-${kind}@example.com`;
    const signUp = await backend.anon().auth.signUp({ email, password: 'Passw0rd\u0000Ok' });
    expect(signUp.error).toBeNull();
    const wrong = await backend.anon().auth.signInWithPassword({ email, password: 'Passw0rd' });
    expect(wrong.error).toMatchObject({ code: 'invalid_credentials' });
    const right = await backend.anon().auth.signInWithPassword({ email, password: 'Passw0rd\u0000Ok' });
    expect(right.error).toBeNull();
  });

  it('user_metadata that is not an object: 400 bad_json, as GoTrue', async () => {
    const response = await raw(backend, 'POST', '/auth/v1/signup', {
      email: 'meta-string@example.com',
      password: 'Passw0rdOk',
      data: 'just text',
    });
    expect(response).toMatchObject({ status: 400, json: { code: 'bad_json' } });
  });

  it('a token signed with the secret but carrying ids that are not UUIDs: 403 bad_jwt', async () => {
    const token = signJwt(
      DEFAULT_JWT_SECRET,
      { role: 'authenticated', sub: 'not-a-uuid', session_id: 'nope' },
      3600,
    );
    const response = await raw(backend, 'GET', '/auth/v1/user', undefined, {
      Authorization: `Bearer ${token}`,
    });
    expect(response).toMatchObject({ status: 403, json: { code: 'bad_jwt' } });
  });

  it('huge numbers: 400 where they do not fit, kept exactly where they do, nothing else stored', async () => {
    const limit = await raw(backend, 'GET', '/rest/v1/services?limit=99999999999999999999999');
    expect(limit).toMatchObject({ status: 400, json: { code: 'PGRST100' } });
    const offset = await raw(backend, 'GET', '/rest/v1/services?offset=99999999999999999999');
    expect(offset).toMatchObject({ status: 400, json: { code: 'PGRST100' } });
    const filter = await raw(backend, 'GET', '/rest/v1/services?price=gt.1e999999');
    expect(filter).toMatchObject({ status: 400, json: { code: '22003' } });
    // An integer column refuses what it cannot hold; a text column keeps the digits as written (PostgREST hands
    // PostgreSQL the body's text, so no JavaScript rounding happens on the way).
    const { client, id } = await backend.newUser('huge');
    await client.rpc('replace_cart', {
      items: [{ service_id: 'smart-website', service_title: 'Smart Website', service_price: 1 }],
    });
    const [item] = (await client.from('cart_items').select('id')).data!;
    const tooBig = await raw(
      backend,
      'PATCH',
      `/rest/v1/cart_items?id=eq.${item!.id}`,
      '{"sort_order": 1e400}',
      { Authorization: `Bearer ${(await client.auth.getSession()).data.session!.access_token}` },
    );
    expect(tooBig.status).toBe(400);
    expect(['22003', '22P02']).toContain(tooBig.json.code);
    const exact = await raw(
      backend,
      'POST',
      '/rest/v1/contact_messages',
      '{"name": 12345678901234567890123, "email": "n@example.com", "message": "Hello there!"}',
    );
    expect(exact.status).toBe(201);
    const stored = await backend
      .service()
      .from('contact_messages')
      .select('name')
      .eq('email', 'n@example.com');
    expect(stored.data).toEqual([{ name: '12345678901234567890123' }]);
    const rows = await backend.service().from('cart_items').select('sort_order').eq('user_id', id);
    expect(rows.data).toEqual([{ sort_order: 0 }]);
  });

  it('a filter with no operand: 400 PGRST100, as PostgREST; an empty operand is a value', async () => {
    const missing = await raw(backend, 'GET', '/rest/v1/services?id=eq');
    expect(missing).toMatchObject({ status: 400, json: { code: 'PGRST100' } });
    expect((await raw(backend, 'GET', '/rest/v1/services?id=not.eq')).status).toBe(400);
    const deleted = await raw(backend, 'DELETE', '/rest/v1/contact_messages?id=eq', undefined, {
      apikey: backend.server.serviceRoleKey,
    });
    expect(deleted).toMatchObject({ status: 400, json: { code: 'PGRST100' } });
    const empty = await raw(backend, 'GET', '/rest/v1/services?id=eq.');
    expect(empty).toMatchObject({ status: 200, json: [] });
  });

  it('POST of an empty array: 201 and no row, as PostgREST', async () => {
    const count = async () =>
      (await backend.service().from('contact_messages').select('id', { count: 'exact', head: true })).count;
    const before = await count();
    const minimal = await raw(backend, 'POST', '/rest/v1/contact_messages', '[]');
    expect(minimal.status).toBe(201);
    const represented = await raw(backend, 'POST', '/rest/v1/contact_messages', '[]', {
      apikey: backend.server.serviceRoleKey,
      Prefer: 'return=representation',
    });
    expect(represented).toMatchObject({ status: 201, json: [] });
    const viaClient = await backend.anon().from('contact_messages').insert([]);
    expect(viaClient).toMatchObject({ status: 201, error: null });
    expect(await count()).toBe(before);
  });

  it('an unknown path answers 404 in each API’s shape', async () => {
    const rest = await raw(backend, 'GET', '/rest/v1/a/b');
    expect(rest.status).toBe(404);
    expect(Object.keys(rest.json).sort()).toEqual(['code', 'details', 'hint', 'message']);
    const auth = await raw(backend, 'GET', '/auth/v1/nothing-here');
    expect(auth).toMatchObject({
      status: 404,
      json: { code: expect.any(String), message: expect.any(String) },
    });
    expect((await backend.anon().auth.signInWithPassword(DEMO)).error).toBeNull();
  });

  it('a body over 1 MB: 413, nothing stored', async () => {
    const messagesBefore = await countMessages();
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
    expect(signUp.json).toMatchObject({ code: 'request_entity_too_large', message: expect.any(String) });
    expect(await countMessages()).toBe(messagesBefore);
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
    const placed = await client.rpc(
      'place_order',
      { items: '[{"service_id":"chat-helper"}]', expected_total: 69900 },
      { get: true },
    );
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
