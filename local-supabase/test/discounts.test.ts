// Discount codes issued by the database and redeemed once, one pricing rule for quote and order, and the
// checkout's new place_order shape: over real HTTP with supabase-js, on both engines.
import { services as catalogue } from '../../shared-lib/src/catalogue';
import { priceCart, toCents } from '../../shared-lib/src/pricing/pricing';
import { DEMO, KINDS, sharedBackend, type Backend } from './harness';
import { queryMigrated } from './sql';

jest.setTimeout(120_000);

// One backend per engine for the file: the pricing checks read the same migrated and seeded catalogue.
const items = (ids: readonly string[]) => ids.map((service_id) => ({ service_id }));
const ids = (count: number, from = 0) => catalogue.slice(from, from + count).map((s) => s.id);

/**
 * The prefix the browser made before the database issued codes (shared-lib's generateDiscountCode, removed since):
 * the name in NFC, upper-cased, its first three letters in any alphabet. The database must make the same one.
 */
const browserPrefix = (name: string) =>
  (name.normalize('NFC').toUpperCase().match(/\p{L}/gu) ?? []).slice(0, 3).join('');

const NAMES = [
  'Zoë',
  'ß',
  'Al',
  '  bo',
  '山田太郎',
  'J. Doe',
  'ﬁona',
  'ǆemal',
  'Ωmega',
  'Łukasz',
  '42',
  'Ada Lovelace',
];

