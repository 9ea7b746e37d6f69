// Invoices and credit notes. The numbering under concurrency is PostgreSQL's (PGlite serialises every request);
// what a customer reads of them goes through supabase-js; the VAT rule is compared with shared-lib's on both engines.
import { Client } from 'pg';
import { company } from '../../shared-lib/src/company/company';
import { invoiceFigures, type InvoiceFiguresSource } from '../../shared-lib/src/billing/invoice-figures';
import { vatContained } from '../../shared-lib/src/pricing/pricing';
import { KINDS, sharedBackend, type Backend } from './harness';
import { queryMigrated, queryPostgres } from './sql';

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

interface InvoiceRow {
  id: string;
  kind: string;
  number: string;
  sequence: number;
  order_id: string | null;
  corrects_id: string | null;
  issued_on: string;
  due_on: string | null;
  seller: unknown;
  buyer: Record<string, unknown>;
  lines: unknown;
  subtotal_cents: number;
  discount_percent: number;
  discount_cents: number;
  total_cents: number;
  vat_rate_percent: number;
  vat_cents: number;
  service_from: string | null;
  service_to: string | null;
}

// One PostgreSQL backend for the file: the VAT check below runs a pure function on the invoices' database.

describe('invoices on postgres', () => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await sharedBackend('postgres');
  });

  const year = () => new Date().toLocaleString('en-CA', { timeZone: company.timeZone }).slice(0, 4);

  /** A new customer's order of `ids`, with billing details on it, as place_order leaves one. */
  async function order(ids: string[], expectedTotal: number) {
    const customer = await backend.newUser('invoice');
    const { data, error } = await customer.client.rpc('place_order', {
      items: ids.map((service_id) => ({ service_id })),
      expected_total: expectedTotal,
      discount_code: null,
    });
    if (error) throw new Error(error.message);
    const orderId = data as string;
    await queryPostgres(backend, 'update public.orders set billing = $2 where id = $1', [
      orderId,
      JSON.stringify(billing),
    ]);
    return { ...customer, orderId };
  }

  /** Issues the order's invoice as place_order does, and reads it back as the agency would (PostgREST's types). */
  async function issue(orderId: string): Promise<InvoiceRow> {
    const [{ id }] = (await queryPostgres<{ id: string }>(
      backend,
      'select id from private.issue_invoice($1)',
      [orderId],
    )) as [{ id: string }];
    const { data } = await backend.service().from('invoices').select('*').eq('id', id).single();
    return data as InvoiceRow;
  }

  it('numbers 20 concurrent orders’ invoices without a gap, even when some of those orders fail', async () => {
    const orders = await Promise.all(Array.from({ length: 20 }, () => order(['smart-website'], 89900)));
    const [{ last } = { last: 0 }] = await queryPostgres<{ last: number }>(
      backend,
      `select coalesce(max(sequence), 0) as last from public.invoices where kind = 'invoice' and year = $1`,
      [Number(year())],
    );
    // Each in its own transaction, all at once; every fourth takes its number and then fails (rolls back).
    const results = await Promise.all(
      orders.map(async ({ orderId }, i) => {
        const client = new Client({ connectionString: backend.databaseUrl });
        await client.connect();
        try {
          await client.query('begin');
          const { rows } = await client.query('select number from private.issue_invoice($1)', [orderId]);
          await client.query(i % 4 === 3 ? 'rollback' : 'commit');
          return i % 4 === 3 ? null : (rows[0].number as string);
        } finally {
          await client.end();
        }
      }),
    );
    const committed = results.filter((n): n is string => n !== null);
    expect(committed).toHaveLength(15);
    const stored = await queryPostgres<{ number: string; sequence: number }>(
      backend,
      `select number, sequence from public.invoices where kind = 'invoice' and year = $1 and sequence > $2
       order by sequence`,
      [Number(year()), last],
    );
    expect(stored.map((row) => row.sequence)).toEqual(Array.from({ length: 15 }, (_, i) => last + i + 1));
    expect(stored.map((row) => row.number).sort()).toEqual([...committed].sort());
    expect(stored[0]!.number).toBe(`${year()}-${String(last + 1).padStart(4, '0')}`);
  });

  it('records the seller, the buyer, the lines, the total and the VAT it contains, due in 14 days', async () => {
    // 899 + 699 + 349 = 1,947 euros; three services: 10 % off, 1,752.30 euros.
    const { client, email, orderId } = await order(['smart-website', 'chat-helper', 'smart-emails'], 175230);
    const issued = await issue(orderId);
    expect(issued).toMatchObject({
      kind: 'invoice',
      order_id: orderId,
      seller: company,
      buyer: { ...billing, email },
      lines: [
        { title: 'Smart Website', priceCents: 89900 },
        { title: 'Chat Helper', priceCents: 69900 },
        { title: 'Smart Emails', priceCents: 34900 },
      ],
      subtotal_cents: 194700,
      discount_percent: 10,
      discount_cents: 19470,
      total_cents: 175230,
      vat_rate_percent: 19,
      // 1,752.30 × 19 / 119 = 279.78 euros.
      vat_cents: 27978,
    });
    const days = (Date.parse(issued.due_on!) - Date.parse(issued.issued_on)) / 86_400_000;
    expect(days).toBe(14);

    // The customer reads it; nobody else does.
    const own = await client.from('invoices').select('number, total_cents, buyer').single();
    expect(own.data).toEqual({ number: issued.number, total_cents: 175230, buyer: { ...billing, email } });
    const other = await backend.newUser('other');
    expect((await other.client.from('invoices').select('*')).data).toEqual([]);
    expect((await backend.anon().from('invoices').select('*')).error).toMatchObject({ code: '42501' });
  });

  it('states its service period, from the order to 14 days on, which its credit note keeps; its e-mail prints the page’s figures', async () => {
    const { orderId } = await order(['smart-website', 'chat-helper'], 89900 + 69900);
    await queryPostgres(backend, 'select private.invoice_and_confirm_order($1)', [orderId]);
    const { data } = await backend.service().from('invoices').select('*').eq('order_id', orderId).single();
    const issued = data as InvoiceRow;
    expect(issued.service_from).toBe(issued.issued_on);
    expect((Date.parse(issued.service_to!) - Date.parse(issued.service_from!)) / 86_400_000).toBe(14);

    const [mail] = await queryPostgres<{ payload: { figures: unknown } }>(
      backend,
      `select payload from private.email_outbox where idempotency_key = 'order_confirmation:' || $1`,
      [orderId],
    );
    expect(mail!.payload.figures).toEqual(invoiceFigures(issued as unknown as InvoiceFiguresSource));
    expect(mail!.payload.figures).toMatchObject({
      lines: [
        { title: 'Smart Website', quantity: 1, unitCents: 89900, netCents: 75546 },
        { title: 'Chat Helper', quantity: 1, unitCents: 69900, netCents: 58739 },
      ],
      rates: [{ ratePercent: 19, netCents: 134286, vatCents: 25514, grossCents: 159800 }],
    });

    await queryPostgres(backend, `update public.orders set status = 'cancelled' where id = $1`, [orderId]);
    const { data: credit } = await backend
      .service()
      .from('invoices')
      .select('service_from, service_to')
      .eq('order_id', orderId)
      .eq('kind', 'credit_note')
      .single();
    expect(credit).toEqual({ service_from: issued.service_from, service_to: issued.service_to });
  });

  it('issues one invoice per order, and none for an order without billing details', async () => {
    const { orderId } = await order(['smart-website'], 89900);
    await issue(orderId);
    await expect(issue(orderId)).rejects.toThrow(/duplicate key value violates unique constraint/);
    const customer = await backend.newUser('nobilling');
    const { data } = await customer.client.rpc('place_order', {
      items: [{ service_id: 'smart-website' }],
      expected_total: 89900,
      discount_code: null,
    });
    await expect(issue(data as string)).rejects.toThrow(/has no billing details to invoice/);
  });

  it('credits a cancelled order’s invoice with a credit note of its own series, once', async () => {
    const { client, orderId } = await order(['chat-helper'], 69900);
    const invoice = await issue(orderId);
    const service = backend.service();
    await service.from('orders').update({ status: 'paid' }).eq('id', orderId);
    const cancelled = await service.from('orders').update({ status: 'cancelled' }).eq('id', orderId);
    expect(cancelled.error).toBeNull();
    const { data } = await client
      .from('invoices')
      .select('kind, number, corrects_id, due_on, total_cents, vat_cents')
      .order('kind');
    expect(data).toEqual([
      {
        kind: 'credit_note',
        number: expect.stringMatching(new RegExp(`^CN-${year()}-\\d{4}$`)),
        corrects_id: invoice.id,
        due_on: null,
        total_cents: 69900,
        vat_cents: invoice.vat_cents,
      },
      {
        kind: 'invoice',
        number: invoice.number,
        corrects_id: null,
        due_on: invoice.due_on,
        total_cents: 69900,
        vat_cents: invoice.vat_cents,
      },
    ]);
    // Cancelling an order that has no invoice credits nothing.
    const bare = await backend.newUser('bare');
    const placed = await bare.client.rpc('place_order', {
      items: [{ service_id: 'smart-emails' }],
      expected_total: 34900,
      discount_code: null,
    });
    expect(
      (await service.from('orders').update({ status: 'cancelled' }).eq('id', placed.data)).error,
    ).toBeNull();
    expect((await bare.client.from('invoices').select('*')).data).toEqual([]);
  });

  it('never changes, deletes or renumbers an invoice, whoever asks; one outlives its customer’s account', async () => {
    const { id, orderId } = await order(['content-maker'], 39900);
    const invoice = await issue(orderId);
    const service = backend.service();
    expect(
      (await service.from('invoices').update({ total_cents: 1 }).eq('id', invoice.id)).error,
    ).toMatchObject({
      code: '42501',
    });
    for (const sql of [
      `update public.invoices set number = '1999-0001' where id = $1`,
      `update public.invoices set total_cents = 1, subtotal_cents = 1, discount_cents = 0 where id = $1`,
      `delete from public.invoices where id = $1`,
    ]) {
      await expect(queryPostgres(backend, sql, [invoice.id])).rejects.toThrow(
        'An issued invoice cannot be changed or deleted: cancel the order to credit it',
      );
    }
    await expect(queryPostgres(backend, 'truncate public.invoices cascade')).rejects.toThrow(
      'An issued invoice cannot be changed or deleted',
    );

    // The account is deleted (as the auth server deletes a user): its order goes, its invoice stays.
    await queryPostgres(backend, 'delete from auth.users where id = $1', [id]);
    const { data: kept } = await service.from('invoices').select('*').eq('id', invoice.id).single();
    expect({ ...kept, order_id: orderId }).toEqual(invoice);
    expect(kept!.order_id).toBeNull();
  });
});

