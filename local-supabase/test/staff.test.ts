// The agency's staff in the database (issue #42, supabase/migrations/20261206090000_back_office.sql), over real
// HTTP with supabase-js on both engines: staff is app_metadata.role 'staff' on a two-factor session, made and
// unmade with `npm run staff`; visitors, customers and staff on a password session get nothing from any staff
// function or table; staff read the orders desk and move an order along its status machine, each change audited,
// the customer seeing the status and receiving the e-mail; of two staff acting at once one wins and the other is
// told what changed; a removed member loses access at once.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import * as OTPAuth from 'otpauth';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { clientOptions, KINDS, mailTo, sharedBackend, type Backend } from './harness';
import { queryPostgres } from './sql';

jest.setTimeout(180_000);

const run = promisify(execFile);
const STAFF_COMMAND = path.resolve(__dirname, '../../scripts/staff.mjs');

const totp = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });

/** Signs `client` in at aal2 with its verified factor; the code of the next step, so none is used twice. */
async function secondFactor(client: SupabaseClient, factorId: string, secret: string) {
  const { data: challenge, error } = await client.auth.mfa.challenge({ factorId });
  if (error) throw error;
  const verified = await client.auth.mfa.verify({
    factorId,
    challengeId: challenge.id,
    code: totp(secret).generate({ timestamp: Date.now() + 30_000 }),
  });
  if (verified.error) throw verified.error;
}

const today = () => new Date().toISOString().slice(0, 10);
const BILLING = { name: 'Ada Lovelace', address: '1 Analytical Way', city: 'London', country: 'GB' };

/**
 * A call of every staff function (and of end_user_sessions, the service role's alone) with arguments it would
 * take: the refusal test makes each as a visitor, a customer and staff on a password session; the catalogue test
 * holds this list to every function with the staff check.
 */
const staffCalls = (orderId: string, userId: string): [string, Record<string, unknown>][] => [
  ['staff_dashboard', {}],
  ['staff_orders', {}],
  ['staff_order', { order_id: orderId }],
  [
    'staff_mark_order_paid',
    { order_id: orderId, expected_status: 'awaiting_payment', paid_on: today(), bank_reference: 'X' },
  ],
  ['staff_start_order_work', { order_id: orderId, expected_status: 'paid' }],
  ['staff_mark_order_delivered', { order_id: orderId, expected_status: 'in_progress' }],
  ['staff_cancel_order', { order_id: orderId, expected_status: 'awaiting_payment' }],
  ['staff_resend_email', { email_id: 1 }],
  ['staff_leads', { kind: 'contact_message' }],
  ['staff_mark_lead_handled', { kind: 'contact_message', lead_id: orderId }],
  ['staff_calendar', { from_day: today() }],
  ['staff_confirm_call', { meeting_id: orderId }],
  ['staff_complete_call', { meeting_id: orderId }],
  ['staff_cancel_call', { meeting_id: orderId, message: 'x' }],
  ['staff_block_time', { starts_at: '2030-01-01T00:00:00Z', ends_at: '2030-01-02T00:00:00Z' }],
  ['staff_unblock_time', { blockout_id: orderId }],
  ['staff_booking_settings', { changes: { slot_minutes: 60 } }],
  ['staff_promotions', {}],
  [
    'staff_save_promotion',
    {
      promotion_id: null,
      words: 'Hacked',
      starts_at: '2020-01-01T00:00:00Z',
      ends_at: '2040-01-01T00:00:00Z',
    },
  ],
  ['staff_end_promotion', { promotion_id: orderId }],
  ['staff_subscribers', {}],
  ['end_user_sessions', { user_id: userId }],
];

// The tables whose rows only staff may read, or no client at all (what they hold the back office shows through
// staff functions): every one gives a visitor, a customer and staff on a password session no rows. The catalogue
// test holds this list to the database's policies.
const STAFF_TABLES = [
  'booking_settings',
  'client_budgets',
  'contact_messages',
  'newsletter_subscribers',
  'order_status_changes',
  'project_requests',
];