describe.each(KINDS)('discounts on %s', (kind) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await sharedBackend(kind);
  });

  let serial = 0;
  async function subscribe(name = 'Ada') {
    serial += 1;
    const { data, error } = await backend
      .anon()
      .rpc('subscribe_newsletter', { name, email: `sub-${kind}-${serial}-${Date.now()}@example.com` });
    expect(error).toBeNull();
    return data as string;
  }

  describe('subscribe_newsletter', () => {
    it.each(NAMES)('issues %p the prefix the browser used to make, plus six [A-Z0-9]', async (name) => {
      const code = await subscribe(name);
      const prefix = browserPrefix(name);
      expect(code.slice(0, -6)).toBe(prefix);
      expect(code.slice(-6)).toMatch(/^[A-Z0-9]{6}$/);
      expect((await backend.anon().rpc('validate_discount_code', { code })).data).toBe(true);
    });

    it('draws the random part afresh each time', async () => {
      const codes = await Promise.all(Array.from({ length: 8 }, () => subscribe('Ada')));
      expect(new Set(codes).size).toBe(codes.length);
    });

    it('refuses a known e-mail with 23505, the duplicate the popup shows as Already Subscribed', async () => {
      const anon = backend.anon();
      const email = `twice-${kind}@example.com`;
      expect((await anon.rpc('subscribe_newsletter', { name: 'Ada', email })).error).toBeNull();
      const again = await anon.rpc('subscribe_newsletter', { name: 'Bob', email });
      expect(again.status).toBe(409);
      expect(again.error).toMatchObject({ code: '23505', message: 'This email is already subscribed.' });
      // Whatever its capitals and spaces: one subscription, one code per address.
      const shouted = await anon.rpc('subscribe_newsletter', {
        name: 'Eve',
        email: ` ${email.toUpperCase()} `,
      });
      expect(shouted).toMatchObject({ status: 409, error: { code: '23505' } });
    });

    it('refuses what the table refuses: a blank name, a bad e-mail', async () => {
      for (const args of [
        { name: '   ', email: `blank-${kind}@example.com` },
        { name: 'Ada', email: 'not-an-email' },
      ]) {
        expect((await backend.anon().rpc('subscribe_newsletter', args)).error).toMatchObject({
          code: '23514',
        });
      }
    });
  });

  describe('quote_cart', () => {
    it('prices from the catalogue and says where the code stands', async () => {
      const code = await subscribe();
      const anon = backend.anon();
      const quote = (count: number, discount_code: string | null) =>
        anon.rpc('quote_cart', { items: items(ids(count)), discount_code }).single();
      const expected = priceCart(catalogue.slice(0, 2), null);
      expect((await quote(2, null)).data).toEqual({
        item_count: 2,
        subtotal_cents: toCents(expected.subtotal),
        discount_percent: 0,
        discount_cents: 0,
        total_cents: toCents(expected.total),
        code_status: null,
      });
      expect((await quote(2, code.toLowerCase())).data).toMatchObject({
        code_status: 'valid',
        discount_percent: 10,
      });
      expect((await quote(2, 'NOPE12345')).data).toMatchObject({
        code_status: 'unknown',
        discount_percent: 0,
      });
      // The demo's code was used on its second order (seed): redeemed, so it gives nothing.
      expect((await quote(1, 'DEMO2025X')).data).toMatchObject({
        code_status: 'redeemed',
        discount_percent: 0,
      });
      // It records wrong codes, so it runs read-write: a GET (read-only) answers only without a code.
      const viaGet = await anon.rpc('quote_cart', { items: JSON.stringify(items(ids(2))) }, { get: true });
      expect(viaGet.error).toBeNull();
      const codeViaGet = await anon.rpc(
        'quote_cart',
        { items: JSON.stringify(items(ids(2))), discount_code: code },
        { get: true },
      );
      expect(codeViaGet).toMatchObject({ status: 405, error: { code: '25006' } });
    });

    it('gives a code nothing where the volume discount is as large, and leaves it unused', async () => {
      const code = await subscribe('Tie');
      const { client } = await backend.newUser('tie');
      for (const [count, percent] of [
        [3, 10],
        [5, 15],
        [13, 25],
      ] as const) {
        const { data } = await client
          .rpc('quote_cart', { items: items(ids(count)), discount_code: code })
          .single();
        expect(data).toMatchObject({ code_status: 'no_benefit', discount_percent: percent });
      }
      const three = items(ids(3));
      const total = toCents(priceCart(catalogue.slice(0, 3), null).total);
      const placed = await client.rpc('place_order', {
        items: three,
        expected_total: total,
        discount_code: code,
      });
      expect(placed.error).toBeNull();
      const { data: order } = await client
        .from('orders')
        .select('discount_code, total_amount')
        .eq('id', placed.data);
      expect(order).toEqual([{ discount_code: null, total_amount: total }]);
      expect((await client.from('discount_redemptions').select('code')).data).toEqual([]);
      expect((await backend.anon().rpc('validate_discount_code', { code })).data).toBe(true);
    });

    it('refuses a service listed twice and more items than the catalogue holds, as replace_cart does', async () => {
      const anon = backend.anon();
      const { client } = await backend.newUser('bounded');
      const REFUSED = { code: '22023', message: 'A cart holds at most 13 items, one per service' };
      const twice = [{ service_id: 'smart-website' }, { service_id: 'smart-website', service_price: 1 }];
      const many = Array.from({ length: 30_000 }, (_, i) => ({ service_id: `service-${i}` }));
      const fourteen = [...items(ids(13)), { service_id: 'one-more' }];
      for (const cart of [twice, fourteen, many]) {
        expect((await anon.rpc('quote_cart', { items: cart })).error).toMatchObject(REFUSED);
        const order = await client.rpc('place_order', { items: cart, expected_total: 0 });
        expect(order.error).toMatchObject(REFUSED);
      }
      expect((await anon.rpc('quote_cart', { items: many })).error?.details).toBe('30000 items were sent');
      const saved = await client.rpc('replace_cart', {
        items: fourteen.map((i) => ({ ...i, service_title: 'x', service_price: 1 })),
      });
      expect(saved.error).toMatchObject(REFUSED);
      expect((await client.from('orders').select('id')).data).toEqual([]);
    });

    it('ignores client prices and refuses what is not a cart', async () => {
      const anon = backend.anon();
      const priced = await anon
        .rpc('quote_cart', { items: [{ service_id: 'smart-website', service_price: 1 }] })
        .single();
      expect(priced.data).toMatchObject({ item_count: 1, total_cents: 89900 });
      const gone = await anon.rpc('quote_cart', { items: items(['smart-website', 'retired-service']) });
      expect(gone.error).toMatchObject({
        code: 'P0001',
        message: 'Your cart holds a service that is no longer offered',
      });
      for (const bad of [null, {}, ['smart-website'], [{ id: 'smart-website' }]]) {
        expect((await anon.rpc('quote_cart', { items: bad })).error?.code).toBe('22023');
      }
    });
  });

  describe('place_order with the cart and the total the customer saw', () => {
    it('records the quoted total, keeps the cart’s order, and checks the cart out', async () => {
      const { client } = await backend.newUser('quoted');
      const cart = ['task-automator', 'smart-website'];
      const code = await subscribe();
      // A stale saved cart: the order is what the checkout hands over, not what was last saved.
      await client.rpc('replace_cart', {
        items: [{ service_id: 'two-day-training', service_title: 'x', service_price: 1 }],
      });
      const quote = (await client.rpc('quote_cart', { items: items(cart), discount_code: code }).single())
        .data as {
        total_cents: number;
        discount_cents: number;
      };
      const placed = await client.rpc('place_order', {
        items: items(cart),
        expected_total: quote.total_cents,
        discount_code: code,
      });
      expect(placed.error).toBeNull();
      const { data: order } = await client.from('orders').select('*').eq('id', placed.data).single();
      expect(order).toMatchObject({
        total_amount: quote.total_cents,
        discount_amount: quote.discount_cents,
        discount_code: code,
      });
      const { data: lines } = await client
        .from('order_items')
        .select('service_id, service_price, sort_order')
        .eq('order_id', placed.data)
        .order('sort_order');
      expect(lines!.map((l) => l.service_id)).toEqual(cart);
      const open = await client.from('cart_items').select('service_id').eq('checked_out', false);
      expect(open.data).toEqual([]);
      const done = await client
        .from('cart_items')
        .select('service_id')
        .eq('checked_out', true)
        .order('sort_order');
      expect(done.data!.map((r) => r.service_id)).toEqual(cart);
    });

    it.each([1, 3, 5, 7, 10, 13])(
      'quote equals order total for %i services, with and without a code',
      async (n) => {
        for (const withCode of [false, true]) {
          const { client } = await backend.newUser('equal');
          const code = withCode ? await subscribe() : null;
          const cart = items(ids(n));
          const { data: quote } = await client
            .rpc('quote_cart', { items: cart, discount_code: code })
            .single();
          const total = (quote as { total_cents: number }).total_cents;
          const placed = await client.rpc('place_order', {
            items: cart,
            expected_total: total,
            discount_code: code,
          });
          expect(placed.error).toBeNull();
          const { data: order } = await client
            .from('orders')
            .select('total_amount')
            .eq('id', placed.data)
            .single();
          expect(order).toEqual({ total_amount: total });
        }
      },
    );

    it('refuses a total that is not the server’s price, recording nothing', async () => {
      const { client, id } = await backend.newUser('changed');
      const code = await subscribe();
      const cart = items(ids(2));
      const saved = [{ service_id: 'smart-website', service_title: 'Smart Website', service_price: 1 }];
      await client.rpc('replace_cart', { items: saved });
      // What a tampered browser cart showed: EUR 1 + EUR 1.
      const refused = await client.rpc('place_order', {
        items: cart,
        expected_total: 200,
        discount_code: code,
      });
      expect(refused.error).toMatchObject({ code: 'PT409', message: 'The price of your order has changed.' });
      expect(JSON.parse(refused.error!.details)).toEqual({
        total_cents: toCents(priceCart(catalogue.slice(0, 2), code).total),
      });
      expect((await client.from('orders').select('id').eq('user_id', id)).data).toEqual([]);
      expect((await client.from('cart_items').select('service_id, checked_out')).data).toEqual([
        { service_id: 'smart-website', checked_out: false },
      ]);
      // Not redeemed by the refused order.
      expect((await client.rpc('validate_discount_code', { code })).data).toBe(true);
    });

    it('refuses an empty cart, an unknown code and a guest', async () => {
      const { client } = await backend.newUser('refusals');
      const empty = await client.rpc('place_order', { items: [], expected_total: 0 });
      expect(empty.error).toMatchObject({ code: 'P0001', message: 'Your cart is empty' });
      const unknown = await client.rpc('place_order', {
        items: items(ids(1)),
        expected_total: 80910,
        discount_code: 'NOPE12345',
      });
      expect(unknown).toMatchObject({
        status: 400,
        error: { code: 'P0001', message: 'Invalid discount code' },
      });
      const guest = await backend.anon().rpc('place_order', { items: items(ids(1)), expected_total: 89900 });
      expect(guest).toMatchObject({ status: 401, error: { code: '42501' } });
    });
  });

  describe('redemption', () => {
    const USED = 'This discount code has already been used.';

    it('redeems a code once in total: not again on the same account, not on another', async () => {
      const code = await subscribe('Once');
      const a = await backend.newUser('redeem-a');
      const b = await backend.newUser('redeem-b');
      const cart = items(ids(1));
      const first = await a.client.rpc('place_order', {
        items: cart,
        expected_total: 80910,
        discount_code: code,
      });
      expect(first.error).toBeNull();
      expect((await backend.anon().rpc('validate_discount_code', { code })).data).toBe(false);
      for (const client of [a.client, b.client]) {
        const again = await client.rpc('place_order', {
          items: cart,
          expected_total: 80910,
          discount_code: code,
        });
        expect(again.error).toMatchObject({ code: 'P0001', message: USED });
        const quote = await client.rpc('quote_cart', { items: cart, discount_code: code }).single();
        expect(quote.data).toMatchObject({ code_status: 'redeemed', total_cents: 89900 });
      }
      const { data: mine } = await a.client.from('discount_redemptions').select('code, user_id, order_id');
      expect(mine).toEqual([{ code, user_id: a.id, order_id: first.data }]);
    });

    it('gives an account one code discount: a second code discounts nothing and stays unused', async () => {
      const [first, second] = [await subscribe('First'), await subscribe('Second')];
      const { client } = await backend.newUser('one-code');
      const one = items(ids(1));
      const discounted = toCents(priceCart(catalogue.slice(0, 1), first).total);
      expect(
        (await client.rpc('place_order', { items: one, expected_total: discounted, discount_code: first }))
          .error,
      ).toBeNull();
      const quote = await client.rpc('quote_cart', { items: one, discount_code: second }).single();
      expect(quote.data).toMatchObject({
        code_status: 'account_used',
        discount_percent: 0,
        total_cents: 89900,
      });
      // The discounted total is refused as a changed price; the full one is the order, without the code.
      const cheap = await client.rpc('place_order', {
        items: one,
        expected_total: discounted,
        discount_code: second,
      });
      expect(cheap.error).toMatchObject({ code: 'PT409' });
      const full = await client.rpc('place_order', {
        items: one,
        expected_total: 89900,
        discount_code: second,
      });
      expect(full.error).toBeNull();
      const { data: orders } = await client.from('orders').select('discount_code').order('created_at');
      expect(orders).toEqual([{ discount_code: first }, { discount_code: null }]);
      expect((await backend.anon().rpc('validate_discount_code', { code: second })).data).toBe(true);
      // A guest's quote knows no account: the code is valid for someone else's first order.
      const guest = await backend.anon().rpc('quote_cart', { items: one, discount_code: second }).single();
      expect(guest.data).toMatchObject({ code_status: 'valid' });
    });

    it('gives the code to exactly one of 20 concurrent orders; the others record nothing', async () => {
      const code = await subscribe('Race');
      const users = await Promise.all(Array.from({ length: 20 }, () => backend.newUser('race')));
      const cart = items(ids(2));
      const total = toCents(priceCart(catalogue.slice(0, 2), code).total);
      const results = await Promise.all(
        users.map((u) =>
          u.client.rpc('place_order', { items: cart, expected_total: total, discount_code: code }),
        ),
      );
      const won = results.filter((r) => r.error === null);
      expect(won).toHaveLength(1);
      for (const lost of results.filter((r) => r.error !== null)) {
        expect(lost.error).toMatchObject({ code: 'P0001', message: USED });
      }
      const orders = await backend.service().from('orders').select('id').eq('discount_code', code);
      expect(orders.data).toEqual([{ id: won[0]!.data }]);
      const redemptions = await backend
        .service()
        .from('discount_redemptions')
        .select('order_id')
        .eq('code', code);
      expect(redemptions.data).toEqual([{ order_id: won[0]!.data }]);
      for (const [i, r] of results.entries()) {
        const own = await users[i]!.client.from('orders').select('id');
        expect(own.data).toHaveLength(r.error === null ? 1 : 0);
      }
    });

    it('RLS: the owner reads own redemptions, nobody else does, and nobody writes them directly', async () => {
      const code = await subscribe('Rls');
      const a = await backend.newUser('rls-a');
      const b = await backend.newUser('rls-b');
      const placed = await a.client.rpc('place_order', {
        items: items(ids(1)),
        expected_total: 80910,
        discount_code: code,
      });
      expect(placed.error).toBeNull();
      expect((await a.client.from('discount_redemptions').select('code').eq('code', code)).data).toEqual([
        { code },
      ]);
      expect((await b.client.from('discount_redemptions').select('code').eq('code', code)).data).toEqual([]);
      const anonRead = await backend.anon().from('discount_redemptions').select('code');
      expect(anonRead).toMatchObject({ status: 401, error: { code: '42501' } });
      const fresh = await subscribe('Forge');
      for (const [client, status] of [
        [backend.anon(), 401],
        [a.client, 403],
        [b.client, 403],
      ] as const) {
        const insert = await client
          .from('discount_redemptions')
          .insert({ code: fresh, user_id: a.id, order_id: placed.data });
        expect(insert).toMatchObject({ status, error: { code: '42501' } });
        const update = await client
          .from('discount_redemptions')
          .update({ code: 'OTHER1234' })
          .eq('code', code);
        expect(update).toMatchObject({ status, error: { code: '42501' } });
        const del = await client.from('discount_redemptions').delete().eq('code', code);
        expect(del).toMatchObject({ status, error: { code: '42501' } });
      }
      expect((await backend.anon().rpc('validate_discount_code', { code: fresh })).data).toBe(true);
      expect((await backend.anon().rpc('validate_discount_code', { code })).data).toBe(false);
    });

    it('the seed’s demo order redeemed its code', async () => {
      const demo = backend.anon();
      await demo.auth.signInWithPassword(DEMO);
      const { data } = await demo.from('discount_redemptions').select('code, order_id');
      expect(data).toEqual([{ code: 'DEMO2025X', order_id: 'b2c3d4e5-2222-4000-8000-000000000002' }]);
    });
  });
});