describe.each(KINDS)('the VAT an amount contains, on %s', (kind) => {
  it('is what shared-lib computes, for every total up to €5,000 and at other rates', async () => {
    const backend = kind === 'postgres' ? await sharedBackend(kind) : undefined;
    const [row] = await queryMigrated<{ vat: [number, number, number][] }>(
      kind,
      backend,
      `select json_agg(json_build_array(g, r, private.vat_contained(g, r)) order by r, g) as vat
       from generate_series(0, 500000) g, unnest(array[19, 7, 20.5]) r where g % 7 = 0 or g < 1000`,
    );
    const drift = row!.vat.filter(([gross, rate, vat]) => vatContained(gross, rate) !== vat);
    expect(drift).toEqual([]);
    expect(row!.vat.length).toBeGreaterThan(200_000);
  });
});

describe.each(KINDS)('an invoice’s figures, on %s', (kind) => {
  it('are what shared-lib computes from the stored row, an older one without a service period included', async () => {
    const backend = kind === 'postgres' ? await sharedBackend(kind) : undefined;
    const base = {
      id: '11111111-2222-4333-8444-555555555555',
      kind: 'invoice',
      number: '2026-0042',
      year: 2026,
      sequence: 42,
      issued_on: '2026-11-28',
      due_on: '2026-12-12',
      seller: {},
      buyer: {},
      vat_rate_percent: 19,
    };
    const rows: InvoiceFiguresSource[] = [
      {
        ...base,
        lines: [
          { title: 'Smart Website', priceCents: 89900 },
          { title: 'AI Chatbot', priceCents: 129900 },
        ],
        discount_percent: 10,
        discount_cents: 21980,
        total_cents: 197820,
        vat_cents: vatContained(197820, 19),
        service_from: '2026-11-28',
        service_to: '2026-12-12',
      },
      {
        ...base,
        lines: [{ title: 'Chat Helper', priceCents: 69901 }],
        discount_percent: 0,
        discount_cents: 0,
        total_cents: 69901,
        vat_rate_percent: 7,
        vat_cents: vatContained(69901, 7),
        service_from: null,
        service_to: null,
      },
    ];
    const json = JSON.stringify(rows).replaceAll('$j$', '');
    const [row] = await queryMigrated<{ figures: unknown[] }>(
      kind,
      backend,
      `select json_agg(private.invoice_figures(jsonb_populate_record(null::public.invoices, r)) order by n) as figures
       from jsonb_array_elements($j$${json}$j$::jsonb) with ordinality as t(r, n)`,
    );
    expect(row!.figures).toEqual(rows.map(invoiceFigures));
  });
});
