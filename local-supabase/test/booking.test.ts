// Booking a discovery call (issue #21): the free slots under the agency's rules, atomic booking, the row-level
// security around meetings, hostile input; a guest's booking that joins no account by its address alone, and one
// upcoming call per address and per account (issue #30). Over real HTTP with supabase-js, on both engines.
//
// The database's clock is the real one, so the expected slots are computed here from the same rules at the moment
// of the call (an oracle written independently of the SQL), and tests that need a slot inside the notice period
// first open every hour of every day, so they pass on any day of the week at any time.
import { Client } from 'pg';
import { KINDS, mailTo, sharedBackend, type Backend } from './harness';

jest.setTimeout(120_000);

interface Settings {
  slot_minutes: number;
  weekdays: number[];
  day_start: string;
  day_end: string;
  time_zone: string;
  horizon_days: number;
  min_notice_minutes: number;
}
interface Slot {
  slot_start: string;
  slot_end: string;
}

const DEFAULTS: Settings = {
  slot_minutes: 30,
  weekdays: [1, 2, 3, 4, 5],
  day_start: '09:00:00',
  day_end: '17:00:00',
  time_zone: 'Europe/Berlin',
  horizon_days: 21,
  min_notice_minutes: 1440,
};
// Every day, all day: some slot always falls inside the 24 hours' notice, whenever the test runs.
const ALWAYS_OPEN: Partial<Settings> = {
  weekdays: [1, 2, 3, 4, 5, 6, 7],
  day_start: '00:00',
  day_end: '23:30',
};

const MINUTE = 60_000;
const TAKEN = 'Sorry, that time has just been booked. Please choose another time.';
const NOT_BOOKABLE = 'That time cannot be booked. Please choose one of the times shown.';

/** The wall-clock fields of an instant in a time zone. */
function wallClock(instant: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    weekday: 'short',
  }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return {
    year: Number(get('year')),
    month: Number(get('month')),
    day: Number(get('day')),
    hour: Number(get('hour')),
    minute: Number(get('minute')),
    isoWeekday: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(get('weekday')) + 1,
  };
}

/** The instant a wall-clock time in a time zone names (the slots never fall in a DST gap). */
function instantOf(year: number, month: number, day: number, minutes: number, timeZone: string): number {
  const naive = Date.UTC(year, month - 1, day, 0, minutes);
  const offsetAt = (instant: number) => {
    const w = wallClock(instant, timeZone);
    return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) - instant;
  };
  const first = naive - offsetAt(naive);
  return naive - offsetAt(first);
}

const toMinutes = (time: string) => {
  const [h, m] = time.split(':').map(Number);
  return h! * 60 + m!;
};

/** Every slot the rules allow at `now`, booked or not. */
function expectedGrid(settings: Settings, now: number): Slot[] {
  const today = wallClock(now, settings.time_zone);
  const slots: Slot[] = [];
  for (let offset = 0; offset < settings.horizon_days; offset += 1) {
    // Calendar arithmetic on the local date, at noon UTC so no offset moves it to another day.
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + offset, 12));
    const isoWeekday = ((date.getUTCDay() + 6) % 7) + 1;
    if (!settings.weekdays.includes(isoWeekday)) continue;
    const [y, m, d] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
    const end = toMinutes(settings.day_end);
    for (
      let t = toMinutes(settings.day_start);
      t + settings.slot_minutes <= end;
      t += settings.slot_minutes
    ) {
      const start = instantOf(y, m, d, t, settings.time_zone);
      if (start < now + settings.min_notice_minutes * MINUTE) continue;
      slots.push({
        slot_start: new Date(start).toISOString(),
        slot_end: new Date(instantOf(y, m, d, t + settings.slot_minutes, settings.time_zone)).toISOString(),
      });
    }
  }
  return slots;
}

