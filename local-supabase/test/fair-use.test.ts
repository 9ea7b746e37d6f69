// Fair use (issue #30, item 2): each client's budget of bookings, subscriptions and wrong discount codes (wrong
// codes per account too), counted in the database with one upsert per use, the client being the address the
// gateway sets, never one the client writes. Over real HTTP with supabase-js, on both engines; the bursts run
// concurrently on PostgreSQL (PGlite serialises requests, so there they arrive one after another).
//
// Every test is its own client: an address of the loopback network of its own (127.0.0.x), whose uses start at
// zero. Budgets are set as the agency sets them, in client_budgets; nothing waits for a window to pass.
import { Client } from 'pg';
import { fetchFrom, KINDS, startBackend, type Backend } from './harness';

jest.setTimeout(180_000);

type Action = 'booking' | 'subscription' | 'code_miss';
const OVER_BUDGET = { code: 'over_request_rate_limit' };
const ADDRESS_HAS_BOOKING = { code: 'address_has_booking' };

describe.each(KINDS)('fair use on %s', (kind) => {
  let backend: Backend;
  let slots: string[] = [];
  beforeAll(async () => {
    backend = await startBackend(kind);
    // Every day, all day: plenty of slots whenever the suite runs.
    const open = { weekdays: [1, 2, 3, 4, 5, 6, 7], day_start: '00:00', day_end: '23:30' };
    expect((await backend.service().from('booking_settings').update(open).eq('id', true)).error).toBeNull();
    const { data } = await backend.anon().rpc('available_slots');
    slots = (data as { slot_start: string }[]).map((s) => s.slot_start);
  });
  afterAll(() => backend.stop());
  afterEach(async () => {
    const lifted = await backend
      .service()
      .from('client_budgets')
      .update({ max_uses: 1_000_000, address_max_uses: 1_000_000 })
      .gte('max_uses', 0);
    expect(lifted.error).toBeNull();
  });

  /** Sets a budget as the agency does (service role), the same for an account and for an address. */
  async function setBudget(action: Action, max_uses: number, window_seconds = 3600) {
    const { error } = await backend
      .service()
      .from('client_budgets')
      .update({ max_uses, address_max_uses: null, window_seconds })
      .eq('action', action);
    expect(error).toBeNull();
  }

  let serial = 0;
  const address = (prefix: string) => `${prefix}-${kind}-${(serial += 1)}@example.com`;
  // Far enough from now that no slot in use becomes too soon while the suite runs.
  let nextSlot = 100;
  const slot = () => slots[(nextSlot += 1)]!;
  const book = (client: ReturnType<Backend['anon']>, email = address('guest')) =>
    client.rpc('book_discovery_call', { slot_start: slot(), name: 'Grace', email });
  const subscribe = (client: ReturnType<Backend['anon']>, email = address('sub')) =>
    client.rpc('subscribe_newsletter', { name: 'Ada', email });

  /** `count` calls at once on PostgreSQL, one after another on PGlite (which could not run them side by side). */
  async function burst<T>(count: number, call: (i: number) => PromiseLike<T>): Promise<T[]> {
    if (kind === 'postgres') return Promise.all(Array.from({ length: count }, (_, i) => call(i)));
    const results: T[] = [];
    for (let i = 0; i < count; i += 1) results.push(await call(i));
    return results;
  }

  /** A signed-in client of a new account, on its own address. */
  async function userFrom(localAddress: string) {
    const user = await backend.newUser('fair');
    const client = backend.anonFrom(localAddress);
    expect(
      (await client.auth.signInWithPassword({ email: user.email, password: user.password })).error,
    ).toBeNull();
    return { ...user, client };
  }

  it('reads the client from the connection: a forged cf-connecting-ip or x-forwarded-for changes nothing', async () => {
    await setBudget('subscription', 2, 600);
    const forged = (n: number) =>
      backend.anonFrom('127.0.0.11', {
        'cf-connecting-ip': `203.0.113.${n}`,
        'x-forwarded-for': `198.51.100.${n}`,
      });
    expect((await subscribe(forged(1))).error).toBeNull();
    expect((await subscribe(forged(2))).error).toBeNull();
    const refused = await subscribe(forged(3));
    expect(refused).toMatchObject({ status: 429, data: null, error: OVER_BUDGET });
    const wait = JSON.parse(refused.error!.details).retry_after_seconds as number;
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(600);
    // The wait is in Retry-After too, for clients that can read headers.
    const response = await fetchFrom('127.0.0.11')(`${backend.server.url}/rest/v1/rpc/subscribe_newsletter`, {
      method: 'POST',
      headers: { apikey: backend.server.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Ada', email: address('raw') }),
    });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // Another network is another client.
    expect((await subscribe(backend.anonFrom('127.0.0.12'))).error).toBeNull();
  });

  it('gives a burst of 40 subscriptions from one client exactly its budget', async () => {
    await setBudget('subscription', 7);
    const client = backend.anonFrom('127.0.0.13');
    const emails = Array.from({ length: 40 }, () => address('burst'));
    const results = await burst(40, (i) => subscribe(client, emails[i]));
    const won = results.filter((r) => r.error === null);
    expect(won).toHaveLength(7);
    for (const r of results.filter((r) => r.error !== null))
      expect(r).toMatchObject({ status: 429, error: OVER_BUDGET });
    const { data: stored } = await backend
      .service()
      .from('newsletter_subscribers')
      .select('email')
      .in('email', emails);
    expect(stored).toHaveLength(7);
  });

  it('gives a burst of 30 bookings from one client exactly its budget, and the calendar stays open for everyone else', async () => {
    await setBudget('booking', 4);
    const client = backend.anonFrom('127.0.0.14');
    const asked = Array.from({ length: 30 }, slot);
    const results = await burst(30, (i) =>
      client.rpc('book_discovery_call', { slot_start: asked[i], name: 'Grace', email: address('burst') }),
    );
    expect(results.filter((r) => r.error === null)).toHaveLength(4);
    for (const r of results.filter((r) => r.error !== null))
      expect(r).toMatchObject({ status: 429, error: OVER_BUDGET });
    // The 26 slots the client could not take are free for everyone else.
    const other = backend.anonFrom('127.0.0.15');
    const { data: free } = await other.rpc('available_slots');
    const stillFree = new Set(
      (free as { slot_start: string }[]).map((s) => new Date(s.slot_start).toISOString()),
    );
    const refused = asked.filter((_, i) => results[i]!.error !== null);
    expect(refused.filter((s) => stillFree.has(new Date(s).toISOString()))).toHaveLength(26);
    const taken = await other.rpc('book_discovery_call', {
      slot_start: refused[0],
      name: 'Other',
      email: address('other'),
    });
    expect(taken.error).toBeNull();
  });

  if (kind === 'postgres') {
    it('gives 20 simultaneous bookings and 20 subscriptions from one client exactly N each', async () => {
      await setBudget('booking', 5);
      await setBudget('subscription', 5);
      const client = backend.anonFrom('127.0.0.16');
      const results = await Promise.all([
        ...Array.from({ length: 20 }, () => book(client)),
        ...Array.from({ length: 20 }, () => subscribe(client)),
      ]);
      const won = (from: number) => results.slice(from, from + 20).filter((r) => r.error === null);
      expect(won(0)).toHaveLength(5);
      expect(won(20)).toHaveLength(5);
      expect(results.filter((r) => r.error !== null).every((r) => r.status === 429)).toBe(true);
    });
  }

  it('counts a refusal too: asking again for an address that has a call spends the budget', async () => {
    await setBudget('booking', 2);
    const client = backend.anonFrom('127.0.0.17');
    const email = address('twice');
    expect((await book(client, email)).error).toBeNull();
    expect((await book(client, email)).error).toMatchObject(ADDRESS_HAS_BOOKING);
    expect((await book(client)).error).toMatchObject(OVER_BUDGET);
  });

  it('follows the agency: a raised budget lets the client go on at once; the service role is not counted', async () => {
    await setBudget('booking', 1);
    const client = backend.anonFrom('127.0.0.18');
    expect((await book(client)).error).toBeNull();
    expect((await book(client)).error).toMatchObject(OVER_BUDGET);
    await setBudget('booking', 2);
    expect((await book(client)).error).toBeNull();
    await setBudget('subscription', 0);
    for (let i = 0; i < 3; i += 1) expect((await subscribe(backend.service())).error).toBeNull();
    // Only the agency changes or reads the budgets.
    for (const who of [backend.anon(), (await userFrom('127.0.0.18')).client]) {
      expect((await who.from('client_budgets').select('*')).error?.code).toBe('42501');
      expect(
        (await who.from('client_budgets').update({ max_uses: 99 }).eq('action', 'booking')).error?.code,
      ).toBe('42501');
    }
  });

  it('counts wrong codes per client and per account through every door, and refuses before it looks', async () => {
    await setBudget('code_miss', 3);
    const { data: good } = await subscribe(backend.anonFrom('127.0.0.19'));
    const user = await userFrom('127.0.0.20');
    const one = [{ service_id: 'smart-website' }];
    const quote = (client: ReturnType<Backend['anon']>, code: string) =>
      client.rpc('quote_cart', { items: one, discount_code: code }).single();
    // A good code is no miss.
    expect((await quote(user.client, good as string)).data).toMatchObject({ code_status: 'valid' });
    expect((await quote(user.client, 'WRONG0001')).data).toMatchObject({ code_status: 'unknown' });
    expect((await user.client.rpc('validate_discount_code', { code: 'WRONG0002' })).data).toBe(false);
    // place_order's refusal keeps the miss it recorded.
    const order = await user.client.rpc('place_order', {
      items: one,
      expected_total: 80910,
      discount_code: 'WRONG0003',
    });
    expect(order).toMatchObject({ status: 400, error: { code: 'P0001', message: 'Invalid discount code' } });
    // None left: refused before the code is looked up, a good one included, through every door.
    const over = await quote(user.client, good as string);
    expect(over).toMatchObject({ status: 429, error: OVER_BUDGET });
    expect((await user.client.rpc('validate_discount_code', { code: good })).error).toMatchObject(
      OVER_BUDGET,
    );
    expect(
      (await user.client.rpc('place_order', { items: one, expected_total: 80910, discount_code: good }))
        .error,
    ).toMatchObject(OVER_BUDGET);
    // A quote without a code still works.
    expect((await user.client.rpc('quote_cart', { items: one })).error).toBeNull();
    // The same account from another network is still out of guesses; that network's other visitors are not.
    const elsewhere = backend.anonFrom('127.0.0.21');
    await elsewhere.auth.signInWithPassword({ email: user.email, password: user.password });
    expect((await quote(elsewhere, good as string)).error).toMatchObject(OVER_BUDGET);
    expect((await quote(backend.anonFrom('127.0.0.21'), good as string)).data).toMatchObject({
      code_status: 'valid',
    });
    expect((await user.client.from('orders').select('id')).data).toEqual([]);
  });

  if (kind === 'postgres') {
    it('reads only cf-connecting-ip, and counts an IPv6 client by its /64', async () => {
      const db = new Client({ connectionString: backend.databaseUrl });
      await db.connect();
      try {
        const clientOf = async (headers: Record<string, string>) =>
          (
            await db.query(
              `select set_config('request.headers', $1, false), private.client_address() as address`,
              [JSON.stringify(headers)],
            )
          ).rows[0].address;
        expect(await clientOf({ 'cf-connecting-ip': '198.51.100.7', 'x-forwarded-for': '10.0.0.1' })).toBe(
          '198.51.100.7',
        );
        expect(await clientOf({ 'cf-connecting-ip': '2001:db8:1:2:aaaa::1' })).toBe('2001:db8:1:2::/64');
        expect(await clientOf({ 'cf-connecting-ip': '2001:db8:1:2:ffff::9' })).toBe('2001:db8:1:2::/64');
        expect(await clientOf({ 'x-forwarded-for': '198.51.100.7' })).toBeNull();
        expect(await clientOf({ 'cf-connecting-ip': 'not an address' })).toBe('not an address');
      } finally {
        await db.end();
      }
    });
  }
});
