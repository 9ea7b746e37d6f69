// The agency confirming a discovery call (#31.4): the service role's status change queues the booker's
// confirmation and the agency's copy in its own transaction, once, in the shape send-emails renders. The outbox is
// private, so it is read beside the API on PostgreSQL.
import { compose } from '../../supabase/functions/send-emails/templates.ts';
import { sharedBackend, type Backend } from './harness';
import { queryPostgres } from './sql';

jest.setTimeout(120_000);

describe('a confirmed call on postgres', () => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await sharedBackend('postgres');
  });
  afterAll(() => backend.stop());

  const queued = (meetingId: string) =>
    queryPostgres<{ template: string; recipient: string; payload: Record<string, unknown> }>(
      backend,
      `select template, recipient, payload from private.email_outbox
       where idempotency_key like '%:' || $1 order by template`,
      [meetingId],
    );

  /**
   * A call booked for a day next year, as book_discovery_call leaves it: requested, with the booker's details. Each
   * call takes the next half hour (random times overlapped now and then: the calendar refuses double bookings).
   */
  let calls = 0;
  async function booked(details: Record<string, unknown> = {}) {
    const start = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 2, 3, 9, 30 * calls++));
    const { data, error } = await backend
      .service()
      .from('meetings')
      .insert({
        meeting_type: 'Discovery Call',
        scheduled_at: start.toISOString(),
        ends_at: new Date(start.getTime() + 30 * 60_000).toISOString(),
        status: 'requested',
        contact_name: 'Grace Hopper',
        contact_email: 'grace@example.com',
        ...details,
      })
      .select('id')
      .single();
    if (error) throw new Error(error.message);
    return data.id as string;
  }
  const confirm = (id: string, status = 'scheduled') =>
    backend.service().from('meetings').update({ status }).eq('id', id);

  it('queues the booker’s confirmation and the agency’s copy when the agency confirms, once', async () => {
    const id = await booked();
    expect(await queued(id)).toEqual([]);
    expect((await confirm(id)).error).toBeNull();
    // Confirming again changes nothing.
    expect((await confirm(id)).error).toBeNull();
    const [{ email_contact }] = (await queryPostgres<{ email_contact: string }>(
      backend,
      'select email_contact from private.company_details',
    )) as [{ email_contact: string }];
    const rows = await queued(id);
    expect(rows.map(({ template, recipient }) => ({ template, recipient }))).toEqual([
      { template: 'call_confirmed', recipient: 'grace@example.com' },
      { template: 'call_confirmed_agency_copy', recipient: email_contact },
    ]);
    expect(rows[0]!.payload).toMatchObject({
      meetingId: id,
      meetingType: 'Discovery Call',
      timeZone: 'Europe/Berlin',
      name: 'Grace Hopper',
      email: 'grace@example.com',
      seller: expect.objectContaining({ legalName: 'AI Made Simple GmbH' }),
    });
    expect(compose('call_confirmed', rows[0]!.payload).subject).toMatch(
      /^Your Discovery Call on .* is confirmed$/,
    );
    expect(compose('call_confirmed_agency_copy', rows[1]!.payload).subject).toMatch(
      /^Confirmed: Discovery Call with Grace Hopper, /,
    );
  });

  it('queues nothing for another status, nor for a meeting without a time or an address', async () => {
    const cancelled = await booked();
    await confirm(cancelled, 'cancelled');
    expect(await queued(cancelled)).toEqual([]);
    const unscheduled = await booked({ scheduled_at: null, ends_at: null });
    await confirm(unscheduled);
    expect(await queued(unscheduled)).toEqual([]);
  });
});
