// Two-factor authentication that holds in the database (issue #30, item 4): once a user has a verified factor, a
// session signed in with the password alone (aal1) reads none of their rows and can neither order nor save a cart;
// it books as a guest. Over real HTTP with supabase-js on both engines, and the catalogue checks that keep every
// later table and function under the rule, on PostgreSQL.
import * as OTPAuth from 'otpauth';
import { Client } from 'pg';
import type { SupabaseClient } from '@supabase/supabase-js';
import { KINDS, mailTo, sharedBackend, type Backend } from './harness';

jest.setTimeout(120_000);

const INSUFFICIENT_AAL = {
  code: 'insufficient_aal',
  message: 'Enter the code from your authenticator app to continue.',
};
const OWN_TABLES = ['orders', 'order_items', 'meetings', 'cart_items', 'discount_redemptions'] as const;

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

async function turnOnTwoFactor(client: SupabaseClient) {
  const { data: enrolled, error } = await client.auth.mfa.enroll({
    factorType: 'totp',
    friendlyName: 'Phone',
  });
  expect(error).toBeNull();
  const totp = new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(enrolled!.totp.secret),
    digits: 6,
    period: 30,
  });
  const { data: challenge } = await client.auth.mfa.challenge({ factorId: enrolled!.id });
  const verified = await client.auth.mfa.verify({
    factorId: enrolled!.id,
    challengeId: challenge!.id,
    code: totp.generate(),
  });
  expect(verified.error).toBeNull();
}

