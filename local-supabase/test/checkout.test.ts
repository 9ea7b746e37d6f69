// The checkout's order paid by invoice (#31), over real HTTP with supabase-js: place_order saves and copies the
// billing details, issues the invoice and queues the order's e-mails in its own transaction, refuses what the
// billing form refuses with the database's own constraints, and keeps #30's rules (a wrong code or a changed price
// records nothing). The outbox is private: its rows are read beside the API on PostgreSQL, and each payload is
// passed through send-emails' own templates, so the SQL and the e-mails cannot drift apart.
import type { SupabaseClient } from '@supabase/supabase-js';
import { compose } from '../../supabase/functions/send-emails/templates.ts';
import { KINDS, sharedBackend, type Backend } from './harness';
import { queryPostgres } from './sql';

jest.setTimeout(120_000);

const billing = {
  name: 'Ada Lovelace',
  company: 'Analytical Engines Ltd',
  address: 'Example Street 12',
  postal_code: '10115',
  city: 'Berlin',
  country: 'DE',
  vat_number: 'DE123456789',
};
const website = [{ service_id: 'smart-website' }];
// The e-mails' block reads the outbox on the checkout's PostgreSQL backend (every order it checks is its own).

describe.each(KINDS)('checkout on %s', (kind) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await sharedBackend(kind);
  });

  /** What the customer reads back: the order with its invoice, and their saved billing details. */
  async function readBack(client: SupabaseClient) {
    const orders = await client.from('orders').select('id, billing, show_in_recent_purchases, status');
    const invoices = await client.from('invoices').select('number, order_id, buyer, total_cents, vat_cents');
    const saved = await client.from('billing_details').select('*').maybeSingle();
    return { orders: orders.data ?? [], invoices: invoices.data ?? [], saved: saved.data };
  }

  it('makes the order out to the billing details given, saves them for next time, and invoices it', async () => {
    const { client, id } = await backend.newUser('checkout');
    const placed = await client.rpc('place_order', {
      items: website,
      expected_total: 89900,
      discount_code: null,
      billing,
      show_in_recent_purchases: true,
    });
    expect(placed.error).toBeNull();
    const { orders, invoices, saved } = await readBack(client);
    expect(orders).toEqual([
      { id: placed.data, billing, show_in_recent_purchases: true, status: 'awaiting_payment' },
    ]);
    expect(saved).toMatchObject({ ...billing, user_id: id });
    expect(invoices).toEqual([
      {
        number: expect.stringMatching(/^\d{4}-\d{4,}$/),
        order_id: placed.data,
        buyer: expect.objectContaining(billing),
        total_cents: 89900,
        vat_cents: 14354,
      },
    ]);

    // An older checkout (no billing argument, during the rollout): the saved details, and an invoice all the same.
    const older = await client.rpc('place_order', {
      items: website,
      expected_total: 89900,
      discount_code: null,
    });
    expect(older.error).toBeNull();
    const after = await readBack(client);
    expect(after.orders.find((o) => o.id === older.data)).toMatchObject({
      billing,
      show_in_recent_purchases: false,
    });
    expect(after.invoices.map((i) => i.order_id)).toContain(older.data);
  });

  it('records an older checkout’s order without details as before: no invoice, nothing saved', async () => {
    const { client } = await backend.newUser('older');
    const placed = await client.rpc('place_order', { items: website, expected_total: 89900 });
    expect(placed.error).toBeNull();
    const { orders, invoices, saved } = await readBack(client);
    expect(orders).toEqual([
      { id: placed.data, billing: null, show_in_recent_purchases: false, status: 'awaiting_payment' },
    ]);
    expect(invoices).toEqual([]);
    expect(saved).toBeNull();
  });

  it.each([
    ['a VAT number of another country', { vat_number: 'FR12345678901' }],
    ['no name', { name: '' }],
    ['a country not on the list', { country: 'XX' }],
    ['untrimmed text', { city: ' Berlin' }],
  ])('refuses %s with the database’s own constraint, recording nothing', async (_what, change) => {
    const { client } = await backend.newUser('refused');
    const { data, error } = await client.rpc('place_order', {
      items: website,
      expected_total: 89900,
      billing: { ...billing, ...change },
    });
    expect(data).toBeNull();
    expect(error).toMatchObject({ code: '23514' });
    expect(await readBack(client)).toEqual({ orders: [], invoices: [], saved: null });
  });

  it('keeps #30’s refusals first: a wrong code or a changed price saves no billing details either', async () => {
    const { client } = await backend.newUser('hostile');
    const wrongCode = await client.rpc('place_order', {
      items: website,
      expected_total: 89900,
      discount_code: 'NOT-A-CODE',
      billing,
    });
    expect(wrongCode.error).toMatchObject({ message: 'Invalid discount code' });
    const changed = await client.rpc('place_order', { items: website, expected_total: 100, billing });
    expect(changed.error).toMatchObject({ code: 'PT409' });
    const notAnObject = await client.rpc('place_order', {
      items: website,
      expected_total: 89900,
      billing: [],
    });
    expect(notAnObject.error).toMatchObject({ code: '22023' });
    expect(await readBack(client)).toEqual({ orders: [], invoices: [], saved: null });
    // And no anonymous caller orders at all.
    const anonymous = await backend
      .anon()
      .rpc('place_order', { items: website, expected_total: 89900, billing });
    expect(anonymous.data).toBeNull();
  });
});