const iso = (value: string) => new Date(value).toISOString();
const normalise = (slots: Slot[]) =>
  slots.map((s) => ({ slot_start: iso(s.slot_start), slot_end: iso(s.slot_end) }));

describe.each(KINDS)('booking on %s', (kind) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await sharedBackend(kind);
  });
  afterAll(() => backend.stop());

  async function setSettings(settings: Partial<Settings>) {
    const { error } = await backend.service().from('booking_settings').update(settings).eq('id', true);
    expect(error).toBeNull();
  }
  afterEach(() => setSettings(DEFAULTS));

  /** The free slots, each checked against the rules at the moment of the call. */
  async function freeSlots(settings: Settings = DEFAULTS): Promise<Slot[]> {
    const before = Date.now();
    const { data, error } = await backend.anon().rpc('available_slots');
    expect(error).toBeNull();
    const slots = normalise(data as Slot[]);
    // Nothing outside the rules; and every slot the rules allow is there unless it is booked.
    const allowed = new Set(expectedGrid(settings, before).map((s) => s.slot_start));
    for (const slot of slots) expect(allowed).toContain(slot.slot_start);
    return slots;
  }

  let guestSerial = 0;
  const guest = (email = `guest-${kind}-${(guestSerial += 1)}@example.com`) => ({
    name: 'Grace Guest',
    email,
  });

  async function book(client: ReturnType<Backend['anon']>, slotStart: string, who = guest(), note?: string) {
    return client.rpc('book_discovery_call', { slot_start: slotStart, ...who, ...(note ? { note } : {}) });
  }

  describe('available_slots', () => {
    it('offers exactly the default grid: Monday to Friday, 09:00-17:00 Berlin, 30 minutes, 24 hours ahead, 21 days', async () => {
      // A fresh database holds only the seed's past meetings; the files before this one on the shared backend
      // booked some slots of the grid (every meeting that is not cancelled holds its slot).
      const { data: meetings } = await backend
        .service()
        .from('meetings')
        .select('scheduled_at')
        .neq('status', 'cancelled')
        .not('scheduled_at', 'is', null);
      const booked = new Set(meetings!.map((m) => iso(m.scheduled_at as string)));
      const before = Date.now();
      const slots = await freeSlots();
      const after = Date.now();
      const late = expectedGrid(DEFAULTS, after)
        .map((s) => s.slot_start)
        .filter((start) => !booked.has(start));
      expect(slots.map((s) => s.slot_start)).toEqual(expect.arrayContaining(late));
      expect(slots.length).toBeLessThanOrEqual(expectedGrid(DEFAULTS, before).length);
      expect(slots.length).toBeGreaterThanOrEqual(14 * 16 - 16 - booked.size);
      for (const slot of slots) {
        const start = wallClock(Date.parse(slot.slot_start), 'Europe/Berlin');
        expect(start.isoWeekday).toBeLessThanOrEqual(5);
        expect(start.hour * 60 + start.minute).toBeGreaterThanOrEqual(9 * 60);
        expect(start.hour * 60 + start.minute).toBeLessThanOrEqual(16 * 60 + 30);
        expect(start.minute % 30).toBe(0);
        expect(Date.parse(slot.slot_end) - Date.parse(slot.slot_start)).toBe(30 * MINUTE);
        expect(Date.parse(slot.slot_start)).toBeGreaterThanOrEqual(before + 24 * 60 * MINUTE);
      }
      const last = Date.parse(slots.at(-1)!.slot_start);
      expect(last).toBeLessThan(before + 22 * 24 * 60 * MINUTE);
    });

    it('follows the agency changing the settings row (length, days, hours, zone, horizon, notice)', async () => {
      const changed: Settings = {
        slot_minutes: 45,
        weekdays: [6, 7],
        day_start: '10:00:00',
        day_end: '13:00:00',
        time_zone: 'America/New_York',
        horizon_days: 15,
        min_notice_minutes: 0,
      };
      await setSettings(changed);
      const before = Date.now();
      const slots = await freeSlots(changed);
      const after = Date.now();
      expect(slots.map((s) => s.slot_start)).toEqual(
        expect.arrayContaining(expectedGrid(changed, after).map((s) => s.slot_start)),
      );
      // Two weekends at least, four 45-minute slots from 10:00 to 13:00 each day.
      expect(slots.length).toBeGreaterThanOrEqual(4 * 4 - 4);
      expect(slots.length).toBeLessThanOrEqual(expectedGrid(changed, before).length);
      for (const slot of slots) {
        const start = wallClock(Date.parse(slot.slot_start), 'America/New_York');
        expect([6, 7]).toContain(start.isoWeekday);
        expect([600, 645, 690, 735]).toContain(start.hour * 60 + start.minute);
        expect(Date.parse(slot.slot_end) - Date.parse(slot.slot_start)).toBe(45 * MINUTE);
      }
    });

    it('refuses settings that would break the calendar, and only the agency may change or read them', async () => {
      const service = backend.service();
      for (const bad of [
        { time_zone: 'Mars/Olympus' },
        { weekdays: [0, 8] },
        { weekdays: [] },
        { day_start: '17:00', day_end: '09:00' },
        { slot_minutes: 0 },
        { horizon_days: -1 },
        { min_notice_minutes: -5 },
      ]) {
        const { error } = await service.from('booking_settings').update(bad).eq('id', true);
        expect(error?.code).toBe('23514');
      }
      expect((await service.from('booking_settings').insert({ id: false })).error).not.toBeNull();
      const { client } = await backend.newUser('settings');
      for (const who of [backend.anon(), client]) {
        expect((await who.from('booking_settings').select('*')).error?.code).toBe('42501');
        expect(
          (await who.from('booking_settings').update({ min_notice_minutes: 0 }).eq('id', true)).error?.code,
        ).toBe('42501');
      }
    });
  });

  describe('book_discovery_call', () => {
    it("books a signed-in customer's call as theirs: it is in their meetings and no longer free", async () => {
      const { client, id, email } = await backend.newUser('booker');
      const slot = (await freeSlots())[3]!;
      const booked = await book(
        client,
        slot.slot_start,
        { name: ' Ada Lovelace ', email },
        'About a chatbot.',
      );
      expect(booked.error).toBeNull();
      expect(booked.data).toMatch(/^[0-9a-f-]{36}$/);

      const { data: meetings, error } = await client.from('meetings').select('*').eq('user_id', id);
      expect(error).toBeNull();
      expect(meetings).toHaveLength(1);
      expect(meetings![0]).toMatchObject({
        id: booked.data,
        user_id: id,
        meeting_type: 'Discovery Call',
        status: 'requested',
        notes: 'About a chatbot.',
        contact_name: 'Ada Lovelace',
        contact_email: email,
      });
      expect(iso(meetings![0].scheduled_at)).toBe(slot.slot_start);
      expect(iso(meetings![0].ends_at)).toBe(slot.slot_end);
      expect((await freeSlots()).map((s) => s.slot_start)).not.toContain(slot.slot_start);

      const twice = await book(backend.anon(), slot.slot_start);
      expect(twice.error).toMatchObject({ code: 'P0001', message: TAKEN });
    });

    it('gives one of 20 visitors booking a slot at the same moment the slot, and the other 19 a clear "taken"', async () => {
      const slot = (await freeSlots())[5]!;
      // Twenty people, each from an address of their own (127.0.1.x), so no visitor's budget is in play.
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => book(backend.anonFrom(`127.0.1.${i + 1}`), slot.slot_start)),
      );
      const won = results.filter((r) => r.error === null);
      const lost = results.filter((r) => r.error !== null);
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(19);
      for (const r of lost) expect(r.error).toMatchObject({ code: 'P0001', message: TAKEN });
      const { data } = await backend
        .service()
        .from('meetings')
        .select('id')
        .eq('scheduled_at', slot.slot_start)
        .neq('status', 'cancelled');
      expect(data).toEqual([{ id: won[0]!.data }]);
    });

    it('refuses times that are not a slot now: misaligned, outside hours, weekend, past, too soon, too far', async () => {
      const slot = (await freeSlots())[0]!;
      const start = Date.parse(slot.slot_start);
      const berlin = wallClock(start, 'Europe/Berlin');
      const at = (dayOffset: number, minutes: number) =>
        new Date(
          instantOf(berlin.year, berlin.month, berlin.day + dayOffset, minutes, 'Europe/Berlin'),
        ).toISOString();
      // The next Saturday after the first free slot's day.
      const toSaturday = (6 - berlin.isoWeekday + 7) % 7 || 7;
      const refused = [
        new Date(start + 10 * MINUTE).toISOString(),
        new Date(start + 1000).toISOString(),
        at(0, 8 * 60 + 30),
        at(0, 17 * 60),
        at(0, 16 * 60 + 45),
        at(toSaturday, 10 * 60),
        new Date(Date.now() - 3 * 24 * 60 * MINUTE).toISOString(),
        new Date(start + 60 * 24 * 60 * MINUTE).toISOString(),
        '1970-01-01T00:00:00Z',
      ];
      for (const slotStart of refused) {
        const { error } = await book(backend.anon(), slotStart);
        expect({ slotStart, error }).toMatchObject({
          slotStart,
          error: { code: 'P0001', message: NOT_BOOKABLE },
        });
      }
      const { error } = await backend.anon().rpc('book_discovery_call', { slot_start: null, ...guest() });
      expect(error?.code).toBe('P0001');
    });

    it('keeps the notice and the horizon whatever the day: a slot inside 24 hours or past 21 days is refused', async () => {
      await setSettings(ALWAYS_OPEN);
      const open = { ...DEFAULTS, ...ALWAYS_OPEN } as Settings;
      const now = Date.now();
      const grid = expectedGrid({ ...open, min_notice_minutes: 0 }, now + MINUTE);
      const soon = grid.find((s) => Date.parse(s.slot_start) < now + 23 * 60 * MINUTE)!;
      expect(soon).toBeDefined();
      expect((await book(backend.anon(), soon.slot_start)).error).toMatchObject({ message: NOT_BOOKABLE });
      const free = await freeSlots(open);
      expect(free.map((s) => s.slot_start)).not.toContain(soon.slot_start);
      expect(Date.parse(free[0]!.slot_start)).toBeGreaterThanOrEqual(now + 24 * 60 * MINUTE);

      const tooFar = expectedGrid({ ...open, horizon_days: 23 }, Date.now()).at(-1)!;
      expect((await book(backend.anon(), tooFar.slot_start)).error).toMatchObject({ message: NOT_BOOKABLE });
      expect(free.at(-1)!.slot_start < tooFar.slot_start).toBe(true);
    });

    it('refuses what the form refuses: empty or long names, bad or long emails, long notes (nothing stored)', async () => {
      const slot = (await freeSlots())[7]!;
      const cases = [
        { name: '   ', email: 'a@example.com' },
        { name: 'x'.repeat(101), email: 'a@example.com' },
        { name: 'Ada', email: 'not-an-email' },
        { name: 'Ada', email: `${'a'.repeat(250)}@example.com` },
        { name: 'Ada', email: 'a@example.com', note: 'n'.repeat(1001) },
      ];
      for (const input of cases) {
        const { error } = await backend
          .anon()
          .rpc('book_discovery_call', { slot_start: slot.slot_start, ...input });
        expect(error?.code).toBe('23514');
      }
      const missing = await backend.anon().rpc('book_discovery_call', { slot_start: slot.slot_start });
      expect(missing.error).not.toBeNull();
      expect((await freeSlots()).map((s) => s.slot_start)).toContain(slot.slot_start);
      // The longest allowed values pass.
      const ok = await book(
        backend.anon(),
        slot.slot_start,
        { name: 'x'.repeat(100), email: `${'a'.repeat(243)}@example.com` },
        'n'.repeat(1000),
      );
      expect(ok.error).toBeNull();
    });
  });

  describe('security', () => {
    it('lets anonymous visitors only call the RPCs: no meetings, no settings, no claiming', async () => {
      const anon = backend.anon();
      expect((await anon.from('meetings').select('*')).error?.code).toBe('42501');
      expect(
        (await anon.from('meetings').insert({ meeting_type: 'x', contact_email: 'a@example.com' })).error
          ?.code,
      ).toBe('42501');
      expect((await anon.rpc('claim_guest_meetings')).error).not.toBeNull();
      // The free slots say nothing about who booked the others.
      const { data } = await anon.rpc('available_slots');
      expect(Object.keys((data as Slot[])[0]!).sort()).toEqual(['slot_end', 'slot_start']);
    });

    it('shows a customer only their own meetings, and only the agency confirms or cancels', async () => {
      const alice = await backend.newUser('alice');
      const bob = await backend.newUser('bob');
      const slot = (await freeSlots())[9]!;
      const { data: id } = await book(alice.client, slot.slot_start, { name: 'Alice', email: alice.email });
      expect((await bob.client.from('meetings').select('*').eq('id', id)).data).toEqual([]);
      expect((await bob.client.from('meetings').select('*')).data).toEqual([]);

      for (const status of ['scheduled', 'cancelled']) {
        const update = await alice.client.from('meetings').update({ status }).eq('id', id);
        expect(update.error?.code).toBe('42501');
      }
      expect((await alice.client.from('meetings').delete().eq('id', id)).error?.code).toBe('42501');
      expect(
        (await alice.client.from('meetings').insert({ meeting_type: 'Discovery Call', user_id: alice.id }))
          .error?.code,
      ).toBe('42501');

      const service = backend.service();
      expect((await service.from('meetings').update({ status: 'scheduled' }).eq('id', id)).error).toBeNull();
      expect((await alice.client.from('meetings').select('status').eq('id', id)).data).toEqual([
        { status: 'scheduled' },
      ]);
      // A cancelled booking frees its slot, and the slot can be booked again.
      expect((await service.from('meetings').update({ status: 'cancelled' }).eq('id', id)).error).toBeNull();
      expect((await freeSlots()).map((s) => s.slot_start)).toContain(slot.slot_start);
      expect((await book(bob.client, slot.slot_start, { name: 'Bob', email: bob.email })).error).toBeNull();
    });

    it("keeps the agency's own meetings: a time it scheduled is never offered", async () => {
      const slot = (await freeSlots())[11]!;
      const { id } = await backend.newUser('agency');
      const { error } = await backend.service().from('meetings').insert({
        user_id: id,
        meeting_type: '30-Day Success Call',
        scheduled_at: slot.slot_start,
        status: 'scheduled',
      });
      expect(error).toBeNull();
      expect((await freeSlots()).map((s) => s.slot_start)).not.toContain(slot.slot_start);
      expect((await book(backend.anon(), slot.slot_start)).error).toMatchObject({ message: TAKEN });
    });
  });

  describe('guest bookings', () => {
    /** A guest's booking for `email`, and a check that only the agency sees it with that address, unowned. */
    async function guestBooking(email: string, slotIndex: number) {
      const slot = (await freeSlots())[slotIndex]!;
      const { data: id, error } = await book(
        backend.anon(),
        slot.slot_start,
        { name: 'Mallory', email },
        'Call +1-555-0100 about the invoice',
      );
      expect(error).toBeNull();
      const unowned = async () =>
        (await backend.service().from('meetings').select('user_id, contact_email').eq('id', id).single())
          .data;
      expect(await unowned()).toEqual({ user_id: null, contact_email: email });
      return { id: id as string, unowned };
    }

    it('never join the account that signs up with their address, in any capitals', async () => {
      const email = `victim-${kind}-${Date.now()}@example.com`;
      const { unowned } = await guestBooking(email.toUpperCase(), 13);
      const client = backend.anon();
      const signUp = await client.auth.signUp({ email, password: 'Passw0rdOk' });
      expect(signUp.error).toBeNull();
      expect((await client.from('meetings').select('id')).data).toEqual([]);
      // Signing in again and the claim older account remotes make before listing meetings link nothing either.
      const again = backend.anon();
      await again.auth.signInWithPassword({ email, password: 'Passw0rdOk' });
      expect((await again.rpc('claim_guest_meetings')).data).toBe(0);
      expect((await again.from('meetings').select('id')).data).toEqual([]);
      expect(await unowned()).toEqual({ user_id: null, contact_email: email.toUpperCase() });
    });

    it('never join an account through an e-mail change to their address', async () => {
      const email = `guest-moved-to-${kind}-${Date.now()}@example.com`;
      const { unowned } = await guestBooking(email, 15);
      const thief = await backend.newUser('thief');
      expect((await thief.client.auth.updateUser({ email })).error).toBeNull();
      // The repository's e-mail_change template offers the link alone, as the address's owner would click it.
      const [mail] = await mailTo(backend, email);
      await fetch(mail!.links[0]!, { redirect: 'manual' });
      expect((await thief.client.auth.getUser()).data.user?.email).toBe(email);
      expect((await thief.client.rpc('claim_guest_meetings')).data).toBe(0);
      expect((await thief.client.from('meetings').select('id')).data).toEqual([]);
      expect(await unowned()).toMatchObject({ user_id: null });
    });

    if (kind === 'postgres') {
      it('never join an account when its address is confirmed', async () => {
        const email = `confirmed-later-${Date.now()}@example.com`;
        const { unowned } = await guestBooking(email, 17);
        const db = new Client({ connectionString: backend.databaseUrl });
        await db.connect();
        try {
          // As GoTrue inserts a user when confirmations are on, then confirms the address from the email's link.
          const userId = '0f0f0f0f-0000-4000-8000-00000000000a';
          await db.query(
            `insert into auth.users (id, aud, role, email) values ($1, 'authenticated', 'authenticated', $2)`,
            [userId, email],
          );
          await db.query('update auth.users set email_confirmed_at = now() where id = $1', [userId]);
          expect(await unowned()).toEqual({ user_id: null, contact_email: email });
        } finally {
          await db.end();
        }
      });
    }
  });

  describe('one upcoming call per address and per account', () => {
    const ADDRESS_HAS_BOOKING = {
      code: 'address_has_booking',
      message: "We've e-mailed that address a link to manage its booking.",
    };

    it("tells a guest booking an address that has a call only that a link was e-mailed, never the call's date", async () => {
      const [first, second] = (await freeSlots()).slice(19, 21);
      const email = `one-call-${kind}-${Date.now()}@example.com`;
      expect((await book(backend.anon(), first!.slot_start, { name: 'Ann', email })).error).toBeNull();
      const again = await book(backend.anon(), second!.slot_start, {
        name: 'Eve',
        email: ` ${email.toUpperCase()} `,
      });
      expect(again).toMatchObject({
        status: 409,
        data: null,
        error: { ...ADDRESS_HAS_BOOKING, details: null },
      });
      expect(JSON.stringify(again.error)).not.toContain(first!.slot_start.slice(0, 10));
      expect((await freeSlots()).map((s) => s.slot_start)).toContain(second!.slot_start);
      // A signed-in customer typing that address is told the same.
      const { client } = await backend.newUser('colleague');
      expect((await book(client, second!.slot_start, { name: 'Col', email })).error).toMatchObject(
        ADDRESS_HAS_BOOKING,
      );
    });

    it('lets an address book again once its call is cancelled or past', async () => {
      const [first, second, third] = (await freeSlots()).slice(22, 25);
      const email = `rebook-${kind}-${Date.now()}@example.com`;
      const { data: id } = await book(backend.anon(), first!.slot_start, { name: 'Ann', email });
      await backend.service().from('meetings').update({ status: 'cancelled' }).eq('id', id);
      const { data: next, error } = await book(backend.anon(), second!.slot_start, { name: 'Ann', email });
      expect(error).toBeNull();
      await backend
        .service()
        .from('meetings')
        .update({ scheduled_at: '2020-01-06T09:00:00Z', ends_at: '2020-01-06T09:30:00Z' })
        .eq('id', next);
      expect((await book(backend.anon(), third!.slot_start, { name: 'Ann', email })).error).toBeNull();
    });

    it("gives a customer one upcoming call; another address's booking is that address's hold, not the account's (#44)", async () => {
      const { client, email } = await backend.newUser('one-per-account');
      const [first, second, third] = (await freeSlots()).slice(26, 29);
      expect((await book(client, first!.slot_start, { name: 'Ada', email })).error).toBeNull();
      const again = await book(client, third!.slot_start, { name: 'Ada', email: email.toUpperCase() });
      expect(again).toMatchObject({
        status: 409,
        error: {
          code: 'account_has_booking',
          message:
            'You already have an upcoming call with us. You will find it under Meetings in your account.',
        },
      });
      const other = await book(client, second!.slot_start, { name: 'Ada', email: `other-${email}` });
      expect(other.error).toBeNull();
      const { data } = await backend
        .service()
        .from('meetings')
        .select('user_id, confirmed_at')
        .eq('id', other.data as string)
        .single();
      expect(data).toEqual({ user_id: null, confirmed_at: null });
    });

    if (kind === 'postgres') {
      it('answers at once, never queueing, while a booking of the slot, the address or the account is in flight', async () => {
        const [held, other] = (await freeSlots()).slice(41, 43);
        const user = await backend.newUser('in-flight');
        const db = new Client({ connectionString: backend.databaseUrl });
        await db.connect();
        try {
          // A booking by the user for their own address that has not finished (a stalled request): it holds what
          // it took until its transaction ends. Waiting for it would run into anon's 3 s statement timeout.
          await db.query('begin');
          await db.query(`select set_config('request.jwt.claims', $1, true)`, [
            JSON.stringify({ sub: user.id, role: 'authenticated' }),
          ]);
          await db.query('select public.book_discovery_call($1, $2, $3)', [
            held!.slot_start,
            'Ann',
            user.email,
          ]);
          expect((await book(backend.anon(), held!.slot_start)).error).toMatchObject({
            code: 'P0001',
            message: TAKEN,
          });
          expect(
            (await book(backend.anon(), other!.slot_start, { name: 'Eve', email: user.email })).error,
          ).toMatchObject(ADDRESS_HAS_BOOKING);
          expect(
            (await book(user.client, other!.slot_start, { name: 'Ann', email: user.email })).error,
          ).toMatchObject({ code: 'account_has_booking' });
          // It never happened: the slot, the address and the account are free again.
          await db.query('rollback');
          expect(
            (await book(user.client, held!.slot_start, { name: 'Ann', email: user.email })).error,
          ).toBeNull();
        } finally {
          await db.end();
        }
      });

      it('lets one of 10 simultaneous bookings for one address through', async () => {
        const slots = (await freeSlots()).slice(30, 40);
        const email = `race-${Date.now()}@example.com`;
        const results = await Promise.all(
          slots.map((slot) => book(backend.anon(), slot.slot_start, { name: 'Race', email })),
        );
        expect(results.filter((r) => r.error === null)).toHaveLength(1);
        for (const r of results.filter((r) => r.error !== null))
          expect(r.error).toMatchObject(ADDRESS_HAS_BOOKING);
      });
    }
  });
});
