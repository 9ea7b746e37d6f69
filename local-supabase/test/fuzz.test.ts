// Property-based fuzzing of both APIs on both databases (fast-check): REST filters, select, order, limits,
// bodies, RPC arguments and auth bodies built from the real names mixed with hostile values (NUL, quotes,
// huge numbers, deep nesting, malformed JSON). Whatever comes in: never a 5xx, errors in Supabase's shapes,
// and a refused request changes no row.
//
// Deterministic in CI: FUZZ_SEED (default below) and FUZZ_RUNS (runs per property) pick the cases; a failure
// names its seed and the shrunk request, so `FUZZ_SEED=<seed> npx jest local-supabase/test/fuzz` replays it.
import fc from 'fast-check';
import type { SupabaseClient } from '@supabase/supabase-js';
import { normalisedText } from '../../supabase/functions/send-emails/plain-text.ts';
import { DEFAULT_JWT_SECRET, signJwt, type Claims } from '../src/keys';
import { KINDS, startBackend, type Backend } from './harness';

jest.setTimeout(120_000);

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
/** Runs per property, scaled by FUZZ_SCALE (default 1: the whole suite stays well under a minute). */
const runs = (base: number) => Math.max(1, Math.round(base * Number(process.env.FUZZ_SCALE ?? 1)));

const TABLES = [
  'services',
  'cart_items',
  'orders',
  'order_items',
  'meetings',
  'newsletter_subscribers',
  'contact_messages',
  'project_requests',
];
const COLUMNS = [
  'id',
  'user_id',
  'name',
  'email',
  'message',
  'title',
  'price',
  'category',
  'sort_order',
  'service_id',
  'service_title',
  'service_price',
  'checked_out',
  'created_at',
  'total_amount',
  'discount_code',
  'status',
  'scheduled_at',
  'budget',
];
const FUNCTIONS = ['validate_discount_code', 'replace_cart', 'place_order'];
const ARGUMENTS = ['code', 'items', 'discount_code'];

// Values that broke or could break a parser, a cast or the wire protocol.
const HOSTILE = [
  '',
  '\u0000',
  'a\u0000b',
  "'",
  '"',
  '\\',
  ',',
  '(',
  ')',
  '.',
  '*',
  '%',
  '%00',
  "'; drop table public.orders; --",
  '$1',
  'null',
  'true',
  'NaN',
  'Infinity',
  '-1',
  '1e400',
  '-1e400',
  '99999999999999999999999999',
  '0.00000000000000000000000001',
  '\u202e',
  // What a customer's name or address may hold (#44): Unicode spaces, line breaks, control characters.
  '\u00a0',
  '\u3000',
  '\u2003',
  '\ufeff',
  '\u0085',
  '\u2028',
  '\r\n',
  '\u0007',
  '😀',
  'ä',
  '\ud800',
  ' ',
  '\n',
];

const hostile = fc.constantFrom(...HOSTILE);
const text = fc.oneof(
  hostile,
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 6 }),
  fc.array(hostile, { minLength: 2, maxLength: 4 }).map((parts) => parts.join('')),
);
const column = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...COLUMNS) },
  { weight: 1, arbitrary: text },
);
const table = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...TABLES) }, { weight: 1, arbitrary: text });

// PostgREST 14's operators (with quantifiers and full-text languages, some malformed) and one it lacks.
const OPERATORS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'in',
  'is',
  'isdistinct',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
  'fts(english)',
  'wfts(simple)',
  'fts(x;y)',
  'eq(any)',
  'like(all)',
  'imatch(any)',
  'neq(any)',
  'eq()',
  'between',
  'constructor',
  'is.__proto__',
];
/** Array, range and JSON literals, well-formed or not, for the array and range operators and quantifiers. */
const COMPOSITE = [
  '{}',
  '{a,b}',
  '{1,"2"}',
  '{{1}}',
  '{',
  '[1,5)',
  '(,)',
  '[a,b]',
  '{"a":1}',
  '{"a":',
  'not_null',
];
const listValue = fc
  .array(
    fc.oneof(
      text,
      text.map((t) => `"${t}"`),
    ),
    { maxLength: 4 },
  )
  .map((items) => `(${items.join(',')})`);
