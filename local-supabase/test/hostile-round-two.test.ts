// What a hostile client met in round two (issue #44), closed, over real HTTP with supabase-js on both engines, with
// send-emails running under Deno: an account's orders within its budget and its cap of unpaid orders (and the
// invoice register and the outbox growing by no more), budgets per account rather than per network, a booking for
// another address made a guest's, one normalisation of what a customer types (so every accepted order's e-mails
// are sent), e-mails given up reported to the agency, and the same answer for any address asking for its code.
import fc from 'fast-check';
import type { SupabaseClient } from '@supabase/supabase-js';
import { normalisedText, trimSpaces } from '../../supabase/functions/send-emails/plain-text.ts';
import { KINDS, mailTo, projectWithFixtures, removeProject, startBackend, type Backend } from './harness';

jest.setTimeout(240_000);

// One statement beside the API, for what no client may read (the outbox, the private functions), on both engines.
const FIXTURES = `
create function public.test_sql(statement text) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare result jsonb;
begin
  execute format('select coalesce(jsonb_agg(q), ''[]'') from (%s) q', statement) into result;
  return result;
end $$;
revoke execute on function public.test_sql(text) from public, anon, authenticated;
grant execute on function public.test_sql(text) to service_role;
create function public.test_exec(statement text) returns void
language plpgsql security definer set search_path = '' as $$
begin
  execute statement;
end $$;
revoke execute on function public.test_exec(text) from public, anon, authenticated;
grant execute on function public.test_exec(text) to service_role;
`;

const BILLING = { name: 'Ada Lovelace', address: 'Example Street 12', city: 'Berlin', country: 'DE' };
const OVER_BUDGET = { code: 'over_request_rate_limit' };
// The 429's words say what was counted: the signed-in caller's account, else the anonymous caller's address.
const FROM_ACCOUNT = 'Too many requests from your account. Please wait and try again.';
const FROM_NETWORK = 'Too many requests from your network. Please wait and try again.';

