// Meetings a customer can act on (issue #45.6), over real HTTP with supabase-js on both engines: cancelling the
// account's upcoming call from Meetings by the e-mailed link's rules (the slot is free again for others at once,
// again is the same answer, the agency is told once, nobody else's call), picking a time for a call the account
// requested without one (a taken slot is refused; one of two at once gets it), and the booker's time zone, named
// by the page in PostgREST's `Prefer: timezone=`, stored with the booking and named in its e-mails.
import type { SupabaseClient } from '@supabase/supabase-js';
import { KINDS, mailTo, sharedBackend, type Backend, type InboxMessage } from './harness';

jest.setTimeout(180_000);

interface Slot {
  slot_start: string;
  slot_end: string;
}

const AGENCY = 'hello@shop.example.com';
const TAKEN = 'Sorry, that time has just been booked. Please choose another time.';

describe.each(KINDS)('meetings a customer acts on, on %s', (kind) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await sharedBackend(kind);
  });
  afterAll(() => backend?.stop());

  const freeSlots = async () => {
    const { data, error } = await backend.anon().rpc('available_slots');
    expect(error).toBeNull();
    return (data as Slot[]).map((s) => new Date(s.slot_start).toISOString());
  };
  // From the end of the grid, two apart: clear of the slots other files of this backend take from its start.
  let next = 0;
  const aSlot = async () => {
    const slots = await freeSlots();
    return slots[slots.length - 1 - (next += 2)]!;
  };

  async function inbox(address: string): Promise<InboxMessage[]> {
    expect((await backend.anon().functions.invoke('send-emails')).error).toBeNull();
    return mailTo(backend, address);
  }

  /** An account's own booking, made while signed in, from a page in `zone`. */
  async function bookAs(client: SupabaseClient, email: string, slot: string, zone?: string) {
    const call = client.rpc('book_discovery_call', { slot_start: slot, name: 'Ada Account', email });
    const { data, error } = await (zone ? call.setHeader('Prefer', `timezone=${zone}`) : call);
    expect(error).toBeNull();
    return data as string;
  }

  const row = async (id: string) =>
    (
      await backend
        .service()
        .from('meetings')
        .select('status, cancelled_at, time_zone, scheduled_at, contact_email')
        .eq('id', id)
        .single()
    ).data!;

  it('cancels the account’s upcoming call: the slot is free for others at once, again is the same answer, the agency is told once', async () => {
    const ada = await backend.newUser('cancel');
    const slot = await aSlot();
    const id = await bookAs(ada.client, ada.email, slot);
    expect(await freeSlots()).not.toContain(slot);

    // Nobody else cancels it: not another account, not a guest.
    const other = await backend.newUser('other');
    const foreign = await other.client.rpc('cancel_my_meeting', { meeting_id: id });
    expect(foreign.status).toBe(404);
    expect(foreign.error).toMatchObject({
      code: 'meeting_unknown',
      message: 'We could not find this call in your account.',
    });
    // A guest may not call it at all.
    expect((await backend.anon().rpc('cancel_my_meeting', { meeting_id: id })).error).toMatchObject({
      code: '42501',
    });
    expect((await row(id)).status).toBe('requested');

    const first = await ada.client.rpc('cancel_my_meeting', { meeting_id: id });
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({ state: 'cancelled', meetingType: 'Discovery Call' });
    expect((await row(id)).status).toBe('cancelled');
    const again = await ada.client.rpc('cancel_my_meeting', { meeting_id: id });
    expect(again.data).toEqual(first.data);

    expect(await freeSlots()).toContain(slot);
    const guest = `after-cancel-${kind}-${Date.now()}@example.com`;
    const { error } = await backend
      .anon()
      .rpc('book_discovery_call', { slot_start: slot, name: 'Grace Guest', email: guest });
    expect(error).toBeNull();

    await inbox(ada.email);
    const told = (await mailTo(backend, AGENCY)).filter(
      (m) => m.subject.startsWith('Cancelled:') && m.text.includes(ada.email),
    );
    expect(told).toHaveLength(1);
  });

  it('cancels a call the agency entered without contact details, telling the agency whose it was', async () => {
    const ada = await backend.newUser('entered');
    const slot = await aSlot();
    const { data } = await backend
      .service()
      .from('meetings')
      .insert({
        user_id: ada.id,
        meeting_type: '30-Day Success Call',
        scheduled_at: slot,
        status: 'scheduled',
      })
      .select('id')
      .single();
    const cancelled = await ada.client.rpc('cancel_my_meeting', { meeting_id: data!.id });
    expect(cancelled.data).toMatchObject({ state: 'cancelled', meetingType: '30-Day Success Call' });
    await inbox(ada.email);
    const told = (await mailTo(backend, AGENCY)).filter(
      (m) => m.subject.startsWith('Cancelled: 30-Day Success Call') && m.text.includes(ada.email),
    );
    expect(told).toHaveLength(1);
  });

  it('refuses to cancel a call that has passed', async () => {
    const ada = await backend.newUser('past');
    const { data } = await backend
      .service()
      .from('meetings')
      .insert({
        user_id: ada.id,
        meeting_type: 'Discovery Call',
        scheduled_at: '2020-03-03T09:00:00Z',
        ends_at: '2020-03-03T09:30:00Z',
        status: 'completed',
        contact_name: 'Ada',
        contact_email: ada.email,
      })
      .select('id')
      .single();
    const past = await ada.client.rpc('cancel_my_meeting', { meeting_id: data!.id });
    expect(past.status).toBe(410);
    expect(past.error).toMatchObject({ code: 'meeting_not_upcoming' });
    expect((await row(data!.id)).status).toBe('completed');
  });

  /** A call the agency entered for the account without a time, as the demo's "Not scheduled yet". */
  async function requested(userId: string) {
    const { data, error } = await backend
      .service()
      .from('meetings')
      .insert({ user_id: userId, meeting_type: 'AI Strategy Call', status: 'requested' })
      .select('id')
      .single();
    expect(error).toBeNull();
    return data!.id as string;
  }

  it('books a time for a requested call in the booker’s zone, e-mails the receipt naming that zone, and refuses a taken slot', async () => {
    const ada = await backend.newUser('pick');
    const id = await requested(ada.id);
    const slot = await aSlot();
    const picked = await ada.client
      .rpc('schedule_my_meeting', { meeting_id: id, slot_start: slot })
      .setHeader('Prefer', 'timezone=America/New_York');
    expect(picked.error).toBeNull();
    expect(picked.data).toMatchObject({ state: 'confirmed', meetingType: 'AI Strategy Call' });
    expect(await row(id)).toMatchObject({
      status: 'requested',
      time_zone: 'America/New_York',
      contact_email: ada.email,
    });
    expect(new Date((await row(id)).scheduled_at as string).toISOString()).toBe(slot);
    expect(await freeSlots()).not.toContain(slot);

    const [receipt] = await inbox(ada.email);
    expect(receipt!.text).toContain('(America/New York)');
    expect(receipt!.links.some((link) => link.includes('/booking?token='))).toBe(true);

    // It has a time now; another account's requested call cannot take the same slot.
    const again = await ada.client.rpc('schedule_my_meeting', { meeting_id: id, slot_start: slot });
    expect(again.status).toBe(409);
    expect(again.error).toMatchObject({ code: 'meeting_has_time' });
    const bob = await backend.newUser('pick-taken');
    const bobs = await requested(bob.id);
    const taken = await bob.client.rpc('schedule_my_meeting', { meeting_id: bobs, slot_start: slot });
    expect(taken.error).toMatchObject({ message: TAKEN });
    const notOnGrid = await bob.client.rpc('schedule_my_meeting', {
      meeting_id: bobs,
      slot_start: new Date(Date.parse(slot) + 60_000).toISOString(),
    });
    expect(notOnGrid.error?.message).toBe(
      'That time cannot be booked. Please choose one of the times shown.',
    );
    expect((await ada.client.rpc('schedule_my_meeting', { meeting_id: bobs, slot_start: slot })).status).toBe(
      404,
    );
  });

  it('gives one of two accounts picking the same slot at once the time, and the other the taken words', async () => {
    const [ann, ben] = await Promise.all([backend.newUser('race-a'), backend.newUser('race-b')]);
    const [annCall, benCall] = await Promise.all([requested(ann.id), requested(ben.id)]);
    const slot = await aSlot();
    const answers = await Promise.all([
      ann.client.rpc('schedule_my_meeting', { meeting_id: annCall, slot_start: slot }),
      ben.client.rpc('schedule_my_meeting', { meeting_id: benCall, slot_start: slot }),
    ]);
    expect(answers.filter((a) => a.error === null)).toHaveLength(1);
    expect(answers.filter((a) => a.error?.message === TAKEN)).toHaveLength(1);
  });

  it('stores the booking page’s zone with a booking and names it in the receipt; without one, the agency’s', async () => {
    const ada = await backend.newUser('zone');
    const id = await bookAs(ada.client, ada.email, await aSlot(), 'Asia/Tokyo');
    expect((await row(id)).time_zone).toBe('Asia/Tokyo');
    const [receipt] = await inbox(ada.email);
    expect(receipt!.text).toContain('(Asia/Tokyo)');
    expect((await backend.anon().rpc('cancel_my_meeting', { meeting_id: id })).error).not.toBeNull();

    const bob = await backend.newUser('zone-none');
    const plain = await bookAs(bob.client, bob.email, await aSlot());
    expect((await row(plain)).time_zone).toBe('Europe/Berlin');
    // A zone PostgreSQL does not know is ignored, as PostgREST ignores it.
    const cyd = await backend.newUser('zone-bad');
    const bad = await bookAs(cyd.client, cyd.email, await aSlot(), 'Mars/Olympus');
    expect((await row(bad)).time_zone).toBe('Europe/Berlin');
  });
});
