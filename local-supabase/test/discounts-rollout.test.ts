// The discount migrations as they reach a database with history: the expand step backfills redemptions from the
// orders already placed and keeps the calls of remotes deployed before it working; the contract step, once the
// new remotes are deployed, refuses what only the old ones did.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { KINDS, startBackend, type Backend } from './harness';

jest.setTimeout(120_000);

const SOURCE = path.join(__dirname, '..', '..', 'supabase');
const EXPAND = '20261124110000_discount_codes.sql';
const CONTRACT = '20261124120000_discount_codes_contract.sql';
const migrations = fs.readdirSync(path.join(SOURCE, 'migrations')).sort();
// The catalogue came from seed.sql then; its migration stands in for it here (a later one, applied first).
const CATALOGUE = '20261126100000_services_catalogue.sql';
const before = [...migrations.filter((file) => file < EXPAND), CATALOGUE];

describe.each(KINDS)('discount rollout on %s', (kind) => {
  let backend: Backend;
  let dir: string;
  const copy = (file: string) =>
    fs.copyFileSync(path.join(SOURCE, 'migrations', file), path.join(dir, 'migrations', file));
  const line = (service_id: string) => ({ service_id, service_title: service_id, service_price: 1 });

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ls-discounts-'));
    fs.mkdirSync(path.join(dir, 'migrations'));
    fs.copyFileSync(path.join(SOURCE, 'seed.sql'), path.join(dir, 'seed.sql'));
    before.forEach(copy);
    backend = await startBackend(kind, { SUPABASE_DIR: dir });
  });
  afterAll(async () => {
    await backend.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('backfills redemptions from existing orders and keeps the old calls working', async () => {
    // History made the way the remotes of that time made it: codes chosen in the browser, orders through
    // place_order(discount_code) on the saved cart.
    const anon = backend.anon();
    for (const [name, code] of [
      ['Used', 'USEDCODE1'],
      ['Fresh', 'FRESHCODE'],
      ['Later', 'LATERCODE'],
    ] as const) {
      const email = `${name.toLowerCase()}-${kind}@example.com`;
      expect(
        (await anon.from('newsletter_subscribers').insert({ name, email, discount_code: code })).error,
      ).toBeNull();
    }
    const x = await backend.newUser('history-x');
    const y = await backend.newUser('history-y');
    // Clients made before a restart keep its old port: sign in again after it.
    const signIn = async (user: typeof x) => {
      const client = backend.anon();
      await client.auth.signInWithPassword({ email: user.email, password: user.password });
      return { ...user, client };
    };
    const order = async (user: typeof x, code: string | null) => {
      await user.client.rpc('replace_cart', { items: [line('smart-website')] });
      const placed = await user.client.rpc('place_order', { discount_code: code });
      expect(placed.error).toBeNull();
      return placed.data as string;
    };
    const first = await order(x, 'USEDCODE1');
    const second = await order(y, 'usedcode1'); // the bug being fixed: a code worked again, on another account
    const third = await order(x, 'USEDCODE1');
    expect(new Set([first, second, third]).size).toBe(3);

    copy(EXPAND);
    await backend.restart();
    expect(backend.server.output()).toContain(`applied migrations: ${EXPAND}\n`);
    const yAfter = await signIn(y);

    // The earliest order per code redeemed it; later ones stay as history.
    const { data: redemptions } = await backend
      .service()
      .from('discount_redemptions')
      .select('code, user_id, order_id')
      .order('code');
    expect(redemptions).toEqual([
      {
        code: 'DEMO2025X',
        user_id: 'd0d0d0d0-0000-4000-8000-000000000001',
        order_id: 'b2c3d4e5-2222-4000-8000-000000000002',
      },
      { code: 'USEDCODE1', user_id: x.id, order_id: first },
    ]);
    const orders = await backend.service().from('orders').select('id').eq('discount_code', 'USEDCODE1');
    expect(orders.data).toHaveLength(3);
    const valid = async (code: string) => {
      const { data, error } = await backend.anon().rpc('validate_discount_code', { code });
      expect(error).toBeNull();
      return data;
    };
    expect(await valid('USEDCODE1')).toBe(false);
    expect(await valid('DEMO2025X')).toBe(false);
    expect(await valid('FRESHCODE')).toBe(true);

    // A marketing remote of before still subscribes with its own code; a catalogue remote of before still
    // orders the saved cart with place_order(discount_code), and that order redeems the code once.
    const oldInsert = await backend
      .anon()
      .from('newsletter_subscribers')
      .insert({ name: 'Old', email: `old-${kind}@example.com`, discount_code: 'OLDREMOTE' });
    expect(oldInsert.error).toBeNull();
    expect(await order(yAfter, 'FRESHCODE')).toEqual(expect.any(String));
    expect(await valid('FRESHCODE')).toBe(false);
    await yAfter.client.rpc('replace_cart', { items: [line('chat-helper')] });
    const again = await yAfter.client.rpc('place_order', { discount_code: 'FRESHCODE' });
    expect(again.error).toMatchObject({
      code: 'P0001',
      message: 'This discount code has already been used.',
    });
    expect(
      (await yAfter.client.from('cart_items').select('service_id').eq('checked_out', false)).data,
    ).toEqual([{ service_id: 'chat-helper' }]);
    // The new shape beside it.
    const quote = await yAfter.client
      .rpc('quote_cart', { items: [{ service_id: 'chat-helper' }], discount_code: 'LATERCODE' })
      .single();
    expect(quote.data).toMatchObject({ code_status: 'valid', total_cents: 62910 });
    const placed = await yAfter.client.rpc('place_order', {
      items: [{ service_id: 'chat-helper' }],
      expected_total: 62910,
      discount_code: 'LATERCODE',
    });
    expect(placed.error).toBeNull();

    copy(CONTRACT);
    await backend.restart();
    expect(backend.server.output()).toContain(`applied migrations: ${CONTRACT}\n`);
    const yLast = await signIn(y);
    // Minting refused: no client inserts a subscriber, with a code of its choosing or not.
    for (const [client, status] of [
      [backend.anon(), 401],
      [yLast.client, 403],
    ] as const) {
      const minted = await client
        .from('newsletter_subscribers')
        .insert({ name: 'Mint', email: `mint-${status}-${kind}@example.com`, discount_code: 'FREE10OFF' });
      expect(minted).toMatchObject({ status, error: { code: '42501' } });
    }
    expect(await valid('FREE10OFF')).toBe(false);
    const issued = await backend
      .anon()
      .rpc('subscribe_newsletter', { name: 'New', email: `new-${kind}@example.com` });
    expect(issued.data).toMatch(/^NEW[A-Z0-9]{6}$/);
    // The old place_order shape is gone; the new one works.
    await yLast.client.rpc('replace_cart', { items: [line('smart-emails')] });
    const old = await yLast.client.rpc('place_order', { discount_code: null });
    // No function takes those arguments: PostgREST says PGRST202, PostgreSQL itself 42883.
    expect(old.status).toBe(404);
    expect(['PGRST202', '42883']).toContain(old.error?.code);
    const noTotal = await yLast.client.rpc('place_order', { items: [{ service_id: 'smart-emails' }] });
    expect(noTotal.error).not.toBeNull();
    const last = await yLast.client.rpc('place_order', {
      items: [{ service_id: 'smart-emails' }],
      expected_total: 34900,
    });
    expect(last.error).toBeNull();
    // Everything recorded before stays.
    const { data: kept } = await backend.service().from('discount_redemptions').select('code').order('code');
    expect(kept!.map((r) => r.code)).toEqual(['DEMO2025X', 'FRESHCODE', 'LATERCODE', 'USEDCODE1']);
  });
});