// private.price_cart against shared-lib's priceCart on every subset of the catalogue (2^13 = 8,192 carts), with
// and without a valid code, in one query per engine, run beside the API: any drift between the two rules fails.
describe.each(KINDS)('one pricing rule on %s', (kind) => {
  const SQL = `
    select coalesce(json_agg(json_build_array(m.mask, p.subtotal_cents, p.discount_percent, p.discount_cents,
      p.total_cents, c.discount_percent, c.discount_cents, c.total_cents, p.item_count) order by m.mask), '[]') as rows
    from generate_series(0, 8191) as m(mask)
    cross join lateral (
      select array(select s.id from public.services s where (m.mask >> (s.sort_order - 1)) & 1 = 1) as ids
    ) cart
    cross join lateral private.price_cart(cart.ids, false) p
    cross join lateral private.price_cart(cart.ids, true) c`;

  it('prices all 8,192 subsets as shared-lib does, with and without a code', async () => {
    const backend = kind === 'postgres' ? await sharedBackend(kind) : undefined;
    const [result] = await queryMigrated<{ rows: number[][] }>(kind, backend, SQL);
    const rows = result!.rows;
    expect(rows).toHaveLength(8192);
    const drift: string[] = [];
    for (const [
      mask,
      subtotal,
      percent,
      discount,
      total,
      codePercent,
      codeDiscount,
      codeTotal,
      count,
    ] of rows) {
      const cart = catalogue.filter((_, i) => (mask! >> i) & 1);
      const plain = priceCart(cart, null);
      const coded = priceCart(cart, 'CODE123456');
      const sql = [count, subtotal, percent, discount, total, codePercent, codeDiscount, codeTotal];
      const ts = [
        plain.count,
        toCents(plain.subtotal),
        plain.discountPercent,
        toCents(plain.discountAmount),
        toCents(plain.total),
        coded.discountPercent,
        toCents(coded.discountAmount),
        toCents(coded.total),
      ];
      if (JSON.stringify(sql) !== JSON.stringify(ts))
        drift.push(`${cart.map((s) => s.id).join('+')}: sql ${sql} ts ${ts}`);
    }
    expect(drift.slice(0, 5)).toEqual([]);
  });

  it('numbers the services 1..13 in the catalogue’s order, the bits the query uses', async () => {
    const backend = await sharedBackend(kind);
    const { data } = await backend.anon().from('services').select('id, sort_order').order('sort_order');
    expect(data).toEqual(catalogue.map((s, i) => ({ id: s.id, sort_order: i + 1 })));
  });
});