const filterValue = fc.oneof(
  text,
  listValue,
  fc.constantFrom('null', 'true', 'false', 'unknown', ...COMPOSITE),
);
const filter = fc
  .tuple(
    column,
    fc.boolean(),
    fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...OPERATORS) }, { weight: 1, arbitrary: text }),
    fc.oneof(
      { weight: 5, arbitrary: filterValue.map((v) => `.${v}`) },
      { weight: 1, arbitrary: fc.constant('') },
    ),
  )
  .map(([name, negate, op, operand]) => [name, `${negate ? 'not.' : ''}${op}${operand}`] as const);
// Casts: type names in PostgreSQL's spellings, names of no type, and what once reached SQL through one.
const CASTS = [
  'text',
  'INT',
  'double precision',
  'char',
  'timestamp with time zone',
  'int[]',
  'nosuch',
  'text from services where false union all select usename from pg_user union all select id',
  'text;drop table services',
  'pg_catalog.text',
  '"text"',
];
const cast = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...CASTS) }, { weight: 1, arbitrary: text });
// Spread embeds and aggregates (hosted Supabase refuses these: PGRST123), well-formed or not.
const SPREADS = [
  'id,...services(title)',
  '...orders!inner(*)',
  '...orders(id,...order_items(count()))',
  'c:...orders(id)',
  '....orders(id)',
  '...(id)',
  '...nosuch(*)',
  'count()',
  'total:count()::text',
  'id.sum()',
  'price::int.max()::text',
  'order_items(id.avg())',
];
const select = fc.oneof(
  fc.constant('*'),
  fc.constantFrom(...SPREADS),
  fc.array(column, { minLength: 1, maxLength: 4 }).map((c) => c.join(',')),
  fc
    .array(fc.tuple(column, cast), { minLength: 1, maxLength: 3 })
    .map((c) => c.map(([n, t]) => `${n}::${t}`).join(',')),
  text,
);
const order = fc
  .array(
    fc.tuple(
      column,
      fc.subarray(['asc', 'desc', 'nullsfirst', 'nullslast']),
      fc.option(text, { nil: undefined }),
    ),
    { minLength: 1, maxLength: 3 },
  )
  .map((terms) => terms.map(([c, mods, junk]) => [c, ...mods, ...(junk ? [junk] : [])].join('.')).join(','));
const count = fc.oneof(fc.nat().map(String), fc.bigInt({ min: 0n, max: 10n ** 30n }).map(String), text);

// and=/or= trees of any depth (more than 16 levels is PGRST100; 2,600 overflowed the stack).
const tree = fc
  .tuple(
    fc.constantFrom('or', 'and', 'not.or', 'not.and'),
    fc.oneof(fc.integer({ min: 0, max: 24 }), fc.integer({ min: 25, max: 1500 })),
    filter,
  )
  .map(
    ([key, depth, [name, value]]) =>
      [key, `(${'or('.repeat(depth)}${name}.${value}${')'.repeat(depth)})`] as const,
  );
const query = fc
  .record(
    {
      select,
      order,
      limit: count,
      offset: count,
      filters: fc.array(fc.oneof({ weight: 4, arbitrary: filter }, { weight: 1, arbitrary: tree }), {
        maxLength: 3,
      }),
    },
    { requiredKeys: ['filters'] },
  )
  .map(({ filters, ...rest }) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(rest)) if (value !== undefined) params.append(key, value);
    for (const [name, value] of filters) params.append(name, value);
    return params.toString();
  });