describe.each(KINDS)('staff on %s', (kind) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await sharedBackend(kind);
  });
  afterAll(() => backend.stop());

  const staffCommand = (action: string, email: string) =>
    run(process.execPath, [STAFF_COMMAND, action, email], {
      env: {
        ...process.env,
        SUPABASE_URL: backend.server.url,
        SUPABASE_SERVICE_ROLE_KEY: backend.server.serviceRoleKey,
      },
    });

  /** A new account with a verified TOTP factor, made staff by the command: an aal2 client, and an aal1 one. */
  async function staffMember() {
    const user = await backend.newUser('staff');
    const { data: enrolled, error } = await user.client.auth.mfa.enroll({ factorType: 'totp' });
    if (error) throw error;
    const secret = enrolled.totp.secret;
    const { data: challenge } = await user.client.auth.mfa.challenge({ factorId: enrolled.id });
    const verified = await user.client.auth.mfa.verify({
      factorId: enrolled.id,
      challengeId: challenge!.id,
      code: totp(secret).generate(),
    });
    if (verified.error) throw verified.error;
    const added = await staffCommand('add', user.email);
    expect(added.stdout).toContain(`${user.email} is staff.`);
    const passwordOnly = backend.anon();
    const signedIn = await passwordOnly.auth.signInWithPassword({
      email: user.email,
      password: user.password,
    });
    if (signedIn.error) throw signedIn.error;
    return { ...user, client: user.client, passwordOnly, factorId: enrolled.id, secret };
  }

  /** A customer's order of Smart Website (€899) with billing details, so it has an invoice. */
  async function customerOrder() {
    const customer = await backend.newUser('customer');
    const { data, error } = await customer.client.rpc('place_order', {
      items: [{ service_id: 'smart-website' }],
      expected_total: 89900,
      discount_code: null,
      billing: BILLING,
    });
    if (error) throw new Error(error.message);
    return { ...customer, orderId: data as string, orderNumber: `#${(data as string).slice(0, 8)}` };
  }

  /** Sends what the outbox holds, as the scheduled sweep does, and returns the subjects `address` received. */
  async function subjectsTo(address: string) {
    const { error } = await backend.service().functions.invoke('send-emails');
    if (error) throw error;
    return (await mailTo(backend, address)).map((m) => m.subject);
  }

  let staff: Awaited<ReturnType<typeof staffMember>>;
  beforeAll(async () => {
    staff = await staffMember();
  });

  it('gives visitors, customers (even with two factors) and staff on a password session nothing', async () => {
    const { client: customer, orderId } = await customerOrder();
    const customerWith2fa = await staffMember();
    await staffCommand('remove', customerWith2fa.email);
    const fresh = backend.anon();
    await fresh.auth.signInWithPassword({ email: customerWith2fa.email, password: customerWith2fa.password });
    await secondFactor(fresh, customerWith2fa.factorId, customerWith2fa.secret);

    const calls = staffCalls(orderId, staff.id);
    const callers: [string, SupabaseClient, string[]][] = [
      ['visitor', backend.anon(), ['42501']],
      ['customer', customer, ['staff_only', '42501']],
      ['customer with two factors', fresh, ['staff_only', '42501']],
      ['staff on a password session', staff.passwordOnly, ['insufficient_aal', '42501']],
    ];
    for (const [who, client, codes] of callers) {
      for (const [name, args] of calls) {
        const { data, error, status } = await client.rpc(name, args);
        // end_user_sessions is the service role's alone: no client may even call it.
        const expected = name === 'end_user_sessions' ? ['42501'] : codes;
        expect({
          who,
          name,
          data,
          code: expected.includes(error?.code ?? '') ? 'refused' : error?.code,
        }).toEqual({
          who,
          name,
          data: null,
          code: 'refused',
        });
        expect([401, 403]).toContain(status);
      }
      for (const table of STAFF_TABLES) {
        const { data } = await client.from(table).select('*');
        expect({ who, table, rows: data ?? [] }).toEqual({ who, table, rows: [] });
      }
    }
    // Staff on a password session are asked for their code, in words.
    const aal1 = await staff.passwordOnly.rpc('staff_dashboard');
    expect(aal1.error).toMatchObject({
      code: 'insufficient_aal',
      message: 'Enter the code from your authenticator app to continue.',
    });
    expect((await backend.anon().from('order_status_changes').select('*')).error).toMatchObject({
      code: '42501',
    });
    // Nothing changed.
    expect((await customer.from('orders').select('status').single()).data).toEqual({
      status: 'awaiting_payment',
    });
  });

  it('finds orders by status, order number, customer e-mail and invoice number, newest first, a page at a time', async () => {
    const first = await customerOrder();
    const second = await customerOrder();
    const search = async (args: Record<string, unknown>) => {
      const { data, error } = await staff.client.rpc('staff_orders', args);
      expect(error).toBeNull();
      return data as { id: string; customer_email: string; invoice_number: string; total_count: number }[];
    };
    const byEmail = await search({ search: first.email.toUpperCase() });
    expect(byEmail).toEqual([
      expect.objectContaining({
        id: first.orderId,
        order_number: first.orderNumber,
        status: 'awaiting_payment',
        total_cents: 89900,
        customer_email: first.email,
        customer_name: 'Ada Lovelace',
        invoice_number: expect.stringMatching(/^\d{4}-\d{4,}$/),
        credit_note_number: null,
        total_count: 1,
      }),
    ]);
    expect((await search({ search: first.orderNumber })).map((o) => o.id)).toEqual([first.orderId]);
    expect((await search({ search: byEmail[0]!.invoice_number })).map((o) => o.id)).toEqual([first.orderId]);
    // Newest first, paged, every row counting the matches; a wildcard is only a character.
    const both = await search({ search: 'customer-', status_filter: 'awaiting_payment', page_size: 100 });
    expect(both.findIndex((o) => o.id === second.orderId)).toBeLessThan(
      both.findIndex((o) => o.id === first.orderId),
    );
    const page2 = await search({ status_filter: 'awaiting_payment', page: 2, page_size: 1 });
    expect(page2).toHaveLength(1);
    expect(page2[0]!.total_count).toBeGreaterThanOrEqual(2);
    expect(await search({ search: '%' })).toEqual([]);
    expect(await search({ search: first.email, status_filter: 'paid' })).toEqual([]);
  });

  it('marks an order paid, in progress and delivered: audited, shown to the customer, the customer e-mailed', async () => {
    const order = await customerOrder();
    const paid = await staff.client.rpc('staff_mark_order_paid', {
      order_id: order.orderId,
      expected_status: 'awaiting_payment',
      paid_on: today(),
      bank_reference: '  SEPA 2026-0042  ',
      note: 'Transfer seen on the statement',
    });
    expect(paid.error).toBeNull();
    expect(paid.data).toMatchObject({
      id: order.orderId,
      status: 'paid',
      paid_on: today(),
      payment_reference: 'SEPA 2026-0042',
      customer: { email: order.email },
      billing: expect.objectContaining({ name: 'Ada Lovelace' }),
      items: [{ service_id: 'smart-website', title: 'Smart Website', price_cents: 89900 }],
      invoice: expect.objectContaining({ number: expect.any(String), total_cents: 89900 }),
      credit_note: null,
      history: [
        {
          changed_at: expect.any(String),
          changed_by: staff.email,
          from_status: 'awaiting_payment',
          to_status: 'paid',
          note: 'Transfer seen on the statement',
        },
      ],
    });
    expect((await order.client.from('orders').select('status').single()).data).toEqual({ status: 'paid' });

    const started = await staff.client.rpc('staff_start_order_work', {
      order_id: order.orderId,
      expected_status: 'paid',
    });
    expect(started.data).toMatchObject({ status: 'in_progress' });
    const delivered = await staff.client.rpc('staff_mark_order_delivered', {
      order_id: order.orderId,
      expected_status: 'in_progress',
      note: 'Handed over',
    });
    expect(delivered.error).toBeNull();
    const history = (
      delivered.data as { history: { from_status: string; to_status: string; note: string | null }[] }
    ).history;
    expect(history.map((h) => [h.from_status, h.to_status, h.note])).toEqual([
      ['awaiting_payment', 'paid', 'Transfer seen on the statement'],
      ['paid', 'in_progress', null],
      ['in_progress', 'delivered', 'Handed over'],
    ]);
    // Staff read the trail as a table too.
    const trail = await staff.client
      .from('order_status_changes')
      .select('to_status')
      .eq('order_id', order.orderId);
    expect(trail.data).toHaveLength(3);
    expect((await order.client.from('orders').select('status').single()).data).toEqual({
      status: 'delivered',
    });

    const subjects = await subjectsTo(order.email);
    expect(subjects).toEqual(
      expect.arrayContaining([
        `We received your payment for order ${order.orderNumber}`,
        `Your order ${order.orderNumber} is delivered`,
      ]),
    );
    expect(subjects.filter((s) => s.includes('payment for order'))).toHaveLength(1);

    // What the status machine forbids stays forbidden, and a bad payment is refused in words.
    const skipped = await staff.client.rpc('staff_mark_order_paid', {
      order_id: order.orderId,
      expected_status: 'delivered',
      paid_on: today(),
      bank_reference: 'again',
    });
    expect(skipped.error).toMatchObject({
      code: '23514',
      message: 'An order cannot go from delivered to paid',
    });
    const other = await customerOrder();
    const future = await staff.client.rpc('staff_mark_order_paid', {
      order_id: other.orderId,
      expected_status: 'awaiting_payment',
      paid_on: '2999-01-01',
      bank_reference: 'X',
    });
    expect(future.error).toMatchObject({
      code: '22023',
      message: 'The day the payment arrived is today or earlier',
    });
    const blank = await staff.client.rpc('staff_mark_order_paid', {
      order_id: other.orderId,
      expected_status: 'awaiting_payment',
      paid_on: today(),
      bank_reference: '   ',
    });
    expect(blank.error).toMatchObject({ code: '22023' });
    const missing = await staff.client.rpc('staff_order', {
      order_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(missing.status).toBe(404);
    expect(missing.error).toMatchObject({ code: 'order_not_found' });
  });

  it('cancels an order with its credit note, which the customer sees and is e-mailed', async () => {
    const order = await customerOrder();
    // Paid by the fallback, the service role's update: audited without a name, e-mailed all the same.
    const paid = await backend.service().from('orders').update({ status: 'paid' }).eq('id', order.orderId);
    expect(paid.error).toBeNull();
    const cancelled = await staff.client.rpc('staff_cancel_order', {
      order_id: order.orderId,
      expected_status: 'paid',
      note: 'Customer withdrew within 14 days',
    });
    expect(cancelled.error).toBeNull();
    expect((cancelled.data as { history: unknown[] }).history).toEqual([
      expect.objectContaining({ changed_by: null, from_status: 'awaiting_payment', to_status: 'paid' }),
      expect.objectContaining({ changed_by: staff.email, from_status: 'paid', to_status: 'cancelled' }),
    ]);
    const creditNote = (cancelled.data as { credit_note: { number: string } }).credit_note.number;
    expect(creditNote).toMatch(/^CN-\d{4}-\d{4,}$/);
    expect((await order.client.from('orders').select('status').single()).data).toEqual({
      status: 'cancelled',
    });
    const seen = await order.client.from('invoices').select('number').eq('kind', 'credit_note');
    expect(seen.data).toEqual([{ number: creditNote }]);
    expect(await subjectsTo(order.email)).toEqual(
      expect.arrayContaining([
        `We received your payment for order ${order.orderNumber}`,
        `Your order ${order.orderNumber} is cancelled`,
      ]),
    );
    const text = (await mailTo(backend, order.email)).find((m) => m.subject.endsWith('is cancelled'))!.text;
    expect(text).toContain(`Its invoice is cancelled by credit note ${creditNote}.`);
  });

  it('lets one of two staff acting on one order at once win, and tells the other what changed', async () => {
    const order = await customerOrder();
    const other = await staffMember();
    const markPaid = (client: SupabaseClient, reference: string) =>
      client.rpc('staff_mark_order_paid', {
        order_id: order.orderId,
        expected_status: 'awaiting_payment',
        paid_on: today(),
        bank_reference: reference,
      });
    const answers = await Promise.all([markPaid(staff.client, 'A'), markPaid(other.client, 'B')]);
    const winners = answers.filter((a) => a.error === null);
    const losers = answers.filter((a) => a.error !== null);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(1);
    expect(losers[0]!.status).toBe(409);
    expect(losers[0]!.error).toMatchObject({
      code: 'order_changed',
      message: 'Someone else changed this order meanwhile: it is now Paid.',
      details: 'paid',
    });
    const { data } = await staff.client.rpc('staff_order', { order_id: order.orderId });
    expect((data as { history: unknown[] }).history).toHaveLength(1);
    // A stale page is refused the same way, for any action.
    const stale = await other.client.rpc('staff_cancel_order', {
      order_id: order.orderId,
      expected_status: 'awaiting_payment',
    });
    expect(stale.error).toMatchObject({ code: 'order_changed', details: 'paid' });
  });

  it('shows the start page, gives a failed e-mail another round, and marks leads handled', async () => {
    // Everything queued so far goes out, so the next claim takes only this order's e-mail.
    const order = await customerOrder();
    await subjectsTo(order.email);
    const before = (await staff.client.rpc('staff_dashboard')).data as {
      awaiting_payment: { count: number; total_cents: number };
      paid_this_month: { count: number; total_cents: number };
      unhandled_leads: { contact_messages: number; project_requests: number };
      failed_emails: { id: number; recipient: string; template: string }[];
      next_calls: unknown[];
      subscribers: number;
    };
    expect(before.awaiting_payment.count).toBeGreaterThanOrEqual(1);
    expect(before.awaiting_payment.total_cents).toBeGreaterThanOrEqual(89900);
    expect(typeof before.subscribers).toBe('number');
    expect(Array.isArray(before.next_calls)).toBe(true);

    await staff.client.rpc('staff_mark_order_paid', {
      order_id: order.orderId,
      expected_status: 'awaiting_payment',
      paid_on: today(),
      bank_reference: 'REF-2',
    });
    // The provider refuses it for good.
    const claimed = await backend.service().rpc('claim_emails', { batch_size: 50 });
    const row = (claimed.data as { id: number; recipient: string }[]).find(
      (r) => r.recipient === order.email,
    )!;
    expect(row).toBeDefined();
    await backend
      .service()
      .rpc('mark_email_failed', { email_id: row.id, error: 'Mailbox unavailable', permanent: true });

    const after = (await staff.client.rpc('staff_dashboard')).data as typeof before;
    expect(after.awaiting_payment.count).toBe(before.awaiting_payment.count - 1);
    expect(after.awaiting_payment.total_cents).toBe(before.awaiting_payment.total_cents - 89900);
    expect(after.paid_this_month.total_cents).toBe(before.paid_this_month.total_cents + 89900);
    expect(after.failed_emails).toContainEqual(
      expect.objectContaining({ id: row.id, recipient: order.email, template: 'order_paid' }),
    );

    expect((await order.client.rpc('staff_resend_email', { email_id: row.id })).error).toMatchObject({
      code: 'staff_only',
    });
    expect((await staff.client.rpc('staff_resend_email', { email_id: row.id })).error).toBeNull();
    expect(await subjectsTo(order.email)).toContain(
      `We received your payment for order ${order.orderNumber}`,
    );
    const resentAgain = await staff.client.rpc('staff_resend_email', { email_id: row.id });
    expect(resentAgain.error).toMatchObject({ code: 'email_not_failed' });
    const last = (await staff.client.rpc('staff_dashboard')).data as typeof before;
    expect(last.failed_emails.map((e) => e.id)).not.toContain(row.id);

    // A lead, newest first, until it is handled.
    const message = { name: 'Grace', email: 'grace@example.com', message: 'Please call me about a chatbot.' };
    expect((await backend.anon().from('contact_messages').insert(message)).error).toBeNull();
    const leads = await staff.client.rpc('staff_leads', { kind: 'contact_message', unhandled_only: true });
    const lead = (leads.data as { leads: { id: string; message: string; handled_at: null }[] }).leads[0]!;
    expect(lead).toMatchObject({ ...message, handled_at: null });
    const handled = await staff.client.rpc('staff_mark_lead_handled', {
      kind: 'contact_message',
      lead_id: lead.id,
    });
    expect(handled.error).toBeNull();
    expect(Date.parse(handled.data as string)).not.toBeNaN();
    const open = await staff.client.rpc('staff_leads', { kind: 'contact_message', unhandled_only: true });
    expect((open.data as { leads: { id: string }[] }).leads.map((l) => l.id)).not.toContain(lead.id);
    const dashboard = (await staff.client.rpc('staff_dashboard')).data as typeof before;
    expect(dashboard.unhandled_leads.contact_messages).toBe(
      (open.data as { total_count: number }).total_count,
    );
    // The backend is shared with the other files (data.test.ts reads the stored messages).
    await backend.service().from('contact_messages').delete().eq('id', lead.id);
  });

  it('runs the calendar: confirms, completes and cancels calls, e-mailing the booker, and blocks out a time', async () => {
    const { data: slots } = await backend.anon().rpc('available_slots');
    const free = slots as { slot_start: string; slot_end: string }[];
    // The last slots of the horizon, which the other files' bookings leave free.
    const [first, second, third] = free.slice(-3);
    const booker = `booker-${Date.now()}@example.com`;
    const book = async (slot: { slot_start: string; slot_end: string }) => {
      const { data, error } = await backend
        .service()
        .from('meetings')
        .insert({
          meeting_type: 'Discovery Call',
          scheduled_at: slot.slot_start,
          ends_at: slot.slot_end,
          status: 'requested',
          contact_name: 'Grace Hopper',
          contact_email: booker,
        })
        .select('id')
        .single();
      if (error) throw new Error(error.message);
      return data.id as string;
    };
    const callId = await book(first!);
    const day = first!.slot_start.slice(0, 10);
    const calendar = await staff.client.rpc('staff_calendar', { from_day: day, days: 2 });
    expect(calendar.error).toBeNull();
    expect((calendar.data as { calls: unknown[] }).calls).toContainEqual(
      expect.objectContaining({ id: callId, status: 'requested', name: 'Grace Hopper', email: booker }),
    );

    expect((await staff.client.rpc('staff_confirm_call', { meeting_id: callId })).data).toMatchObject({
      status: 'scheduled',
    });
    const again = await staff.client.rpc('staff_confirm_call', { meeting_id: callId });
    expect(again.status).toBe(409);
    expect(again.error).toMatchObject({ code: 'call_changed', details: 'scheduled' });
    expect((await staff.client.rpc('staff_complete_call', { meeting_id: callId })).data).toMatchObject({
      status: 'completed',
    });
    const otherId = await book(second!);
    const cancelled = await staff.client.rpc('staff_cancel_call', {
      meeting_id: otherId,
      message: '  Our consultant is ill.  ',
    });
    expect(cancelled.data).toMatchObject({ status: 'cancelled', cancelled_at: expect.any(String) });
    const subjects = await subjectsTo(booker);
    expect(subjects.some((s) => /^Your Discovery Call on .* is confirmed$/.test(s))).toBe(true);
    const cancelMail = (await mailTo(backend, booker)).find((m) => m.subject.endsWith('is cancelled'))!;
    expect(cancelMail.text).toContain('Our consultant is ill.');

    // A blocked time is offered to no one and booked by no one, until it is freed.
    const blockoutId = (
      await staff.client.rpc('staff_block_time', {
        starts_at: third!.slot_start,
        ends_at: third!.slot_end,
        reason: 'Away',
      })
    ).data as string;
    try {
      const offered = (await backend.anon().rpc('available_slots')).data as { slot_start: string }[];
      expect(offered.map((s) => s.slot_start)).not.toContain(third!.slot_start);
      const refused = await backend.anon().rpc('book_discovery_call', {
        slot_start: third!.slot_start,
        name: 'Grace Hopper',
        email: `blocked-${Date.now()}@example.com`,
      });
      expect(refused.error?.message).toMatch(/time/);
      const shown = await staff.client.rpc('staff_calendar', {
        from_day: third!.slot_start.slice(0, 10),
        days: 2,
      });
      expect((shown.data as { blockouts: unknown[] }).blockouts).toContainEqual(
        expect.objectContaining({ id: blockoutId, reason: 'Away' }),
      );
    } finally {
      await staff.client.rpc('staff_unblock_time', { blockout_id: blockoutId });
    }
    const freed = (await backend.anon().rpc('available_slots')).data as { slot_start: string }[];
    expect(freed.map((s) => s.slot_start)).toContain(third!.slot_start);
    const backwards = await staff.client.rpc('staff_block_time', {
      starts_at: third!.slot_end,
      ends_at: third!.slot_start,
    });
    expect(backwards.error).toMatchObject({ code: '23514' });
  });

  it('reads and changes the booking settings within their checks', async () => {
    const before = (await staff.client.rpc('staff_booking_settings')).data as Record<string, unknown>;
    expect(before).toMatchObject({ slot_minutes: expect.any(Number), time_zone: expect.any(String) });
    try {
      const changed = await staff.client.rpc('staff_booking_settings', { changes: { day_end: '16:00' } });
      expect(changed.data).toMatchObject({ day_end: '16:00:00', slot_minutes: before.slot_minutes });
      const wrong = await staff.client.rpc('staff_booking_settings', { changes: { day_start: '18:00' } });
      expect(wrong.error).toMatchObject({ code: '23514' });
      const unknown = await staff.client.rpc('staff_booking_settings', { changes: { time_zone: 'UTC' } });
      expect(unknown.error).toMatchObject({ code: '22023' });
    } finally {
      await staff.client.rpc('staff_booking_settings', { changes: { day_end: before.day_end } });
    }
    expect((await staff.client.rpc('staff_booking_settings')).data).toEqual(before);
  });

  it('creates, edits and ends a promotion, whose banner the public then no longer reads; exports subscribers', async () => {
    const hour = 3_600_000;
    const create = await staff.client.rpc('staff_save_promotion', {
      promotion_id: null,
      words: `Staff sale ${Date.now()}`,
      starts_at: new Date(Date.now() - hour).toISOString(),
      ends_at: new Date(Date.now() + 24 * hour).toISOString(),
    });
    expect(create.error).toBeNull();
    const promotion = create.data as { id: string; words: string; ends_at: string };
    try {
      const edited = await staff.client.rpc('staff_save_promotion', {
        promotion_id: promotion.id,
        words: 'Edited words',
        starts_at: new Date(Date.now() - hour).toISOString(),
        ends_at: promotion.ends_at,
      });
      expect(edited.data).toMatchObject({ id: promotion.id, words: 'Edited words' });
      const running = await backend.anon().from('promotions').select('id, words').eq('id', promotion.id);
      expect(running.data).toEqual([{ id: promotion.id, words: 'Edited words' }]);
      const padded = await staff.client.rpc('staff_save_promotion', {
        promotion_id: promotion.id,
        words: ' padded ',
        starts_at: new Date().toISOString(),
        ends_at: promotion.ends_at,
      });
      expect(padded.error).toMatchObject({ code: '23514' });
      const listed = (await staff.client.rpc('staff_promotions')).data as { id: string }[];
      expect(listed.map((p) => p.id)).toContain(promotion.id);
    } finally {
      expect(
        (await staff.client.rpc('staff_end_promotion', { promotion_id: promotion.id })).error,
      ).toBeNull();
    }
    expect((await backend.anon().from('promotions').select('id').eq('id', promotion.id)).data).toEqual([]);
    // The backend is shared with other files (promotions.test.ts lists every campaign): leave it as it was.
    expect((await backend.service().from('promotions').delete().eq('id', promotion.id)).error).toBeNull();

    const subscriber = `subscriber-${Date.now()}@example.com`;
    expect(
      (await backend.anon().rpc('subscribe_newsletter', { name: 'Ada', email: subscriber })).error,
    ).toBeNull();
    const { data: subscribers } = await staff.client.rpc('staff_subscribers');
    expect(subscribers).toContainEqual({ name: 'Ada', email: subscriber, subscribed_at: expect.any(String) });
    const dashboard = (await staff.client.rpc('staff_dashboard')).data as { subscribers: number };
    expect(dashboard.subscribers).toBe((subscribers as unknown[]).length);
  });

  it('gives a promotion a link the public banner reads, refusing one that could lead off the site unseen', async () => {
    const hour = 3_600_000;
    const window = {
      starts_at: new Date(Date.now() - hour).toISOString(),
      ends_at: new Date(Date.now() + hour).toISOString(),
    };
    const create = await staff.client.rpc('staff_save_promotion', {
      promotion_id: null as unknown as string,
      words: `Linked sale ${Date.now()}`,
      ...window,
      link: '/services/one-day-training',
    });
    expect(create.error).toBeNull();
    const promotion = create.data as { id: string; words: string; link: string | null };
    try {
      expect(promotion.link).toBe('/services/one-day-training');
      const read = await backend.anon().from('promotions').select('id, link').eq('id', promotion.id);
      expect(read.data).toEqual([{ id: promotion.id, link: '/services/one-day-training' }]);
      const save = (link?: string) =>
        staff.client.rpc('staff_save_promotion', {
          promotion_id: promotion.id,
          words: promotion.words,
          ...window,
          link,
        });
      // Another host ('//host', '/\host'), another scheme, spaces: refused by the table's check.
      for (const hostile of [
        '//evil.example',
        '/\\evil.example',
        'javascript:alert(1)',
        'http://plain.example',
        '/a b',
        `/${'x'.repeat(500)}`,
      ]) {
        expect({ hostile, error: (await save(hostile)).error }).toMatchObject({
          hostile,
          error: { code: '23514' },
        });
      }
      expect((await save('https://example.com/winter?utm=banner')).data).toMatchObject({
        link: 'https://example.com/winter?utm=banner',
      });
      // The old four-argument call still works: it saves the campaign without a link.
      const unlinked = await staff.client.rpc('staff_save_promotion', {
        promotion_id: promotion.id,
        words: promotion.words,
        ...window,
      });
      expect(unlinked.data).toMatchObject({ id: promotion.id, link: null });
      // Customers and visitors cannot set one: the function is staff-only (as the catalogue test checks), and the
      // table takes no writes from them.
      const forged = await backend
        .anon()
        .from('promotions')
        .update({ link: '/x' })
        .eq('id', promotion.id)
        .select();
      expect(forged.data ?? []).toEqual([]);
    } finally {
      await staff.client.rpc('staff_end_promotion', { promotion_id: promotion.id });
      // The backend is shared with other files (promotions.test.ts lists every campaign): leave it as it was.
      expect((await backend.service().from('promotions').delete().eq('id', promotion.id)).error).toBeNull();
    }
  });

  it('ends a removed member’s access at once, token or not, and signs them out', async () => {
    const member = await staffMember();
    expect((await member.client.rpc('staff_dashboard')).error).toBeNull();
    const removed = await staffCommand('remove', member.email);
    expect(removed.stdout).toContain(`${member.email} is no longer staff, and is signed out everywhere.`);
    // The access token they hold is still unexpired, and still says aal2.
    const refused = await member.client.rpc('staff_dashboard');
    expect(refused.error).toMatchObject({ code: 'staff_only' });
    expect((await member.client.auth.refreshSession()).error).not.toBeNull();
    // The command refuses an address with no account, in words.
    await expect(staffCommand('add', 'nobody-here@example.com')).rejects.toMatchObject({
      stderr: expect.stringContaining('No account has the e-mail address nobody-here@example.com'),
    });
  });

  it('has the seeded staff member of the README, with the second factor the README gives', async () => {
    const seeded = createClient(backend.server.url, backend.server.anonKey, clientOptions);
    const { error } = await seeded.auth.signInWithPassword({
      email: 'staff@example.com',
      password: 'StaffPass123',
    });
    expect(error).toBeNull();
    expect((await seeded.rpc('staff_dashboard')).error).toMatchObject({ code: 'insufficient_aal' });
    const { data: factors } = await seeded.auth.mfa.listFactors();
    await secondFactor(seeded, factors!.totp[0]!.id, 'HBBYD5GZOINQNZGUVF2Q5PTOD3KYN3MJ');
    expect((await seeded.rpc('staff_dashboard')).error).toBeNull();
  });
});