describe.each(KINDS)('two-factor data on %s', (kind) => {
  let backend: Backend;
  /** The two-factor customer: their aal2 session, and a session of the same account from the password alone. */
  let full: SupabaseClient;
  let passwordOnly: SupabaseClient;
  let account: { id: string; email: string };

  beforeAll(async () => {
    backend = await sharedBackend(kind);
    const user = await backend.newUser('two-factor');
    account = user;
    full = user.client;
    // Their history, made before two-factor was turned on: an order with a code, a call, a saved cart.
    const { data: code } = await backend
      .anon()
      .rpc('subscribe_newsletter', { name: 'Ada', email: `tf-${kind}@example.com` });
    const one = [{ service_id: 'smart-website' }];
    expect(
      (await full.rpc('place_order', { items: one, expected_total: 80910, discount_code: code })).error,
    ).toBeNull();
    const { data: slots } = await backend.anon().rpc('available_slots');
    const booked = await full.rpc('book_discovery_call', {
      slot_start: (slots as { slot_start: string }[])[2]!.slot_start,
      name: 'Ada',
      email: user.email,
    });
    expect(booked.error).toBeNull();
    const cart = [{ service_id: 'chat-helper', service_title: 'Chat Helper', service_price: 699 }];
    expect((await full.rpc('replace_cart', { items: cart })).error).toBeNull();

    await turnOnTwoFactor(full);
    expect(claimsOf((await full.auth.getSession()).data.session!.access_token).aal).toBe('aal2');
    passwordOnly = backend.anon();
    const signIn = await passwordOnly.auth.signInWithPassword({ email: user.email, password: user.password });
    expect(claimsOf(signIn.data.session!.access_token).aal).toBe('aal1');
  });
  afterAll(() => backend.stop());

  it('shows an aal1 session of a two-factor user none of their rows; the aal2 session all of them', async () => {
    for (const table of OWN_TABLES) {
      const weak = await passwordOnly.from(table).select('*');
      expect({ table, error: weak.error, rows: weak.data }).toEqual({ table, error: null, rows: [] });
      const strong = await full.from(table).select('*');
      expect({ table, rows: strong.data!.length > 0 }).toEqual({ table, rows: true });
    }
  });

  it('lets an aal1 session neither order nor save, change or empty the cart', async () => {
    const one = [{ service_id: 'smart-website' }];
    const order = await passwordOnly.rpc('place_order', { items: one, expected_total: 89900 });
    expect(order).toMatchObject({ status: 403, error: INSUFFICIENT_AAL });
    const save = await passwordOnly.rpc('replace_cart', { items: [] });
    expect(save).toMatchObject({ status: 403, error: INSUFFICIENT_AAL });
    const insert = await passwordOnly.from('cart_items').insert({
      user_id: account.id,
      service_id: 'smart-emails',
      service_title: 'Smart Emails',
      service_price: 349,
    });
    expect(insert.error?.code).toBe('42501');
    await passwordOnly.from('cart_items').delete().eq('user_id', account.id);
    await passwordOnly.from('cart_items').update({ service_price: 1 }).eq('user_id', account.id);
    // The stored cart is as it was, and the account has its one order.
    const stored = await full.from('cart_items').select('service_id, service_price').eq('checked_out', false);
    expect(stored.data).toEqual([{ service_id: 'chat-helper', service_price: 699 }]);
    expect((await full.from('orders').select('id')).data).toHaveLength(1);
  });

  it('lets an aal1 session book only as a guest: the booking does not join the account', async () => {
    const { data: slots } = await backend.anon().rpc('available_slots');
    const booked = await passwordOnly.rpc('book_discovery_call', {
      slot_start: (slots as { slot_start: string }[])[5]!.slot_start,
      name: 'Ada',
      email: `colleague-${kind}@example.com`,
    });
    expect(booked.error).toBeNull();
    const row = await backend.service().from('meetings').select('user_id').eq('id', booked.data).single();
    expect(row.data).toEqual({ user_id: null });
    expect((await full.from('meetings').select('id').eq('id', booked.data)).data).toEqual([]);
    // It may quote, as a guest does.
    const quote = await passwordOnly.rpc('quote_cart', { items: [{ service_id: 'smart-website' }] });
    expect(quote.error).toBeNull();
  });

  it("neither offers an aal1 session its address's guest booking nor sends that booking's link", async () => {
    // A guest booking made with a two-factor customer's address and confirmed from its e-mailed link.
    const customer = await backend.newUser('two-factor-guest');
    const { data: slots } = await backend.anon().rpc('available_slots');
    const { data: id } = await backend.anon().rpc('book_discovery_call', {
      slot_start: (slots as { slot_start: string }[])[8]!.slot_start,
      name: 'Ada',
      email: customer.email,
    });
    expect((await backend.anon().functions.invoke('send-emails')).error).toBeNull();
    const [receipt] = await mailTo(backend, customer.email);
    const token = new URL(receipt!.links.find((l) => l.includes('/booking?token='))!).searchParams.get(
      'token',
    );
    expect((await backend.anon().rpc('confirm_booking', { token })).error).toBeNull();
    await turnOnTwoFactor(customer.client);
    const weak = backend.anon();
    const { email, password } = customer;
    expect((await weak.auth.signInWithPassword({ email, password })).error).toBeNull();

    // The password alone neither sees the offer nor asks for the link; the second factor does.
    expect(await weak.rpc('guest_bookings_for_account')).toMatchObject({
      status: 403,
      error: INSUFFICIENT_AAL,
    });
    expect(await weak.rpc('send_booking_link', { meeting_id: id })).toMatchObject({
      status: 403,
      error: INSUFFICIENT_AAL,
    });
    expect(
      (await mailTo(backend, customer.email)).filter((m) => m.text.includes('You asked to add')),
    ).toEqual([]);
    expect((await customer.client.rpc('guest_bookings_for_account')).data).toEqual([
      { id, meeting_type: 'Discovery Call', call_date: expect.any(String) },
    ]);
  });

  it('asks nothing more of a user without a verified factor', async () => {
    const { client } = await backend.newUser('one-factor');
    const placed = await client.rpc('place_order', {
      items: [{ service_id: 'smart-emails' }],
      expected_total: 34900,
    });
    expect(placed.error).toBeNull();
    expect((await client.from('orders').select('id')).data).toEqual([{ id: placed.data }]);
  });

  if (kind === 'postgres') {
    describe('the catalogue', () => {
      let db: Client;
      beforeAll(async () => {
        db = new Client({ connectionString: backend.databaseUrl });
        await db.connect();
      });
      afterAll(() => db.end());

      it('holds a restrictive second-factor policy for authenticated on every public table with a user_id', async () => {
        const { rows } = await db.query(`
          select c.relname as table
          from pg_class c
          join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
          join pg_attribute a on a.attrelid = c.oid and a.attname = 'user_id' and not a.attisdropped
          where c.relkind in ('r', 'p')
            and not exists (
              select 1 from pg_policies p
              where p.schemaname = 'public' and p.tablename = c.relname
                and p.permissive = 'RESTRICTIVE' and p.cmd = 'ALL' and p.roles = '{authenticated}'
                and p.qual like '%private.aal_sufficient()%' and p.with_check like '%private.aal_sufficient()%'
            )
          order by 1`);
        expect(rows).toEqual([]);
        // order_items has no user_id of its own (its order's), and is covered all the same.
        const { rows: items } = await db.query(
          `select 1 from pg_policies where tablename = 'order_items' and permissive = 'RESTRICTIVE'`,
        );
        expect(items).toHaveLength(1);
      });

      it('lets no public security definer function take the caller from auth.uid() itself', async () => {
        // The account a definer function acts for comes from private.acting_user() or private.require_account(),
        // which check the second factor; reading auth.uid() directly would skip that check.
        const { rows } = await db.query(`
          select p.proname as name
          from pg_proc p join pg_namespace n on n.oid = p.pronamespace and n.nspname = 'public'
          where p.prosecdef and p.prosrc ~* 'auth\\.uid\\(\\)'
          order by 1`);
        expect(rows).toEqual([]);
      });
    });
  }
});
