// The data API over real HTTP with the real supabase-js client, on both databases: every call of spec section 7,
// the functions' rules, and the row-level security matrix.
import { services as catalogue } from '../../shared-lib/src/catalogue';
import { DEMO, KINDS, startBackend, type Backend } from './harness';

jest.setTimeout(90_000);

const line = (id: string, price = 1) => {
  const service = catalogue.find((s) => s.id === id)!;
  return { service_id: id, service_title: service.title, service_price: price };
};

describe.each(KINDS)('data API on %s', (kind) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend(kind);
  });
  afterAll(() => backend.stop());

  it('seeds the services table from the same catalogue as shared-lib', async () => {
    const { data, error } = await backend
      .anon()
      .from('services')
      .select('id, title, price, category')
      .order('sort_order');
    expect(error).toBeNull();
    expect(data).toEqual(catalogue.map(({ id, title, price, category }) => ({ id, title, price, category })));
  });

  it('runs the cart calls of spec section 7: select, delete and insert with their filters', async () => {
    const { client, id, email } = await backend.newUser('cart');
    const insert = await client.from('cart_items').insert([
      { user_id: id, email, service_id: 'smart-website', service_title: 'Smart Website', service_price: 899 },
      { user_id: id, email, service_id: 'chat-helper', service_title: 'Chat Helper', service_price: 699 },
    ]);
    expect(insert.error).toBeNull();
    expect(insert.status).toBe(201);
    const select = await client.from('cart_items').select('*').eq('user_id', id).eq('checked_out', false);
    expect(select.data?.map((r) => [r.service_id, r.service_price, r.checked_out])).toEqual([
      ['smart-website', 899, false],
      ['chat-helper', 699, false],
    ]);
    const del = await client.from('cart_items').delete().eq('user_id', id).eq('checked_out', false);
    expect(del.error).toBeNull();
    expect(del.status).toBe(204);
    expect((await client.from('cart_items').select('*').eq('user_id', id)).data).toEqual([]);
  });

  it('subscribes to the newsletter, refuses the same e-mail with 23505, and validates codes', async () => {
    const anon = backend.anon();
    const first = await anon
      .from('newsletter_subscribers')
      .insert({ name: 'Ada', email: 'ada@example.com', discount_code: 'ADAX1Y2Z3' });
    expect(first.error).toBeNull();
    const again = await anon
      .from('newsletter_subscribers')
      .insert({ name: 'Ada', email: 'ada@example.com', discount_code: 'ADAQQQQQQ' });
    expect(again.status).toBe(409);
    expect(again.error).toMatchObject({ code: '23505' });
    expect(again.error?.message).toMatch(/duplicate/);
    expect((await anon.rpc('validate_discount_code', { code: 'ADAX1Y2Z3' })).data).toBe(true);
    expect((await anon.rpc('validate_discount_code', { code: 'adax1y2z3' })).data).toBe(true);
    expect((await anon.rpc('validate_discount_code', { code: 'NOPE12345' })).data).toBe(false);
  });

  it('reads the signed-in user’s orders newest first, their items, and meetings', async () => {
    const demo = backend.anon();
    await demo.auth.signInWithPassword(DEMO);
    const orders = await demo
      .from('orders')
      .select('*')
      .eq('user_id', DEMO.id)
      .order('created_at', { ascending: false });
    expect(orders.error).toBeNull();
    expect(orders.data!.map((o) => o.total_amount)).toEqual([283440, 107820, 89900]);
    expect(orders.data![1]).toMatchObject({ discount_amount: 11980, discount_code: 'DEMO2025X' });
    const items = await demo
      .from('order_items')
      .select('*')
      .in(
        'order_id',
        orders.data!.map((o) => o.id),
      );
    expect(items.data).toHaveLength(10);
    expect(items.data!.find((i) => i.service_id === 'smart-website')).toMatchObject({
      service_title: 'Smart Website',
      service_price: 899,
    });
    const meetings = await demo
      .from('meetings')
      .select('*')
      .eq('user_id', DEMO.id)
      .order('created_at', { ascending: false });
    expect(meetings.data!.map((m) => [m.meeting_type, m.status, m.scheduled_at === null])).toEqual([
      ['AI Strategy Call', 'requested', true],
      ['30-Day Success Call', 'scheduled', false],
      ['Discovery Call', 'completed', false],
    ]);
  });

  describe('place_order', () => {
    it('prices the cart from the catalogue, ignoring forged client prices', async () => {
      const { client, id } = await backend.newUser('forger');
      await client.rpc('replace_cart', { items: [line('smart-website', 1), line('product-photos', 0.01)] });
      const placed = await client.rpc('place_order', { discount_code: null });
      expect(placed.error).toBeNull();
      const { data: order } = await client.from('orders').select('*').eq('id', placed.data!).single();
      expect(order).toMatchObject({
        user_id: id,
        total_amount: 139800,
        discount_amount: 0,
        discount_code: null,
      });
      const { data: items } = await client
        .from('order_items')
        .select('service_id, service_price')
        .eq('order_id', placed.data!);
      expect(items).toEqual([
        { service_id: 'smart-website', service_price: 899 },
        { service_id: 'product-photos', service_price: 499 },
      ]);
      // The cart rows are checked out, so the open cart is empty.
      expect((await client.from('cart_items').select('*').eq('checked_out', false)).data).toEqual([]);
      expect((await client.from('cart_items').select('*').eq('checked_out', true)).data).toHaveLength(2);
    });

    it.each([
      [1, null, 0],
      [2, null, 0],
      [3, null, 10],
      [4, null, 10],
      [5, null, 15],
      [6, null, 15],
      [7, null, 20],
      [9, null, 20],
      [10, null, 25],
      [13, null, 25],
      [1, 'DEMO2025X', 10],
      [5, 'demo2025x', 15],
    ])('%i services with code %s: %i%% off, in cents', async (count, code, percent) => {
      const { client } = await backend.newUser('tiers');
      const chosen = catalogue.slice(0, count);
      await client.rpc('replace_cart', { items: chosen.map((s) => line(s.id, s.price)) });
      const placed = await client.rpc('place_order', { discount_code: code });
      expect(placed.error).toBeNull();
      const { data: order } = await client.from('orders').select('*').eq('id', placed.data!).single();
      const subtotal = chosen.reduce((sum, s) => sum + s.price * 100, 0);
      const total = Math.floor((subtotal * (100 - percent)) / 100 + 0.5);
      expect(order).toMatchObject({
        total_amount: total,
        discount_amount: subtotal - total,
        discount_code: code?.toUpperCase() ?? null,
      });
    });

    it('refuses an empty cart, an invalid code and a guest', async () => {
      const { client } = await backend.newUser('empty');
      const empty = await client.rpc('place_order', { discount_code: null });
      expect(empty.error).toMatchObject({ code: 'P0001', message: 'Your cart is empty' });
      await client.rpc('replace_cart', { items: [line('smart-website')] });
      const invalid = await client.rpc('place_order', { discount_code: 'NOPE12345' });
      expect(invalid.error).toMatchObject({ code: 'P0001', message: 'Invalid discount code' });
      const guest = await backend.anon().rpc('place_order', { discount_code: null });
      expect(guest.status).toBe(401);
      expect(guest.error).toMatchObject({ code: '42501' });
    });
  });

  describe('replace_cart', () => {
    it('persists an emptied cart', async () => {
      const { client } = await backend.newUser('emptied');
      await client.rpc('replace_cart', { items: [line('smart-website'), line('chat-helper')] });
      expect((await client.from('cart_items').select('*')).data).toHaveLength(2);
      const emptied = await client.rpc('replace_cart', { items: [] });
      expect(emptied.error).toBeNull();
      expect(emptied.status).toBe(204);
      expect((await client.from('cart_items').select('*')).data).toEqual([]);
    });

    it('called 20 times at once leaves exactly one of the submitted carts', async () => {
      const { client } = await backend.newUser('race');
      const carts = Array.from({ length: 20 }, (_, i) =>
        catalogue.slice(0, (i % 13) + 1).map((s) => line(s.id, s.price)),
      );
      const results = await Promise.all(carts.map((items) => client.rpc('replace_cart', { items })));
      expect(results.every((r) => r.error === null)).toBe(true);
      const { data } = await client.from('cart_items').select('service_id').eq('checked_out', false);
      const ids = data!.map((r) => r.service_id).sort();
      expect(new Set(ids).size).toBe(ids.length);
      expect(
        carts.some((cart) => JSON.stringify(cart.map((l) => l.service_id).sort()) === JSON.stringify(ids)),
      ).toBe(true);
    });
  });

  describe('row-level security', () => {
    let a: Awaited<ReturnType<Backend['newUser']>>;
    let b: Awaited<ReturnType<Backend['newUser']>>;
    let orderId: string;
    beforeAll(async () => {
      a = await backend.newUser('owner');
      b = await backend.newUser('other');
      await a.client.rpc('replace_cart', { items: [line('smart-website', 899)] });
      orderId = (await a.client.rpc('place_order', { discount_code: null })).data!;
      await a.client.rpc('replace_cart', { items: [line('chat-helper', 699)] });
      await backend
        .service()
        .from('meetings')
        .insert({ user_id: a.id, meeting_type: 'Discovery Call', status: 'requested' });
    });

    const tables = ['cart_items', 'orders', 'order_items', 'meetings'] as const;

    it.each(tables)(
      '%s: the owner reads own rows; another user reads none; anon is refused',
      async (table) => {
        const [column, value] = table === 'order_items' ? ['order_id', orderId] : ['user_id', a.id];
        expect((await a.client.from(table).select('*').eq(column, value)).data!.length).toBeGreaterThan(0);
        expect((await b.client.from(table).select('*').eq(column, value)).data).toEqual([]);
        // Not granted to anon at all: PostgREST answers 401 with permission denied.
        const anon = await backend.anon().from(table).select('*').eq(column, value);
        expect(anon).toMatchObject({ data: null, status: 401, error: { code: '42501' } });
      },
    );

    it('cart_items: another user cannot insert, update or delete the owner’s rows', async () => {
      const forged = await b.client
        .from('cart_items')
        .insert({ user_id: a.id, service_id: 'x', service_title: 'X', service_price: 1 });
      expect(forged.status).toBe(403);
      expect(forged.error).toMatchObject({ code: '42501' });
      const update = await b.client
        .from('cart_items')
        .update({ service_price: 0 })
        .eq('user_id', a.id)
        .select();
      expect(update.data).toEqual([]);
      const del = await b.client.from('cart_items').delete().eq('user_id', a.id).select();
      expect(del.data).toEqual([]);
      const anonInsert = await backend
        .anon()
        .from('cart_items')
        .insert({ user_id: a.id, service_id: 'x', service_title: 'X', service_price: 1 });
      expect(anonInsert.status).toBe(401);
      const own = await a.client
        .from('cart_items')
        .select('service_price')
        .eq('user_id', a.id)
        .eq('checked_out', false);
      expect(own.data).toEqual([{ service_price: 699 }]);
    });

    it('cart_items: the owner may update and delete own rows', async () => {
      const update = await a.client
        .from('cart_items')
        .update({ service_price: 1 })
        .eq('user_id', a.id)
        .eq('checked_out', false)
        .select();
      expect(update.data).toHaveLength(1);
      await a.client.rpc('replace_cart', { items: [line('chat-helper', 699)] });
    });

    it.each(['orders', 'order_items', 'meetings'] as const)(
      '%s: nobody writes directly, not even the owner',
      async (table) => {
        const row: Record<string, unknown> =
          table === 'orders'
            ? { user_id: a.id, total_amount: 1, discount_amount: 0 }
            : table === 'order_items'
              ? { order_id: orderId, service_title: 'Free', service_price: 0 }
              : { user_id: a.id, meeting_type: 'Forged' };
        for (const client of [a.client, b.client]) {
          const insert = await client.from(table).insert(row);
          expect(insert.error).toMatchObject({ code: '42501' });
          const update = await client
            .from(table)
            .update({ [Object.keys(row)[1]!]: 0 })
            .neq('id', '00000000-0000-0000-0000-000000000000');
          expect(update.error).toMatchObject({ code: '42501' });
          const del = await client.from(table).delete().neq('id', '00000000-0000-0000-0000-000000000000');
          expect(del.error).toMatchObject({ code: '42501' });
        }
        expect((await backend.anon().from(table).insert(row)).status).toBe(401);
        expect((await a.client.from('orders').select('total_amount').eq('id', orderId)).data).toEqual([
          { total_amount: 89900 },
        ]);
      },
    );

    it('newsletter_subscribers, contact_messages, project_requests: anyone writes, nobody reads', async () => {
      await backend
        .anon()
        .from('contact_messages')
        .insert({ name: 'Ada', email: 'ada@example.com', message: 'Hello there, a question.' });
      await a.client
        .from('newsletter_subscribers')
        .insert({ name: 'Owner', email: a.email, discount_code: 'OWNABCDEF' });
      for (const table of ['newsletter_subscribers', 'contact_messages', 'project_requests'] as const) {
        for (const client of [backend.anon(), a.client, b.client]) {
          const read = await client.from(table).select('*');
          expect(read.data ?? []).toEqual([]);
        }
      }
      const stored = await backend.service().from('contact_messages').select('name, message');
      expect(stored.data).toEqual([{ name: 'Ada', message: 'Hello there, a question.' }]);
    });
  });

  it('keeps its data across a restart', async () => {
    const { email, password } = await backend.newUser('durable');
    await backend
      .anon()
      .from('newsletter_subscribers')
      .insert({ name: 'Kept', email: 'kept@example.com', discount_code: 'KEPABCDEF' });
    await backend.restart();
    const { data, error } = await backend.anon().auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect((await backend.anon().rpc('validate_discount_code', { code: 'KEPABCDEF' })).data).toBe(true);
  });
});