// Every function a client may call in public either checks for staff first or is one of the customers' and
// visitors' functions listed here: a new function without private.require_staff() fails this test.
const CUSTOMER_FUNCTIONS = [
  'available_slots',
  'book_discovery_call',
  'booking_link',
  'cancel_booking',
  'cancel_my_meeting',
  'claim_guest_meetings',
  'confirm_booking',
  'guest_bookings_for_account',
  'place_order',
  'quote_cart',
  'recent_purchases',
  'replace_cart',
  'resend_newsletter_code',
  'schedule_my_meeting',
  'send_booking_link',
  'subscribe_newsletter',
  'validate_discount_code',
];

describe('the catalogue of functions and tables', () => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await sharedBackend('postgres');
  });
  afterAll(() => backend.stop());

  it('has a staff check in every public function a client may call, but the customers’ own', async () => {
    const rows = await queryPostgres<{ name: string; source: string }>(
      backend,
      `select p.proname as name, p.prosrc as source
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public'
         and (has_function_privilege('anon', p.oid, 'execute')
           or has_function_privilege('authenticated', p.oid, 'execute'))`,
    );
    const unchecked = rows
      .filter((r) => !CUSTOMER_FUNCTIONS.includes(r.name))
      .filter((r) => !/^\s*(declare[\s\S]*?)?begin\s+perform private\.require_staff\(\);/i.test(r.source))
      .map((r) => r.name);
    expect(unchecked).toEqual([]);
    // The list names only functions that exist, so it cannot hide a removed one's replacement.
    const names = new Set(rows.map((r) => r.name));
    expect(CUSTOMER_FUNCTIONS.filter((name) => !names.has(name))).toEqual([]);
    expect(rows.filter((r) => r.name.startsWith('staff_')).length).toBeGreaterThanOrEqual(21);
    // The refusal test calls every function with the staff check, as each kind of non-staff caller.
    const refused = staffCalls('', '').map(([name]) => name);
    expect(
      rows
        .filter((r) => !CUSTOMER_FUNCTIONS.includes(r.name) && !refused.includes(r.name))
        .map((r) => r.name),
    ).toEqual([]);
  });

  it('lists in STAFF_TABLES every public table that no policy lets a client read, but staff', async () => {
    const rows = await queryPostgres<{ name: string }>(
      backend,
      `select c.relname as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'r'
         and not exists (
           select 1 from pg_policies p
           where p.schemaname = 'public' and p.tablename = c.relname and p.cmd in ('SELECT', 'ALL')
             and p.permissive = 'PERMISSIVE' and coalesce(p.qual, '') not like '%is_staff%')
       order by 1`,
    );
    expect(rows.map((r) => r.name)).toEqual(STAFF_TABLES);
  });
});