// JSON text, valid or not: values of any shape with raw number tokens JSON.stringify cannot write (1e400, a
// 30-digit integer), nesting beyond the limit, and plain garbage.
const RAW_NUMBERS = ['1e400', '-1e400', '123456789012345678901234567890', '1e-400', '-0'];
const jsonLeaf = fc.oneof(
  text,
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(...RAW_NUMBERS.map((n) => `@@${n}@@`)),
);
const jsonValue = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, jsonLeaf, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(fc.oneof(column, text), tie('value'), { maxKeys: 5 }),
})).value;
const toJson = (value: unknown) => JSON.stringify(value).replace(/"@@([^"@]+)@@"/g, '$1');
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const body = fc.oneof(
  { weight: 8, arbitrary: jsonValue.map(toJson) },
  {
    weight: 3,
    arbitrary: fc
      .array(fc.dictionary(fc.oneof(column, text), jsonValue, { maxKeys: 5 }), { maxLength: 3 })
      .map(toJson),
  },
  { weight: 1, arbitrary: fc.integer({ min: 200, max: 50_000 }).map((d) => `{"name":${nested(d)}}`) },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 1, arbitrary: fc.constantFrom('', '[]', '{}', 'null', '[[]]', '{"a":}') },
);

// Prefer headers: each preference PostgREST knows, unknown ones, strict handling and malformed values.
const PREFERENCES = [
  'return=representation',
  'return=minimal',
  'return=headers-only',
  'count=exact',
  'count=planned',
  'resolution=merge-duplicates',
  'missing=default',
  'missing=null',
  'tx=rollback',
  'handling=strict',
  'handling=lenient',
  'max-affected=0',
  'max-affected=1',
  'max-affected=-1',
  'max-affected=99999999999999999999',
  'max-affected=x',
  'timezone=UTC',
  'timezone=Mars/Olympus',
  'params=single-object',
  'bogus',
  'constructor=x',
  '__proto__=return',
  '',
];
const prefer = fc.oneof(
  { weight: 1, arbitrary: fc.constant('') },
  { weight: 4, arbitrary: fc.subarray(PREFERENCES, { maxLength: 4 }).map((p) => p.join(', ')) },
  // What a header can carry: printable ASCII.
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...PREFERENCES), fc.stringMatching(/^[\x20-\x7e]{0,24}$/))
      .map((p) => p.join(',')),
  },
);

type Role = 'anon' | 'user' | 'service';
const role = fc.constantFrom<Role>('anon', 'user', 'service');
// Tokens signed with the project's secret but not by GoTrue: any role, and a `sub` of any JSON type (small: a
// token travels in a header, and more than 16 KB of headers is the HTTP server's 431, before any API).
const claimValue = fc.oneof(
  jsonLeaf,
  fc.array(jsonLeaf, { maxLength: 3 }),
  fc.dictionary(text, jsonLeaf, { maxKeys: 3 }),
);
const forgedClaims = fc.record(
  {
    role: fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom('anon', 'authenticated', 'service_role') },
      { weight: 1, arbitrary: claimValue },
    ),
    sub: fc.oneof(fc.uuid(), claimValue),
    email: claimValue,
  },
  { requiredKeys: ['role'] },
);

