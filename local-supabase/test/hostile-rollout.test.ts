// The issue #30 migrations as they reach a database with history: bookings linked to accounts by their address
// alone are undone (the agency keeps them), the claim older account remotes make keeps answering, and newsletter
// subscriptions that differ only in the capitals of their address become one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { DEMO, KINDS, startBackend, type Backend } from './harness';

jest.setTimeout(120_000);

const SOURCE = path.join(__dirname, '..', '..', 'supabase');
const FIRST = '20261127090000_booking_proof.sql';
const migrations = fs.readdirSync(path.join(SOURCE, 'migrations')).sort();

describe.each(KINDS)('issue #30 rollout on %s', (kind) => {
  let backend: Backend;
  let dir: string;
  const copy = (file: string) =>
    fs.copyFileSync(path.join(SOURCE, 'migrations', file), path.join(dir, 'migrations', file));

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ls-hostile-'));
    fs.mkdirSync(path.join(dir, 'migrations'));
    fs.copyFileSync(path.join(SOURCE, 'seed.sql'), path.join(dir, 'seed.sql'));
    migrations.filter((file) => file < FIRST).forEach(copy);
    backend = await startBackend(kind, { SUPABASE_DIR: dir });
  });
  afterAll(async () => {
    await backend.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('undoes links made by address alone, keeps every booking for the agency, and merges subscriptions by address', async () => {
    // History, as the previous release made it.
    const anon = backend.anon();
    const { data: slots } = await anon.rpc('available_slots');
    const slot = (i: number) => (slots as { slot_start: string }[])[i]!.slot_start;
    const victim = `victim-${kind}@example.com`;
    const strangers = await anon.rpc('book_discovery_call', {
      slot_start: slot(1),
      name: 'Mallory',
      email: victim,
      note: 'Call +1-555-0100',
    });
    const victimUser = await backend.anon().auth.signUp({ email: victim, password: 'Passw0rdOk' });
    const customer = await backend.newUser('customer');
    const own = await customer.client.rpc('book_discovery_call', {
      slot_start: slot(2),
      name: 'Cus',
      email: customer.email,
    });
    const owner = async (id: unknown) =>
      (await backend.service().from('meetings').select('user_id, contact_email').eq('id', id).single()).data;
    expect(await owner(strangers.data)).toEqual({ user_id: victimUser.data.user!.id, contact_email: victim });
    expect(await owner(own.data)).toEqual({ user_id: customer.id, contact_email: customer.email });

    const codes: string[] = [];
    for (const email of [
      `case-${kind}@example.com`,
      `CASE-${kind}@example.com`,
      `Case-${kind}@Example.com`,
    ]) {
      const { data, error } = await anon.rpc('subscribe_newsletter', { name: 'Ada', email });
      expect(error).toBeNull();
      codes.push(data as string);
    }
    const buyer = await backend.newUser('buyer');
    const used = await buyer.client.rpc('place_order', {
      items: [{ service_id: 'smart-website' }],
      expected_total: 80910,
      discount_code: codes[1],
    });
    expect(used.error).toBeNull();

    for (const file of migrations.filter((f) => f >= FIRST)) copy(file);
    await backend.restart();
    expect(backend.server.output()).toContain(`applied migrations: ${FIRST}`);

    // Both bookings lost their account; the agency has them with their contact and note.
    expect(await owner(strangers.data)).toEqual({ user_id: null, contact_email: victim });
    expect(await owner(own.data)).toEqual({ user_id: null, contact_email: customer.email });
    const victimClient = backend.anon();
    await victimClient.auth.signInWithPassword({ email: victim, password: 'Passw0rdOk' });
    expect((await victimClient.rpc('claim_guest_meetings')).data).toBe(0);
    expect((await victimClient.from('meetings').select('id')).data).toEqual([]);
    const { data: kept } = await backend.service().from('meetings').select('notes').eq('id', strangers.data);
    expect(kept).toEqual([{ notes: 'Call +1-555-0100' }]);
    // Meetings the agency entered for an account (no address) stay the account's.
    const demo = backend.anon();
    await demo.auth.signInWithPassword(DEMO);
    expect((await demo.from('meetings').select('id')).data).toHaveLength(3);

    // One subscription per address: the earliest stays, its code valid; a later one's unused code is gone; the
    // order that used a later one keeps its discount and its redemption.
    const { data: subscribers } = await backend
      .service()
      .from('newsletter_subscribers')
      .select('email, discount_code')
      .ilike('email', `case-${kind}@example.com`);
    expect(subscribers).toEqual([{ email: `case-${kind}@example.com`, discount_code: codes[0] }]);
    const valid = async (code: string) => (await backend.anon().rpc('validate_discount_code', { code })).data;
    expect(await valid(codes[0]!)).toBe(true);
    expect(await valid(codes[2]!)).toBe(false);
    const quote = await backend.anon().rpc('quote_cart', { items: [], discount_code: codes[1] }).single();
    expect(quote.data).toMatchObject({ code_status: 'redeemed' });
    const { data: order } = await backend
      .service()
      .from('orders')
      .select('discount_code, discount_amount')
      .eq('id', used.data);
    expect(order).toEqual([{ discount_code: codes[1], discount_amount: 8990 }]);
    const again = await backend
      .anon()
      .rpc('subscribe_newsletter', { name: 'Ada', email: `CASE-${kind}@EXAMPLE.COM` });
    expect(again).toMatchObject({ status: 409, error: { code: '23505' } });

    if (kind === 'postgres') {
      const db = new Client({ connectionString: backend.databaseUrl });
      await db.connect();
      try {
        const merged = await db.query(
          'select email, discount_code from private.newsletter_subscribers_merged order by created_at',
        );
        expect(merged.rows).toEqual([
          { email: `CASE-${kind}@example.com`, discount_code: codes[1] },
          { email: `Case-${kind}@Example.com`, discount_code: codes[2] },
        ]);
        const trigger = await db.query(`select 1 from pg_trigger where tgname = 'link_guest_meetings'`);
        expect(trigger.rows).toEqual([]);
      } finally {
        await db.end();
      }
    }
  });
});
