// The data API over real HTTP with the real supabase-js client, on both databases: every call of spec section 7,
// the functions' rules, and the row-level security matrix.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { services as catalogue } from '../../shared-lib/src/catalogue';
import { DEMO, KINDS, sharedBackend, startBackend, type Backend } from './harness';

jest.setTimeout(90_000);

const SUPABASE_DIR = path.join(__dirname, '..', '..', 'supabase');

const line = (id: string, price = 1) => {
  const service = catalogue.find((s) => s.id === id)!;
  return { service_id: id, service_title: service.title, service_price: price };
};

/** The checkout's call: the cart's services and the total the customer saw, in cents. */
const order = (ids: readonly string[], expectedTotal: number, discountCode: string | null = null) => ({
  items: ids.map((service_id) => ({ service_id })),
  expected_total: expectedTotal,
  discount_code: discountCode,
});

// What `supabase db push` gives a hosted project: the migrations alone, no seed.
describe.each(KINDS)('the catalogue on %s', (kind) => {
  it('is what the migrations alone leave in services: shared-lib’s ids, titles, prices, categories and order', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ls-migrations-only-'));
    fs.cpSync(path.join(SUPABASE_DIR, 'migrations'), path.join(dir, 'migrations'), { recursive: true });
    const backend = await startBackend(kind, { SUPABASE_DIR: dir });
    try {
      expect(backend.server.output()).not.toContain('seeded');
      const { data, error } = await backend
        .anon()
        .from('services')
        .select('id, title, price, category, sort_order')
        .order('sort_order');
      expect(error).toBeNull();
      expect(data).toEqual(
        catalogue.map(({ id, title, price, category }, i) => ({
          id,
          title,
          price,
          category,
          sort_order: i + 1,
        })),
      );
    } finally {
      await backend.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.each(KINDS)('data API on %s', (kind) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await sharedBackend(kind);
  });
  afterAll(() => backend.stop());

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
    const first = await anon.rpc('subscribe_newsletter', { name: 'Ada', email: 'ada@example.com' });
    expect(first.error).toBeNull();
    const code = first.data as string;
    expect(code).toMatch(/^ADA[A-Z0-9]{6}$/);
    const again = await anon.rpc('subscribe_newsletter', { name: 'Ada', email: 'ada@example.com' });
    expect(again.status).toBe(409);
    expect(again.error).toMatchObject({ code: '23505', message: 'This email is already subscribed.' });
    expect((await anon.rpc('validate_discount_code', { code })).data).toBe(true);
    expect((await anon.rpc('validate_discount_code', { code: code.toLowerCase() })).data).toBe(true);
    expect((await anon.rpc('validate_discount_code', { code: 'NOPE12345' })).data).toBe(false);
  });

  it('lets no client choose its own code: inserting a subscriber directly is refused', async () => {
    const { client } = await backend.newUser('minter');
    for (const [who, status] of [
      [backend.anon(), 401],
      [client, 403],
    ] as const) {
      const minted = await who
        .from('newsletter_subscribers')
        .insert({ name: 'Free', email: `free-${status}@example.com`, discount_code: 'FREE10OFF' });
      expect(minted).toMatchObject({ status, error: { code: '42501' } });
    }
    expect((await backend.anon().rpc('validate_discount_code', { code: 'FREE10OFF' })).data).toBe(false);
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
    // The same in one request: each order with its items embedded through order_items.order_id (RLS applies
    // to the embedded rows too).
    const embedded = await demo
      .from('orders')
      .select('total_amount, order_items(service_id, service_price)')
      .order('created_at', { ascending: false });
    expect(embedded.error).toBeNull();
    expect(embedded.data!.map((o) => o.total_amount)).toEqual([283440, 107820, 89900]);
    expect(embedded.data!.flatMap((o) => o.order_items)).toHaveLength(10);
    expect(embedded.data!.flatMap((o) => o.order_items)).toContainEqual({
      service_id: 'smart-website',
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

  it('dates the demo from the day it was seeded: its scheduled call lies ahead, its orders and past calls behind', async () => {
    const demo = backend.anon();
    await demo.auth.signInWithPassword(DEMO);
    const now = Date.now();
    const day = 86_400_000;
    const orders = await demo.from('orders').select('created_at').eq('user_id', DEMO.id);
    for (const { created_at } of orders.data!) {
      expect(Date.parse(created_at)).toBeLessThan(now);
      expect(Date.parse(created_at)).toBeGreaterThan(now - 120 * day);
    }
    const meetings = await demo.from('meetings').select('status, scheduled_at').eq('user_id', DEMO.id);
    const when = (status: string) =>
      Date.parse(meetings.data!.find((m) => m.status === status)!.scheduled_at!);
    expect(when('scheduled')).toBeGreaterThan(now);
    expect(when('completed')).toBeLessThan(now);
  });

  it('reads with PostgREST filters, ordering, ranges and counts', async () => {
    const anon = backend.anon();
    const ids = (rows: { id: string }[] | null) => rows!.map((r) => r.id);
    const byPrice = [...catalogue].sort((x, y) => y.price - x.price || x.id.localeCompare(y.id));
    const ordered = await anon.from('services').select('id').order('price', { ascending: false }).order('id');
    expect(ids(ordered.data)).toEqual(byPrice.map((s) => s.id));
    const page = await anon.from('services').select('id', { count: 'exact' }).order('sort_order').range(2, 4);
    expect(ids(page.data)).toEqual(catalogue.slice(2, 5).map((s) => s.id));
    expect(page.count).toBe(catalogue.length);
    const head = await anon.from('services').select('*', { count: 'exact', head: true });
    expect(head).toMatchObject({ error: null, count: catalogue.length });
    const cheap = await anon.from('services').select('id').lt('price', 400).order('price');
    expect(ids(cheap.data)).toEqual(['smart-emails', 'content-maker']);
    const band = await anon.from('services').select('id').gt('price', 899).lte('price', 999);
    expect(ids(band.data)).toEqual(['one-day-training']);
    const top = await anon.from('services').select('id').gte('price', 999).order('price');
    expect(ids(top.data)).toEqual(['one-day-training', 'two-day-training']);
    const workshops = await anon.from('services').select('id').neq('category', 'full');
    expect(workshops.data).toHaveLength(3);
    const listed = await anon
      .from('services')
      .select('id')
      .in('id', ['smart-website', 'chat-helper'])
      .order('id');
    expect(ids(listed.data)).toEqual(['chat-helper', 'smart-website']);
    const limited = await anon.from('services').select('id').order('sort_order').limit(2);
    expect(ids(limited.data)).toEqual(['smart-website', 'product-photos']);
    const one = await anon.from('services').select('title, price').eq('id', 'smart-website').single();
    expect(one).toMatchObject({ status: 200, data: { title: 'Smart Website', price: 899 } });
    const none = await anon.from('services').select('*').eq('id', 'nope').single();
    expect(none).toMatchObject({ status: 406, data: null, error: { code: 'PGRST116' } });
    // The demo's code was redeemed by its second order (seed), so it is no longer valid. The check counts wrong
    // codes, so it needs a read-write call (POST): a GET runs read-only and is refused.
    expect(await anon.rpc('validate_discount_code', { code: 'DEMO2025X' })).toMatchObject({
      status: 200,
      data: false,
    });
    const viaGet = await anon.rpc('validate_discount_code', { code: 'DEMO2025X' }, { get: true });
    expect(viaGet).toMatchObject({ status: 405, error: { code: '25006' } });
  });

  it('filters the demo meetings on null, booleans and null ordering', async () => {
    const demo = backend.anon();
    await demo.auth.signInWithPassword(DEMO);
    const unscheduled = await demo.from('meetings').select('meeting_type').is('scheduled_at', null);
    expect(unscheduled.data).toEqual([{ meeting_type: 'AI Strategy Call' }]);
    const withNotes = await demo
      .from('meetings')
      .select('meeting_type')
      .not('notes', 'is', null)
      .order('created_at');
    expect(withNotes.data).toEqual([
      { meeting_type: 'Discovery Call' },
      { meeting_type: 'AI Strategy Call' },
    ]);
    const nullsFirst = await demo
      .from('meetings')
      .select('meeting_type')
      .order('scheduled_at', { ascending: false, nullsFirst: true });
    expect(nullsFirst.data!.map((m) => m.meeting_type)).toEqual([
      'AI Strategy Call',
      '30-Day Success Call',
      'Discovery Call',
    ]);
    const nullsLast = await demo
      .from('meetings')
      .select('meeting_type')
      .order('scheduled_at', { nullsFirst: false });
    expect(nullsLast.data!.at(-1)).toEqual({ meeting_type: 'AI Strategy Call' });
    const open = await demo.from('cart_items').select('*').is('checked_out', false);
    expect(open).toMatchObject({ error: null, data: [] });
  });

  it('updates with return=representation and a single row', async () => {
    const { client, id } = await backend.newUser('patch');
    await client.rpc('replace_cart', { items: [line('smart-website', 899)] });
    const updated = await client
      .from('cart_items')
      .update({ service_title: 'Renamed' })
      .eq('user_id', id)
      .select('service_id, service_title')
      .single();
    expect(updated).toMatchObject({
      status: 200,
      data: { service_id: 'smart-website', service_title: 'Renamed' },
    });
    const inserted = await client
      .from('cart_items')
      .insert({ user_id: id, service_id: 'chat-helper', service_title: 'Chat Helper', service_price: 699 })
      .select('service_id, checked_out')
      .single();
    expect(inserted).toMatchObject({ status: 201, data: { service_id: 'chat-helper', checked_out: false } });
  });

  describe('place_order', () => {
    it('prices the cart from the catalogue, ignoring forged client prices', async () => {
      const { client, id } = await backend.newUser('forger');
      const forged = [line('smart-website', 1), line('product-photos', 0.01)];
      await client.rpc('replace_cart', { items: forged });
      // The total a forged cart would show is refused; the catalogue's price is what an order costs.
      const cheap = await client.rpc('place_order', {
        items: forged,
        expected_total: 101,
        discount_code: null,
      });
      expect(cheap.error).toMatchObject({ code: 'PT409' });
      const placed = await client.rpc('place_order', {
        items: forged,
        expected_total: 139800,
        discount_code: null,
      });
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
      [1, 'a fresh code', 10],
      [2, 'a fresh code in lower case', 10],
      // The volume discount is larger: the code gives nothing and is not used (below).
      [5, 'a fresh code', 15],
    ])('%i services with %s: %i%% off, in cents', async (count, kindOfCode, percent) => {
      const { client } = await backend.newUser('tiers');
      // Codes are single-use: each case subscribes for its own.
      const issued = kindOfCode
        ? (
            await backend
              .anon()
              .rpc('subscribe_newsletter', { name: 'Tier', email: `tier-${count}-${kind}@example.com` })
          ).data
        : null;
      const code = kindOfCode?.endsWith('lower case') ? issued.toLowerCase() : issued;
      const chosen = catalogue.slice(0, count);
      const subtotal = chosen.reduce((sum, s) => sum + s.price * 100, 0);
      const total = Math.floor((subtotal * (100 - percent)) / 100 + 0.5);
      const placed = await client.rpc(
        'place_order',
        order(
          chosen.map((s) => s.id),
          total,
          code,
        ),
      );
      expect(placed.error).toBeNull();
      const { data: stored } = await client.from('orders').select('*').eq('id', placed.data!).single();
      expect(stored).toMatchObject({
        total_amount: total,
        discount_amount: subtotal - total,
        discount_code: count < 3 ? (code?.toUpperCase() ?? null) : null,
      });
    });

    it('no longer orders the saved cart on a bare discount_code (the shape remotes used before)', async () => {
      const { client } = await backend.newUser('old-shape');
      await client.rpc('replace_cart', { items: [line('smart-website')] });
      const old = await client.rpc('place_order', { discount_code: null });
      // No function takes those arguments: PostgREST says PGRST202, PostgreSQL itself 42883.
      expect(old.status).toBe(404);
      expect(['PGRST202', '42883']).toContain(old.error?.code);
      expect((await client.from('orders').select('id')).data).toEqual([]);
    });

    it('refuses an empty cart, an invalid code and a guest', async () => {
      const { client } = await backend.newUser('empty');
      const empty = await client.rpc('place_order', order([], 0));
      expect(empty.error).toMatchObject({ code: 'P0001', message: 'Your cart is empty' });
      const invalid = await client.rpc('place_order', order(['smart-website'], 80910, 'NOPE12345'));
      expect(invalid.error).toMatchObject({ code: 'P0001', message: 'Invalid discount code' });
      const guest = await backend.anon().rpc('place_order', order(['smart-website'], 89900));
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

    it('keeps the order the cart was built in, and a service listed twice once, at its first place', async () => {
      const { client } = await backend.newUser('ordered');
      const ids = ['task-automator', 'smart-website', 'chat-helper', 'ai-dashboard'];
      await client.rpc('replace_cart', { items: [...ids, 'smart-website'].map((id) => line(id)) });
      const { data } = await client.from('cart_items').select('service_id, sort_order').order('sort_order');
      expect(data).toEqual(ids.map((service_id, sort_order) => ({ service_id, sort_order })));
    });

    it('refuses anything but an array, and a guest', async () => {
      const { client } = await backend.newUser('notarray');
      await client.rpc('replace_cart', { items: [line('smart-website')] });
      for (const items of [null, { service_id: 'smart-website' }, 'smart-website']) {
        const refused = await client.rpc('replace_cart', { items });
        expect(refused.status).toBe(400);
        expect(['22023', '22P02']).toContain(refused.error?.code);
      }
      expect((await client.from('cart_items').select('service_id')).data).toEqual([
        { service_id: 'smart-website' },
      ]);
      const guest = await backend.anon().rpc('replace_cart', { items: [] });
      expect(guest).toMatchObject({ status: 401, error: { code: '42501' } });
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

  type User = Awaited<ReturnType<Backend['newUser']>>;

  /** User A with one placed order (89900 cents), an open cart of one item and a meeting; user B with nothing. */
  async function ownerAndOther(aName: string, bName: string): Promise<{ a: User; b: User; orderId: string }> {
    const a = await backend.newUser(aName);
    const b = await backend.newUser(bName);
    await a.client.rpc('replace_cart', { items: [line('smart-website', 899)] });
    const orderId = (await a.client.rpc('place_order', order(['smart-website'], 89900))).data!;
    await a.client.rpc('replace_cart', { items: [line('chat-helper', 699)] });
    await backend
      .service()
      .from('meetings')
      .insert({ user_id: a.id, meeting_type: 'Discovery Call', status: 'requested' });
    return { a, b, orderId };
  }

  describe('row-level security', () => {
    let a: User;
    let b: User;
    let orderId: string;
    beforeAll(async () => {
      ({ a, b, orderId } = await ownerAndOther('owner', 'other'));
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

    it('newsletter_subscribers, contact_messages, project_requests: written for anyone, read by nobody', async () => {
      // An address of this test's own: the backend is shared with the other files, whose leads it may hold.
      const email = `ada-${Date.now()}@example.com`;
      await backend
        .anon()
        .from('contact_messages')
        .insert({ name: 'Ada', email, message: 'Hello there, a question.' });
      await a.client.rpc('subscribe_newsletter', { name: 'Owner', email: a.email });
      for (const table of ['newsletter_subscribers', 'contact_messages', 'project_requests'] as const) {
        for (const client of [backend.anon(), a.client, b.client]) {
          const read = await client.from(table).select('*');
          expect(read.data ?? []).toEqual([]);
        }
      }
      const stored = await backend
        .service()
        .from('contact_messages')
        .select('name, message')
        .eq('email', email);
      expect(stored.data).toEqual([{ name: 'Ada', message: 'Hello there, a question.' }]);
      await backend.service().from('contact_messages').delete().eq('email', email);
    });
  });

  // Every table × anon, the owner A and another user B × select, insert, update, delete on A's rows: only what
  // docs/architecture.md section 4 allows succeeds. 'rows': succeeds on A's rows; 'none': succeeds on no row;
  // 'ok': the insert is stored; 'denied': 42501 (401 for anon, 403 for a signed-in user).
  describe('row-level security matrix', () => {
    type Outcome = 'rows' | 'none' | 'ok' | 'denied';
    type Actor = 'anon' | 'B' | 'A';
    const OPS = ['select', 'insert', 'update', 'delete'] as const;
    const ACTORS: Actor[] = ['anon', 'B', 'A']; // A last, so its delete comes after the others' attempts
    const ownerOnly = (): Record<Actor, Outcome> => ({ anon: 'denied', B: 'none', A: 'rows' });
    const readOnly = { select: ownerOnly(), insert: denied(), update: denied(), delete: denied() };
    function denied(): Record<Actor, Outcome> {
      return { anon: 'denied', B: 'denied', A: 'denied' };
    }
    const writeOnly = {
      select: { anon: 'none', B: 'none', A: 'none' },
      insert: { anon: 'ok', B: 'ok', A: 'ok' },
      update: denied(),
      delete: denied(),
    } as const;
    const expected: Record<string, Record<(typeof OPS)[number], Record<Actor, Outcome>>> = {
      services: {
        select: { anon: 'rows', B: 'rows', A: 'rows' },
        insert: denied(),
        update: denied(),
        delete: denied(),
      },
      cart_items: {
        select: ownerOnly(),
        insert: { anon: 'denied', B: 'denied', A: 'ok' },
        update: ownerOnly(),
        delete: ownerOnly(),
      },
      orders: readOnly,
      order_items: readOnly,
      meetings: readOnly,
      // Subscribing is subscribe_newsletter's job (it makes the code): nobody inserts directly.
      newsletter_subscribers: { ...writeOnly, insert: denied() },
      contact_messages: writeOnly,
      project_requests: writeOnly,
    };

    let a: User;
    let b: User;
    let orderId: string;
    let serial = 0;
    beforeAll(async () => {
      ({ a, b, orderId } = await ownerAndOther('matrix-a', 'matrix-b'));
      await a.client.rpc('subscribe_newsletter', { name: 'Owner', email: a.email });
    });

    /** A's rows of each table, as a filter, a column to change and a new row to insert. */
    const shapes = () => {
      serial += 1;
      const email = `matrix-${serial}@example.com`;
      return {
        services: {
          filter: ['id', 'smart-website'],
          change: { title: 'Cheap Website' },
          row: { id: `forged-${serial}`, title: 'Forged', price: 1, category: 'full', sort_order: 99 },
        },
        cart_items: {
          filter: ['user_id', a.id],
          change: { service_price: 0 },
          row: {
            user_id: a.id,
            service_id: 'task-automator',
            service_title: 'Task Automator',
            service_price: 1,
          },
        },
        orders: {
          filter: ['user_id', a.id],
          change: { total_amount: 0 },
          row: { user_id: a.id, total_amount: 1, discount_amount: 0 },
        },
        order_items: {
          filter: ['order_id', orderId],
          change: { service_price: 0 },
          row: { order_id: orderId, service_title: 'Free', service_price: 0 },
        },
        meetings: {
          filter: ['user_id', a.id],
          change: { status: 'cancelled' },
          row: { user_id: a.id, meeting_type: 'Forged' },
        },
        newsletter_subscribers: {
          filter: ['email', a.email],
          change: { discount_code: 'STOLEN123' },
          row: { name: 'Matrix', email, discount_code: `MTX${String(serial).padStart(6, '0')}` },
        },
        contact_messages: {
          filter: ['email', 'ada@example.com'],
          change: { message: 'Overwritten message' },
          row: { name: 'Matrix', email, message: 'A message of some length.' },
        },
        project_requests: {
          filter: ['email', 'ada@example.com'],
          change: { budget: '50k+' },
          row: {
            name: 'Matrix',
            email,
            project_type: 'chatbot',
            budget: '5k-10k',
            timeline: 'asap',
            description: 'A project of some length.',
          },
        },
      } as Record<string, { filter: [string, string]; change: object; row: object }>;
    };

    it.each(Object.keys(expected))('%s', async (table) => {
      const clients: Record<Actor, typeof a.client> = { anon: backend.anon(), B: b.client, A: a.client };
      for (const op of OPS) {
        for (const actor of ACTORS) {
          const { filter, change, row } = shapes()[table]!;
          const from = clients[actor].from(table);
          const result =
            op === 'select'
              ? await from.select('*').eq(filter[0], filter[1])
              : op === 'insert'
                ? await from.insert(row)
                : op === 'update'
                  ? await from.update(change).eq(filter[0], filter[1]).select()
                  : await from.delete().eq(filter[0], filter[1]).select();
          const outcome = expected[table]![op][actor];
          const seen = { table, op, actor, status: result.status, code: result.error?.code ?? null };
          if (outcome === 'denied') {
            expect(seen).toEqual({ ...seen, status: actor === 'anon' ? 401 : 403, code: '42501' });
          } else {
            expect(seen).toEqual({ ...seen, code: null });
            if (outcome === 'ok') expect(result.status).toBe(201);
            if (outcome === 'none') expect({ ...seen, data: result.data }).toEqual({ ...seen, data: [] });
            if (outcome === 'rows') expect((result.data as unknown[]).length).toBeGreaterThan(0);
          }
        }
      }
      // Nothing the matrix refused reached the data: the catalogue and A's order are as they were.
      const { data: service } = await backend
        .anon()
        .from('services')
        .select('title')
        .eq('id', 'smart-website');
      expect(service).toEqual([{ title: 'Smart Website' }]);
      const { data: order } = await a.client.from('orders').select('total_amount').eq('id', orderId);
      expect(order).toEqual([{ total_amount: 89900 }]);
    });
  });
});