describe.each(KINDS)('fuzz on %s', (kind) => {
  let backend: Backend;
  let user: { client: SupabaseClient; email: string; password: string };
  let userToken: string;

  beforeAll(async () => {
    backend = await startBackend(kind);
    user = await backend.newUser('fuzz');
    userToken = (await user.client.auth.getSession()).data.session!.access_token;
    // Something in the user's cart and an order, so that refused writes have rows to leave alone.
    await user.client.rpc('replace_cart', {
      items: [{ service_id: 'smart-website', service_title: 'Smart Website', service_price: 899 }],
    });
  });
  afterAll(() => backend.stop());

  const keyOf = (as: Role) =>
    as === 'service' ? backend.server.serviceRoleKey : as === 'user' ? userToken : backend.server.anonKey;

  async function send(method: string, route: string, as: Role, payload?: string, headers = {}) {
    const response = await fetch(`${backend.server.url}${route}`, {
      method,
      headers: {
        apikey: backend.server.anonKey,
        Authorization: `Bearer ${keyOf(as)}`,
        'Content-Type': 'application/json',
        'X-Supabase-Api-Version': '2024-01-01',
        ...headers,
      },
      body: payload,
    });
    const raw = await response.text();
    let json: unknown = undefined;
    try {
      json = raw ? JSON.parse(raw) : undefined;
    } catch {
      json = raw;
    }
    return { status: response.status, json };
  }

  /** Every row of the tables a request could write, as the service role reads them. */
  async function snapshot(tables: string[]) {
    const service = backend.service();
    const rows = await Promise.all(
      tables.map(async (t) => (await service.from(t).select('*').order('id')).data),
    );
    return JSON.stringify(rows);
  }

  const restErrorShape = (json: unknown) =>
    expect(Object.keys(json as object).sort()).toEqual(['code', 'details', 'hint', 'message']);

  // Bounded and reproducible; on a failure fast-check's message names the seed and the shrunk case.
  const settings = (numRuns: number) => ({ seed: SEED, numRuns: runs(numRuns), endOnFailure: true });
  /** A path segment from any string (a lone surrogate made well-formed, as a browser's URL would). */
  const segment = (value: string) => encodeURIComponent(value.toWellFormed());

  it('reads: any table, select, filters, order, range and token give a 2xx or a PostgREST 4xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        table,
        query,
        role,
        fc.constantFrom('GET', 'HEAD'),
        prefer,
        fc.option(forgedClaims, { nil: undefined, freq: 4 }),
        async (t, q, as, method, p, forged) => {
          const response = await send(method, `/rest/v1/${segment(t)}?${q}`, as, undefined, {
            ...(p ? { Prefer: p } : {}),
            ...(forged
              ? { Authorization: `Bearer ${signJwt(DEFAULT_JWT_SECRET, forged as Claims, 600)}` }
              : {}),
          });
          expect(response.status).toBeLessThan(500);
          if (response.status >= 400 && method === 'GET') restErrorShape(response.json);
        },
      ),
      settings(300),
    );
  });

  it('writes: any body, filter and Prefer give a 2xx or a PostgREST 4xx that changed nothing', async () => {
    const writable = ['cart_items', 'contact_messages', 'newsletter_subscribers', 'project_requests'];
    await fc.assert(
      fc.asyncProperty(
        fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...writable) }, { weight: 1, arbitrary: table }),
        fc.constantFrom('POST', 'PATCH', 'DELETE'),
        query,
        body,
        // Writes as a visitor or a signed-in user: the service role may legitimately change anything.
        fc.constantFrom<Role>('anon', 'user'),
        prefer,
        async (t, method, q, payload, as, preferred) => {
          const watched = writable.includes(t) ? [t] : ['cart_items'];
          const before = await snapshot(watched);
          const response = await send(
            method,
            `/rest/v1/${segment(t)}?${q}`,
            as,
            method === 'DELETE' ? undefined : payload,
            preferred ? { Prefer: preferred } : {},
          );
          expect(response.status).toBeLessThan(500);
          if (response.status >= 400) {
            restErrorShape(response.json);
            expect(await snapshot(watched)).toBe(before);
          }
        },
      ),
      settings(150),
    );
  });

  it('RPC: any function name and arguments, by POST or GET, give a 2xx or a 4xx that changed nothing', async () => {
    const argumentsObject = fc
      .dictionary(
        fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...ARGUMENTS) }, { weight: 1, arbitrary: text }),
        jsonValue,
        {
          maxKeys: 3,
        },
      )
      .map(toJson);
    const items = fc
      .array(
        fc.record({
          service_id: fc.oneof(text, fc.constant('smart-website')),
          service_title: text,
          service_price: jsonLeaf,
        }),
        { maxLength: 40 },
      )
      .map((list) => toJson({ items: list }));
    await fc.assert(
      fc.asyncProperty(
        fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...FUNCTIONS) }, { weight: 1, arbitrary: text }),
        fc.oneof(argumentsObject, items, body),
        fc.array(fc.tuple(fc.constantFrom(...ARGUMENTS), text), { maxLength: 2 }),
        role,
        fc.boolean(),
        async (fn, payload, getArgs, as, viaGet) => {
          const watched = ['cart_items', 'orders', 'order_items'];
          const before = await snapshot(watched);
          const route = `/rest/v1/rpc/${segment(fn)}`;
          const response = viaGet
            ? await send('GET', `${route}?${new URLSearchParams(getArgs).toString()}`, as)
            : await send('POST', route, as, payload);
          expect(response.status).toBeLessThan(500);
          if (response.status >= 400) {
            restErrorShape(response.json);
            expect(await snapshot(watched)).toBe(before);
          }
        },
      ),
      settings(120),
    );
  });

  it('billing details of any text or JSON: refused with a 4xx, or stored normalised as the e-mails take them', async () => {
    // Near-valid text with hostile characters at the ends and inside (#44), or not a string at all.
    const typed = fc.oneof(
      {
        weight: 4,
        arbitrary: fc
          .array(fc.oneof(hostile, fc.constantFrom('Ada', 'Berlin', '12', ' ')), {
            minLength: 1,
            maxLength: 4,
          })
          .map((parts) => parts.join('')),
      },
      { weight: 1, arbitrary: jsonValue },
    );
    const billing = fc.record(
      { name: typed, company: typed, address: typed, city: typed, country: fc.constant('DE') },
      { requiredKeys: ['name', 'address', 'city', 'country'] },
    );
    await fc.assert(
      fc.asyncProperty(billing, async (details) => {
        const order = { items: [{ service_id: 'smart-website' }], expected_total: 89900, billing: details };
        const response = await send('POST', '/rest/v1/rpc/place_order', 'user', toJson(order));
        expect(response.status).toBeLessThan(500);
        if (response.status >= 400) {
          restErrorShape(response.json);
          return;
        }
        const { data } = await backend
          .service()
          .from('orders')
          .select('billing')
          .eq('id', response.json as string)
          .single();
        const stored = (data as { billing: Record<string, unknown> }).billing;
        for (const field of ['name', 'company', 'address', 'city']) {
          const value = stored[field];
          if (value === null || value === undefined) continue;
          expect([field, typeof value]).toEqual([field, 'string']);
          expect([field, normalisedText(value as string)]).toEqual([field, { ok: true, value }]);
        }
      }),
      settings(40),
    );
  });

  it('auth: any body on sign-up, sign-in, refresh and user gives a 2xx or a GoTrue 4xx; a refused sign-up makes no user', async () => {
    // Mostly near-valid values with one hostile character inside, where a missing check hides.
    const laced = (valid: fc.Arbitrary<string>) =>
      fc
        .tuple(valid, fc.constantFrom('\u0000', '\ud800', "'", '"', '\\', '\n', '%00', '😀'), fc.nat())
        .map(([v, bad, at]) => v.slice(0, at % (v.length + 1)) + bad + v.slice(at % (v.length + 1)));
    const email = fc.oneof(fc.emailAddress(), laced(fc.emailAddress()), text);
    const password = fc.oneof(
      fc.constant('Passw0rdOk'),
      laced(fc.constant('Passw0rdOk')),
      text,
      fc.string({ minLength: 60, maxLength: 90 }).map((s) => `Aa1${s}`),
    );
    const authBody = fc.oneof(
      {
        weight: 4,
        arbitrary: fc
          .record(
            {
              email,
              password,
              data: fc.oneof(jsonValue, fc.constant(undefined)),
              refresh_token: fc.oneof(text, laced(fc.base64String())),
            },
            { requiredKeys: ['email', 'password'] },
          )
          .map(toJson),
      },
      { weight: 1, arbitrary: body },
    );
    // What a header can carry: printable ASCII, an expired or forged JWT's shape, or nothing.
    const bearer = fc.oneof(
      fc.constant(undefined),
      fc.stringMatching(/^[\x21-\x7e]{0,60}$/),
      fc
        .tuple(fc.base64String(), fc.base64String(), fc.base64String())
        .map((parts) => parts.join('.').replace(/=/g, '')),
    );
    const endpoint = fc.oneof(
      {
        weight: 3,
        arbitrary: fc.constantFrom(
          ['POST', '/auth/v1/signup'],
          ['POST', '/auth/v1/token?grant_type=password'],
          ['POST', '/auth/v1/token?grant_type=refresh_token'],
        ),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          ['POST', '/auth/v1/token?grant_type=bogus'],
          ['POST', '/auth/v1/token'],
          ['GET', '/auth/v1/user'],
          ['POST', '/auth/v1/logout?scope=local'],
        ),
      },
    );
    const registered = new Set([user.email, 'demo@example.com']);
    await fc.assert(
      fc.asyncProperty(endpoint, authBody, bearer, async ([method, route], payload, token) => {
        const response = await send(
          method!,
          route!,
          'anon',
          method === 'GET' ? undefined : payload,
          token === undefined ? {} : { Authorization: `Bearer ${token}` },
        );
        expect(response.status).toBeLessThan(500);
        if (route === '/auth/v1/signup' && response.status === 200) {
          registered.add(
            String((JSON.parse(payload) as { email: string }).email)
              .trim()
              .toLowerCase(),
          );
        }
        if (response.status >= 400) {
          expect(response.json).toMatchObject({ code: expect.any(String), message: expect.any(String) });
          // The address of a refused sign-up has no account afterwards (unless it had one before).
          let sent: { email?: unknown; password?: unknown } | undefined;
          try {
            sent = JSON.parse(payload) as typeof sent;
          } catch {
            sent = undefined;
          }
          if (
            route === '/auth/v1/signup' &&
            typeof sent?.email === 'string' &&
            typeof sent.password === 'string' &&
            !registered.has(sent.email.trim().toLowerCase())
          ) {
            const signIn = await send(
              'POST',
              '/auth/v1/token?grant_type=password',
              'anon',
              JSON.stringify(sent),
            );
            expect(signIn.status).toBe(400);
          }
        }
      }),
      settings(300),
    );
  });
  it('auth e-mail flows, PUT /user, factors, admin and the inbox: any input gives a 2xx, a 3xx or a GoTrue 4xx', async () => {
    // A user of its own: PUT /user may change its address or password.
    const target = await backend.newUser('fuzz-update');
    const targetToken = (await target.client.auth.getSession()).data.session!.access_token;
    const verifyType = fc.oneof(
      fc.constantFrom('signup', 'recovery', 'magiclink', 'email_change', 'email', 'invite', 'sms'),
      text,
    );
    const flowBody = fc
      .record(
        {
          email: fc.oneof(fc.constant(target.email), fc.emailAddress(), text),
          type: verifyType,
          token: fc.oneof(fc.stringMatching(/^\d{6}$/), fc.stringMatching(/^[0-9a-f]{56}$/), text),
          token_hash: fc.oneof(fc.stringMatching(/^[0-9a-f]{56}$/), text),
          password: fc.oneof(fc.constant('Passw0rdOk'), text),
          data: jsonValue,
          factor_type: fc.oneof(fc.constantFrom('totp', 'phone', 'webauthn'), text),
          friendly_name: text,
          issuer: text,
          challenge_id: fc.oneof(fc.uuid(), text),
          code: fc.oneof(fc.stringMatching(/^\d{6}$/), text),
        },
        { requiredKeys: [] },
      )
      .map(toJson);
    const id = fc.oneof(fc.uuid(), text);
    const request = fc.oneof(
      fc.tuple(
        fc.constantFrom('POST /auth/v1/recover', 'POST /auth/v1/resend', 'POST /auth/v1/verify'),
        flowBody,
        text,
      ),
      fc.tuple(fc.constant('GET /auth/v1/verify'), fc.constant(''), text),
      fc.tuple(fc.constantFrom('PUT /auth/v1/user', 'POST /auth/v1/factors'), fc.oneof(flowBody, body), text),
      fc.tuple(
        fc.constantFrom(
          'POST /auth/v1/factors/:id/challenge',
          'POST /auth/v1/factors/:id/verify',
          'DELETE /auth/v1/factors/:id',
        ),
        flowBody,
        id,
      ),
      fc.tuple(
        fc.constantFrom(
          'GET /auth/v1/admin/users/:id/factors',
          'DELETE /auth/v1/admin/users/:id/factors/:id',
        ),
        fc.constant(''),
        id,
      ),
      fc.tuple(
        fc.constantFrom(
          'GET /api/v1/messages/:id',
          'GET /messages/:id',
          'GET /api/v1/messages?to=:id',
          'POST /clear',
          'DELETE /api/v1/messages',
        ),
        fc.constant(''),
        id,
      ),
    );
    // Who asks the inbox: its own page, another site, a page without Origin (Sec-Fetch-Site alone), or a tool.
    const inboxOrigin = fc.constantFrom(
      {},
      { Origin: 'OWN' },
      { Origin: 'http://attacker.example' },
      { Origin: 'null' },
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
    );
    await fc.assert(
      fc.asyncProperty(
        request,
        verifyType,
        text,
        inboxOrigin,
        async ([endpoint, payload, param], type, redirect, from) => {
          const [method, template] = endpoint.split(' ') as [string, string];
          let route = template.replaceAll(':id', segment(param));
          if (route === '/auth/v1/verify' && method === 'GET')
            route += `?${new URLSearchParams({ token: param.toWellFormed(), type: type.toWellFormed(), redirect_to: redirect.toWellFormed() })}`;
          if (route.startsWith('/api/') || route.startsWith('/messages/') || route === '/clear') {
            const headers = Object.fromEntries(
              Object.entries(from).map(([name, value]) => [
                name,
                value === 'OWN' ? backend.server.inboxUrl : value,
              ]),
            );
            const response = await fetch(`${backend.server.inboxUrl}${route}`, {
              method,
              headers,
              redirect: 'manual',
            });
            expect(response.status).toBeLessThan(500);
            // A write from anywhere but the inbox's own page (or a tool, which sends neither header) is refused.
            const foreign = Object.keys(from).length > 0 && !Object.values(from).includes('OWN');
            if (method !== 'GET' && foreign) expect(response.status).toBe(403);
            return;
          }
          const token = route.includes('/admin/') ? backend.server.serviceRoleKey : targetToken;
          const response = await fetch(`${backend.server.url}${route}`, {
            method,
            redirect: 'manual',
            headers: {
              apikey: backend.server.anonKey,
              Authorization: `Bearer ${token}`,
              'Content-Type': 'application/json',
              'X-Supabase-Api-Version': '2024-01-01',
            },
            body: method === 'GET' || method === 'DELETE' ? undefined : payload,
          });
          expect(response.status).toBeLessThan(500);
          if (response.status >= 300 && response.status < 400) {
            // A redirect goes to site_url's host or an allowed URL, never elsewhere.
            expect(new URL(response.headers.get('location')!).hostname).toBe('localhost');
          } else if (response.status >= 400) {
            expect(await response.json()).toMatchObject({
              code: expect.any(String),
              message: expect.any(String),
            });
          }
        },
      ),
      settings(200),
    );
  });
});