describe('the order’s e-mails on postgres', () => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await sharedBackend('postgres');
  });

  interface Queued {
    template: string;
    recipient: string;
    payload: Record<string, unknown>;
    idempotency_key: string;
  }
  const queued = (orderId: string) =>
    queryPostgres<Queued>(
      backend,
      `select template, recipient, payload, idempotency_key from private.email_outbox
       where idempotency_key like '%:' || $1 order by template`,
      [orderId],
    );

  it('queues the confirmation and the agency’s copy with the order, in the shape send-emails renders', async () => {
    const { client, email } = await backend.newUser('mail');
    const placed = await client.rpc('place_order', {
      items: [{ service_id: 'smart-website' }, { service_id: 'chat-helper' }],
      expected_total: 159800,
      billing,
    });
    expect(placed.error).toBeNull();
    const orderId = placed.data as string;
    const [{ number, site_url, email_billing }] = (await queryPostgres<Record<string, string>>(
      backend,
      `select i.number, c.site_url, c.email_billing from public.invoices i, private.company_details c
       where i.order_id = $1`,
      [orderId],
    )) as [Record<string, string>];
    const rows = await queued(orderId);
    expect(
      rows.map(({ template, recipient, idempotency_key }) => ({ template, recipient, idempotency_key })),
    ).toEqual([
      {
        template: 'order_agency_copy',
        recipient: email_billing,
        idempotency_key: `order_agency_copy:${orderId}`,
      },
      { template: 'order_confirmation', recipient: email, idempotency_key: `order_confirmation:${orderId}` },
    ]);
    const payload = rows[0]!.payload;
    expect(rows[1]!.payload).toEqual(payload);
    expect(payload).toMatchObject({
      orderId,
      orderNumber: `#${orderId.slice(0, 8)}`,
      invoiceNumber: number,
      lines: [
        { title: 'Smart Website', priceCents: 89900 },
        { title: 'Chat Helper', priceCents: 69900 },
      ],
      subtotalCents: 159800,
      discountCents: 0,
      totalCents: 159800,
      billing: {
        name: 'Ada Lovelace',
        company: 'Analytical Engines Ltd',
        address: 'Example Street 12\n10115 Berlin',
        country: 'Germany',
        vatNumber: 'DE123456789',
      },
      invoiceUrl: `${site_url}/account/invoice?number=${number}`,
      bookKickoffUrl: `${site_url}/contact`,
      customerEmail: email,
      seller: expect.objectContaining({ legalName: 'AI Made Simple GmbH' }),
    });
    // send-emails renders both from this payload (it refuses a payload that does not fit its template).
    expect(compose('order_confirmation', payload).subject).toBe(
      `Your order #${orderId.slice(0, 8)} and invoice ${number}`,
    );
    expect(compose('order_agency_copy', payload).subject).toContain(`invoice ${number}`);
  });

  it('queues nothing for an order it cannot invoice, nor for one it refuses', async () => {
    const { client } = await backend.newUser('nomail');
    const older = await client.rpc('place_order', { items: website, expected_total: 89900 });
    expect(await queued(older.data as string)).toEqual([]);
    const before = await queryPostgres<{ n: number }>(
      backend,
      'select count(*)::int as n from private.email_outbox',
    );
    await client.rpc('place_order', {
      items: website,
      expected_total: 89900,
      billing: { ...billing, country: 'XX' },
    });
    expect(await queryPostgres(backend, 'select count(*)::int as n from private.email_outbox')).toEqual(
      before,
    );
  });
});