describe.each(KINDS)('hostile clients, round two, on %s', (kind) => {
  let backend: Backend;
  let dir: string;
  let slots: string[] = [];
  beforeAll(async () => {
    dir = projectWithFixtures('hostile-two', FIXTURES);
    backend = await startBackend(kind, { SUPABASE_DIR: dir });
    const open = { weekdays: [1, 2, 3, 4, 5, 6, 7], day_start: '00:00', day_end: '23:30' };
    expect((await backend.service().from('booking_settings').update(open).eq('id', true)).error).toBeNull();
    slots = ((await backend.anon().rpc('available_slots')).data as { slot_start: string }[]).map(
      (s) => s.slot_start,
    );
  });
  afterAll(async () => {
    await backend?.stop();
    removeProject(dir);
  });

  async function sql<T = Record<string, unknown>>(statement: string): Promise<T[]> {
    const { data, error } = await backend.service().rpc('test_sql', { statement });
    if (error) throw new Error(`${statement}: ${error.message}`);
    return data as T[];
  }
  async function exec(statement: string) {
    const { error } = await backend.service().rpc('test_exec', { statement });
    if (error) throw new Error(`${statement}: ${error.message}`);
  }
  async function setBudget(action: string, values: Record<string, number | null>) {
    const { error } = await backend.service().from('client_budgets').update(values).eq('action', action);
    expect(error).toBeNull();
  }
  const sendAll = async () => {
    const { data, error } = await backend.service().functions.invoke('send-emails');
    expect(error).toBeNull();
    return data as { sent: number; failed: number };
  };
  let nextSlot = 40;
  const slot = () => slots[(nextSlot += 1)]!;
  const order = (client: SupabaseClient, billing: unknown = BILLING) =>
    client.rpc('place_order', {
      items: [{ service_id: 'smart-website' }],
      expected_total: 89900,
      discount_code: null,
      billing,
    });

  describe('orders within reason', () => {
    afterEach(async () => {
      await setBudget('order', { max_uses: 1_000_000 });
      await setBudget('unpaid_order', { max_uses: 1_000_000 });
    });

    it("gives one account's burst of 30 orders its budget and no more; the invoices and the outbox grow by that budget", async () => {
      // The migration's order budget; the cap of unpaid orders out of the way (the next test has it).
      await setBudget('order', { max_uses: 10 });
      await setBudget('unpaid_order', { max_uses: 1_000_000 });
      const { client, id, email } = await backend.newUser('burst');
      const invoicesBefore = (await sql<{ n: number }>('select count(*)::int as n from public.invoices'))[0]!
        .n;
      const outboxBefore = (
        await sql<{ n: number }>('select count(*)::int as n from private.email_outbox')
      )[0]!.n;
      // At once on PostgreSQL; one after another on PGlite, which serialises requests anyway.
      let answers: Awaited<ReturnType<typeof order>>[] = [];
      if (kind === 'postgres') answers = await Promise.all(Array.from({ length: 30 }, () => order(client)));
      else for (let i = 0; i < 30; i += 1) answers.push(await order(client));
      expect(answers.filter((a) => a.error === null)).toHaveLength(10);
      const refused = answers.filter((a) => a.error !== null);
      expect(refused).toHaveLength(20);
      for (const { error, status } of refused) {
        expect(status).toBe(429);
        expect(error).toMatchObject({ ...OVER_BUDGET, message: FROM_ACCOUNT });
      }
      const mine = await sql<{ n: number }>(
        `select count(*)::int as n from public.orders where user_id = '${id}'`,
      );
      expect(mine[0]!.n).toBe(10);
      expect((await sql<{ n: number }>('select count(*)::int as n from public.invoices'))[0]!.n).toBe(
        invoicesBefore + 10,
      );
      // Two e-mails per order: the confirmation and the agency's copy.
      expect((await sql<{ n: number }>('select count(*)::int as n from private.email_outbox'))[0]!.n).toBe(
        outboxBefore + 20,
      );
      expect(
        (
          await sql<{ n: number }>(
            `select count(*)::int as n from private.email_outbox where recipient = '${email}'`,
          )
        )[0]!.n,
      ).toBe(10);
    });

    it('caps the orders awaiting payment: the fourth is told how out, and a paid one frees its place', async () => {
      await setBudget('unpaid_order', { max_uses: 3 });
      const { client, id } = await backend.newUser('unpaid');
      for (let i = 0; i < 3; i += 1) expect((await order(client)).error).toBeNull();
      const fourth = await order(client);
      expect(fourth.status).toBe(409);
      expect(fourth.error).toMatchObject({
        code: 'too_many_unpaid_orders',
        message: 'You have 3 orders awaiting payment: pay one, or ask us to cancel it',
      });
      expect(
        (await sql<{ n: number }>(`select count(*)::int as n from public.orders where user_id = '${id}'`))[0]!
          .n,
      ).toBe(3);
      const [first] = await sql<{ id: string }>(
        `select id from public.orders where user_id = '${id}' limit 1`,
      );
      expect(
        (await backend.service().from('orders').update({ status: 'paid' }).eq('id', first!.id)).error,
      ).toBeNull();
      expect((await order(client)).error).toBeNull();
    });
  });

  it('counts a signed-in customer against their account, an anonymous call against its address', async () => {
    await setBudget('booking', { max_uses: 1, address_max_uses: 2 });
    try {
      const at = '127.0.0.91';
      const signIn = async () => {
        const user = await backend.newUser('office');
        const client = backend.anonFrom(at);
        expect(
          (await client.auth.signInWithPassword({ email: user.email, password: user.password })).error,
        ).toBeNull();
        return { ...user, client };
      };
      const book = (client: ReturnType<Backend['anon']>, email: string) =>
        client.rpc('book_discovery_call', { slot_start: slot(), name: 'Grace', email });
      // Two colleagues behind one address each have their account's budget...
      const a = await signIn();
      const b = await signIn();
      expect((await book(a.client, a.email)).error).toBeNull();
      expect((await book(b.client, b.email)).error).toBeNull();
      // ...spent by their own bookings only...
      expect((await book(a.client, `a-again-${kind}@example.com`)).error).toMatchObject({
        ...OVER_BUDGET,
        message: FROM_ACCOUNT,
      });
      // ...and the anonymous visitors there still have the address's budget.
      const guest = backend.anonFrom(at);
      expect((await book(guest, `guest1-${kind}@example.com`)).error).toBeNull();
      expect((await book(guest, `guest2-${kind}@example.com`)).error).toBeNull();
      expect((await book(guest, `guest3-${kind}@example.com`)).error).toMatchObject({
        ...OVER_BUDGET,
        message: FROM_NETWORK,
      });
    } finally {
      await setBudget('booking', { max_uses: 1_000_000, address_max_uses: 1_000_000 });
    }
  });

  it('makes a signed-in booking for another address a guest booking: a hold, the link only, no note, not in the account', async () => {
    const a = await backend.newUser('booker');
    const stranger = `stranger-${kind}-${Date.now()}@example.com`;
    const note = 'Please wire money to http://evil.example';
    const { data, error } = await a.client.rpc('book_discovery_call', {
      slot_start: slot(),
      name: 'Your bank',
      email: stranger,
      note,
    });
    expect(error).toBeNull();
    const [meeting] = await sql<{ user_id: string | null; held: boolean; confirmed: boolean }>(
      `select user_id, hold_expires_at is not null as held, confirmed_at is not null as confirmed
       from public.meetings where id = '${data as string}'`,
    );
    expect(meeting).toEqual({ user_id: null, held: true, confirmed: false });
    expect((await a.client.from('meetings').select('id')).data).toEqual([]);
    await sendAll();
    const [mail, ...more] = await mailTo(backend, stranger);
    expect(more).toEqual([]);
    expect(mail!.subject).toMatch(/^Please confirm your Discovery Call on /);
    for (const part of [mail!.text, mail!.html]) {
      expect(part).not.toMatch(/Your bank|wire money|evil/);
    }
    expect(mail!.links.filter((link) => link.includes('/booking?token='))).toHaveLength(1);
    // Its own address, whatever its capitals: the account's booking, confirmed, with the booker's own words.
    const own = await a.client.rpc('book_discovery_call', {
      slot_start: slot(),
      name: 'Ada',
      email: a.email.toUpperCase(),
      note: 'About a chatbot',
    });
    expect(own.error).toBeNull();
    const [mine] = await sql<{ user_id: string; confirmed: boolean }>(
      `select user_id, confirmed_at is not null as confirmed from public.meetings where id = '${own.data as string}'`,
    );
    expect(mine).toEqual({ user_id: a.id, confirmed: true });
  });

  describe('one normalisation of what a customer types', () => {
    it('billing: untrimmed (of any space), control characters and non-strings refused; every accepted order e-mailed', async () => {
      const { client, id, email } = await backend.newUser('typed');
      const refusals: [unknown, string][] = [
        [{ ...BILLING, name: '\u00a0', address: '\u3000', city: '\u2003' }, '23514'],
        [{ ...BILLING, name: '\u00a0Ada\u3000' }, '23514'],
        [{ ...BILLING, address: '\ufeffExample Street 12' }, '23514'],
        [{ ...BILLING, name: 'Ada\r\nBcc: x@example.com' }, '23514'],
        [{ ...BILLING, city: 'Ber\u0007lin' }, '23514'],
        [{ ...BILLING, name: 123 }, '22023'],
        [{ ...BILLING, name: { a: 1 } }, '22023'],
        [{ ...BILLING, name: [1, 2] }, '22023'],
      ];
      for (const [billing, code] of refusals) {
        const { error, status } = await order(client, billing);
        expect([JSON.stringify(billing), status, error?.code]).toEqual([JSON.stringify(billing), 400, code]);
      }
      expect(
        (await sql<{ n: number }>(`select count(*)::int as n from public.orders where user_id = '${id}'`))[0]!
          .n,
      ).toBe(0);
      // The same billing details straight into Profile's table: refused alike.
      const direct = await client
        .from('billing_details')
        .upsert({ user_id: id, ...BILLING, name: 'Ad\u0085a' });
      expect(direct.error?.code).toBe('23514');

      // Letters of any script are fine, and so is what looks like a link: the e-mails defuse it.
      const accepted = await order(client, {
        ...BILLING,
        name: 'Zoë Ångström-Łukasz',
        address: 'Straße 12, see evil.example',
      });
      expect(accepted.error).toBeNull();
      const [stored] = await sql<{ billing: Record<string, unknown> }>(
        `select billing from public.orders where id = '${accepted.data as string}'`,
      );
      expect(stored!.billing).toMatchObject({
        name: 'Zoë Ångström-Łukasz',
        address: 'Straße 12, see evil.example',
      });
      const summary = await sendAll();
      expect(summary.failed).toBe(0);
      const [confirmation] = (await mailTo(backend, email)).filter((m) => m.subject.startsWith('Your order'));
      expect(confirmation!.text).toContain(
        'Name: Zoë Ångström-Łukasz\nAddress: Straße 12, see evil[.]example, Berlin',
      );
    });

    it('bookings: name and note trimmed of any space; a name with a line break or control character refused, a note may span lines', async () => {
      const book = (name: string, note: string | null) =>
        backend.anon().rpc('book_discovery_call', {
          slot_start: slot(),
          name,
          email: `typed-${kind}-${Math.random().toString(36).slice(2)}@example.com`,
          note,
        });
      for (const name of [
        'Grace\r\nBcc: x@example.com',
        'Gr\u0007ace',
        '\u00a0\u3000',
        'Grace\u2028Hopper',
      ]) {
        const { error } = await book(name, null);
        expect([JSON.stringify(name), error?.code]).toEqual([JSON.stringify(name), '23514']);
      }
      const fine = await book('\u00a0Grace Hopper\u3000', 'first line\nsecond line\u2003');
      expect(fine.error).toBeNull();
      const [meeting] = await sql<{ contact_name: string; notes: string }>(
        `select contact_name, notes from public.meetings where id = '${fine.data as string}'`,
      );
      expect(meeting).toEqual({ contact_name: 'Grace Hopper', notes: 'first line\nsecond line' });
    });

    it("is the rule send-emails' templates apply (plain-text.ts), for any text", async () => {
      const spacey = fc.constantFrom(
        ' ',
        '\t',
        '\n',
        '\r',
        '\u00a0',
        '\u3000',
        '\u2003',
        '\ufeff',
        '\u2028',
        '\u0085',
      );
      const control = fc.constantFrom('\u0001', '\u0007', '\u001b', '\u007f', '\u009b', '\r\n');
      const piece = fc.oneof(spacey, control, fc.string({ maxLength: 4 }), fc.constantFrom('Ada', 'é', '😀'));
      // PostgreSQL text holds no NUL: both sides refuse it (plain-text.ts as a control character).
      const values = fc.sample(
        fc.array(piece, { maxLength: 6 }).map((parts) => parts.join('').replaceAll('\u0000', '')),
        { numRuns: 150, seed: 20261206 },
      );
      const rows = await sql<{ i: number; trimmed: string; single: boolean; multi: boolean }>(
        `select v.i, private.trim_spaces(v.t) as trimmed,
           private.is_plain_text(private.trim_spaces(v.t)) as single,
           private.is_plain_text(private.trim_spaces(v.t), true) as multi
         from jsonb_array_elements_text('${JSON.stringify(values).replaceAll("'", "''")}'::jsonb)
           with ordinality as v(t, i) order by v.i`,
      );
      const expected = values.map((value, index) => {
        const single = normalisedText(value);
        const multi = normalisedText(value, { multiline: true });
        return {
          i: index + 1,
          trimmed: trimSpaces(value),
          single: single.ok,
          multi: multi.ok,
        };
      });
      expect(rows).toEqual(expected);
    });
  });

  it('reports an e-mail the outbox gave up on to the agency, once, and never reports a report', async () => {
    const to = `gone-${kind}-${Date.now()}@example.com`;
    await sql(
      `select private.enqueue_email('newsletter_code', '${to}', '{"name":"Ada"}'::jsonb, 'broken:${to}') is null as queued`,
    );
    await sendAll();
    // The report is queued by the failure; the next run sends it.
    await sendAll();
    const [agency] = await sql<{ email_contact: string }>(
      'select email_contact from private.company_details',
    );
    const reports = (await mailTo(backend, agency!.email_contact)).filter((m) =>
      m.text.includes(`broken:${to}`),
    );
    expect(reports).toHaveLength(1);
    expect(reports[0]!.subject).toBe(`Not sent: the discount code to ${to}`);
    expect(reports[0]!.text).toContain('Reason: payload of newsletter_code does not fit: code:');
    const [report] = await sql<{ n: number }>(
      `select count(*)::int as n from private.email_outbox where idempotency_key like 'delivery_failed:%'
         and payload ->> 'reference' = 'broken:${to}'`,
    );
    expect(report!.n).toBe(1);
  });

  it('answers an unknown address as a subscribed one: null, then the same 429 within the day', async () => {
    const known = `known-${kind}-${Date.now()}@example.com`;
    expect(
      (await backend.anon().rpc('subscribe_newsletter', { name: 'Ada', email: known })).error,
    ).toBeNull();
    const unknown = `unknown-${kind}-${Date.now()}@example.com`;
    const answers = [];
    for (const email of [known, unknown, known, unknown]) {
      const { data, error, status } = await backend
        .anonFrom('127.0.0.92')
        .rpc('resend_newsletter_code', { email });
      answers.push({ data, status, code: error?.code ?? null, message: error?.message ?? null });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[2]).toEqual(answers[3]);
    expect(answers[2]).toMatchObject({ status: 429, code: 'code_recently_sent' });
  });

  it('reports an e-mail given up after its 23 hours to the agency too, once', async () => {
    const to = `aged-${kind}-${Date.now()}@example.com`;
    const key = `aged:${to}`;
    await sql(
      `select private.enqueue_email('newsletter_code', '${to}', '{"name":"Ada","code":"ADA123XYZ"}'::jsonb, '${key}') is null as queued`,
    );
    // Tried once a day ago, its wait over: claim_emails will not try it again.
    await exec(
      `update private.email_outbox set attempts = 1, last_error = '503 application_error: down',
         created_at = now() - interval '24 hours', claimed_until = now() - interval '1 minute'
       where idempotency_key = '${key}'`,
    );
    await sendAll();
    await sendAll();
    const [agency] = await sql<{ email_contact: string }>(
      'select email_contact from private.company_details',
    );
    const reports = (await mailTo(backend, agency!.email_contact)).filter((m) => m.text.includes(key));
    expect(reports).toHaveLength(1);
    expect(reports[0]!.subject).toBe(`Not sent: the discount code to ${to}`);
    expect(reports[0]!.text).toContain('Reason: Given up after 23 hours: 503 application_error: down');
    // Never sent to the customer, and given up for good (the back office lists it; its resend starts again).
    expect(await mailTo(backend, to)).toEqual([]);
    const [row] = await sql<{ given_up: boolean; attempts: number }>(
      `select claimed_until = 'infinity' as given_up, attempts from private.email_outbox
       where idempotency_key = '${key}'`,
    );
    expect(row).toEqual({ given_up: true, attempts: 1 });
    const [report] = await sql<{ n: number }>(
      `select count(*)::int as n from private.email_outbox where payload ->> 'reference' = '${key}'`,
    );
    expect(report!.n).toBe(1);
  });

  it('prunes the record of addresses asked for their code once its day is over', async () => {
    const stamp = `${kind}-${Date.now()}`;
    const old = `old-${stamp}@example.com`;
    const recent = `recent-${stamp}@example.com`;
    const asked = `asked-${stamp}@example.com`;
    await exec(
      `insert into private.newsletter_code_resends (address, sent_at) values
         ('${old}', now() - interval '1 day 1 minute'), ('${recent}', now() - interval '23 hours')`,
    );
    const { error } = await backend.anonFrom('127.0.0.93').rpc('resend_newsletter_code', { email: asked });
    expect(error).toBeNull();
    const kept = await sql<{ address: string }>(
      `select address from private.newsletter_code_resends where address like '%-${stamp}@example.com'
       order by address`,
    );
    expect(kept.map((r) => r.address)).toEqual([asked, recent]);
    // Nothing older than a day is left, whoever recorded it.
    const [stale] = await sql<{ n: number }>(
      `select count(*)::int as n from private.newsletter_code_resends where sent_at <= now() - interval '1 day'`,
    );
    expect(stale!.n).toBe(0);
  });
});
