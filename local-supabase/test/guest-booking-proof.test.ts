// A guest's booking proven by the link e-mailed to its address (supabase/migrations/
// 20261130090000_guest_booking_proof.sql; issues #30.1, #31.4, #33.6): the e-mails of a booking, the hold that
// frees its slot when unconfirmed, the link's page and button, Meetings' offer. Over real HTTP with supabase-js on
// both engines; the e-mails go out through send-emails (as the browser invokes it) and are read from the inbox.
import { KINDS, mailTo, sharedBackend, type Backend, type InboxMessage } from './harness';

jest.setTimeout(180_000);

interface Slot {
  slot_start: string;
  slot_end: string;
}

const AGENCY = 'hello@shop.example.com';
const unique = () => Math.random().toString(36).slice(2, 10);

describe.each(KINDS)('guest booking proof on %s', (kind) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await sharedBackend(kind);
  });
  afterAll(() => backend?.stop());
  afterEach(async () => {
    await backend.service().from('booking_settings').update({ hold_seconds: 1800 }).eq('id', true);
  });

  const freeSlots = async () => {
    const { data, error } = await backend.anon().rpc('available_slots');
    expect(error).toBeNull();
    return (data as Slot[]).map((s) => new Date(s.slot_start).toISOString());
  };
  let next = 0;
  /** A free slot no other test of this backend uses. */
  const aSlot = async () => (await freeSlots())[(next += 2)]!;

  const book = (client: ReturnType<Backend['anon']>, slot: string, email: string, extra = {}) =>
    client.rpc('book_discovery_call', {
      slot_start: slot,
      name: 'Grace Guest',
      email,
      note: 'Secret',
      ...extra,
    });

  /** Sends what is queued (as the browser does after success), then the mail to `address`, newest first. */
  async function inbox(address: string): Promise<InboxMessage[]> {
    expect((await backend.anon().functions.invoke('send-emails')).error).toBeNull();
    return mailTo(backend, address);
  }
  const tokenIn = (mail: InboxMessage) => {
    const link = mail.links.find((l) => l.includes('/booking?token='))!;
    expect(link).toMatch(/^http:\/\/localhost:3000\/booking\?token=[0-9a-f]{64}$/);
    return new URL(link).searchParams.get('token')!;
  };
  const row = async (id: string) =>
    (
      await backend
        .service()
        .from('meetings')
        .select('user_id, status, confirmed_at, hold_expires_at')
        .eq('id', id)
        .single()
    ).data!;

  it("sends a guest's receipt with the link and the agency's copy, once each; the link confirms the hold", async () => {
    const email = `guest-${unique()}@example.com`;
    const slot = await aSlot();
    const { data: id, error } = await book(backend.anon(), slot, email);
    expect(error).toBeNull();
    const mail = await inbox(email);
    expect(mail.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Please confirm your Discovery Call on /),
    ]);
    // Invoked again (another tab), nothing is sent twice.
    expect(await inbox(email)).toHaveLength(1);
    const copies = (await mailTo(backend, AGENCY)).filter((m) => m.text.includes(email));
    expect(copies.map((m) => m.subject)).toEqual([expect.stringMatching(/^Call request: Grace Guest, /)]);
    expect(copies[0]!.text).not.toContain('token=');

    const token = tokenIn(mail[0]!);
    // Opening the link changes nothing (mail scanners open links).
    const opened = await backend.anon().rpc('booking_link', { token });
    expect(opened.data).toMatchObject({
      state: 'hold',
      meetingType: 'Discovery Call',
      canAddToAccount: false,
    });
    expect(new Date(opened.data.startsAt).toISOString()).toBe(slot);
    expect(JSON.stringify(opened.data)).not.toMatch(/Grace|Secret|@/);
    expect((await row(id)).confirmed_at).toBeNull();

    const first = await backend.anon().rpc('confirm_booking', { token });
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({ state: 'confirmed', inYourAccount: false });
    // Twice is the same answer, and no second e-mail of any kind.
    const again = await backend.anon().rpc('confirm_booking', { token });
    expect(again.data).toMatchObject({ state: 'confirmed' });
    expect(await row(id)).toMatchObject({
      user_id: null,
      status: 'requested',
      confirmed_at: expect.any(String),
    });
    expect(await inbox(email)).toHaveLength(1);
  });

  it('refuses an unknown token (404) and an empty one, in words', async () => {
    for (const token of ['0'.repeat(64), '', 'x']) {
      expect((await backend.anon().rpc('booking_link', { token })).data).toEqual({ state: 'unknown' });
      for (const action of ['confirm_booking', 'cancel_booking']) {
        const { error, status } = await backend.anon().rpc(action, { token });
        expect(status).toBe(404);
        expect(error).toMatchObject({
          code: 'booking_link_unknown',
          message: expect.stringMatching(/^We do not know/),
        });
      }
    }
  });

  it('frees the slot of an unconfirmed hold after its (shortened) window; its link then says it expired', async () => {
    await backend.service().from('booking_settings').update({ hold_seconds: 0 }).eq('id', true);
    const email = `late-${unique()}@example.com`;
    const slot = await aSlot();
    const { data: id } = await book(backend.anon(), slot, email);
    const token = tokenIn((await inbox(email))[0]!);
    // The time is free for everyone, and the address may book again.
    expect(await freeSlots()).toContain(slot);
    const other = await book(backend.anon(), slot, `other-${unique()}@example.com`);
    expect(other.error).toBeNull();
    expect((await book(backend.anon(), (await freeSlots())[1]!, email)).error).toBeNull();
    // The agency keeps the row, cancelled and never confirmed.
    expect(await row(id)).toMatchObject({
      status: 'cancelled',
      confirmed_at: null,
      hold_expires_at: expect.any(String),
    });
    expect((await backend.anon().rpc('booking_link', { token })).data).toMatchObject({ state: 'expired' });
    for (const action of ['confirm_booking', 'cancel_booking']) {
      const late = await backend.anon().rpc(action, { token });
      expect(late.status).toBe(410);
      expect(late.error).toMatchObject({
        code: 'booking_link_expired',
        message: expect.stringMatching(/^This link has expired/),
      });
    }
  });

  /** The agency's e-mails about cancelled calls of `address`. */
  const cancellations = async (address: string) =>
    (await mailTo(backend, AGENCY)).filter(
      (m) => m.subject.startsWith('Cancelled:') && m.text.includes(address),
    );

  it('cancels from the link: the slot and the address are free at once, again is the same answer, the agency is told once', async () => {
    const email = `cancel-${unique()}@example.com`;
    const slot = await aSlot();
    const { data: id } = await book(backend.anon(), slot, email, { call_type: 'strategy' });
    const [receipt] = await inbox(email);
    expect(receipt!.text).toContain('The same link lets you change or cancel the call.');
    const token = tokenIn(receipt!);

    const first = await backend.anon().rpc('cancel_booking', { token });
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({
      state: 'cancelled',
      callType: 'strategy',
      meetingType: 'AI Strategy Call',
    });
    expect(await freeSlots()).toContain(slot);
    expect((await book(backend.anon(), slot, `next-${unique()}@example.com`)).error).toBeNull();
    expect((await book(backend.anon(), await aSlot(), email)).error).toBeNull();
    // Again (a second tab, a retry), and opening the link, say the same; the agency keeps the row.
    const again = await backend.anon().rpc('cancel_booking', { token });
    expect(again.error).toBeNull();
    expect(again.data).toEqual(first.data);
    expect((await backend.anon().rpc('booking_link', { token })).data).toEqual(first.data);
    expect(await row(id)).toMatchObject({ status: 'cancelled', confirmed_at: null });
    // Cancelled while a hold, it stays cancelled (not expired) once its hold time has passed.
    await backend.service().from('meetings').update({ hold_expires_at: '2020-01-01T00:00:00Z' }).eq('id', id);
    expect((await backend.anon().rpc('cancel_booking', { token })).data).toMatchObject({
      state: 'cancelled',
    });
    expect((await backend.anon().rpc('confirm_booking', { token })).status).toBe(410);

    await inbox(email);
    const told = await cancellations(email);
    expect(told.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Cancelled: AI Strategy Call with Grace Guest, /),
    ]);
    expect(told[0]!.text).not.toContain('token=');
  });

  it("a signed-in booking's receipt carries the link too; a past call's link cancels nothing", async () => {
    const owner = await backend.newUser('past');
    const { data: id } = await book(owner.client, await aSlot(), owner.email);
    const [receipt] = await inbox(owner.email);
    expect(receipt!.subject).toMatch(/^We have your request: /);
    expect(receipt!.text).toContain('Change or cancel this call: http://localhost:3000/booking?token=');
    const token = tokenIn(receipt!);
    // The call took place (a time of its own in 2020, clear of every other booking).
    const start = Date.UTC(2020, 0, 1) + Math.floor(Math.random() * 8_000) * 1_800_000;
    const moved = await backend
      .service()
      .from('meetings')
      .update({
        scheduled_at: new Date(start).toISOString(),
        ends_at: new Date(start + 1_800_000).toISOString(),
      })
      .eq('id', id);
    expect(moved.error).toBeNull();
    const refused = await owner.client.rpc('cancel_booking', { token });
    expect(refused.status).toBe(410);
    expect(refused.error).toMatchObject({ code: 'booking_link_expired' });
    expect(await row(id)).toMatchObject({ status: 'requested' });
    expect(await cancellations(owner.email)).toEqual([]);
  });

  it("spends the client's booking budget like a booking: over it, 429 and nothing cancelled", async () => {
    const email = `budget-${unique()}@example.com`;
    const { data: id } = await book(backend.anon(), await aSlot(), email);
    const token = tokenIn((await inbox(email))[0]!);
    const budgets = () => backend.service().from('client_budgets');
    // An anonymous caller: the address's budget.
    await budgets().update({ address_max_uses: 0 }).eq('action', 'booking');
    try {
      const { status, error } = await backend.anon().rpc('cancel_booking', { token });
      expect(status).toBe(429);
      expect(error).toMatchObject({ code: 'over_request_rate_limit' });
    } finally {
      await budgets().update({ address_max_uses: 1_000_000 }).eq('action', 'booking');
    }
    expect(await row(id)).toMatchObject({ status: 'requested' });
  });

  it("never brings a booking made with another person's address into their Meetings without the link", async () => {
    const victim = await backend.newUser('victim');
    const slot = await aSlot();
    const { data: id } = await book(backend.anon(), slot, victim.email.toUpperCase());
    // Unconfirmed, it is neither theirs nor offered; its link reached only the victim's inbox.
    expect((await victim.client.from('meetings').select('id')).data).toEqual([]);
    expect((await victim.client.rpc('guest_bookings_for_account')).data).toEqual([]);
    const [receipt] = await inbox(victim.email);
    // The victim opens the link signed in and confirms: their act and proof of the address.
    const token = tokenIn(receipt!);
    expect((await victim.client.rpc('booking_link', { token })).data).toMatchObject({
      canAddToAccount: true,
    });
    const confirmed = await victim.client.rpc('confirm_booking', { token });
    expect(confirmed.data).toMatchObject({ state: 'confirmed', inYourAccount: true });
    expect((await victim.client.from('meetings').select('id')).data).toEqual([{ id }]);
  });

  it('offers an account its address’s confirmed guest booking by date only, and adds it only through the link', async () => {
    const guestAddress = `moved-${unique()}@example.com`;
    const slot = await aSlot();
    const { data: id } = await book(backend.anon(), slot, guestAddress);
    const [receipt] = await inbox(guestAddress);
    await backend.anon().rpc('confirm_booking', { token: tokenIn(receipt!) });

    // Someone changes their account's address to the guest's: the booking does not come with it.
    const thief = await backend.newUser('thief');
    expect((await thief.client.auth.updateUser({ email: guestAddress })).error).toBeNull();
    const confirmChange = (await mailTo(backend, guestAddress)).find(
      (m) => !/Discovery Call/.test(m.subject),
    );
    if (confirmChange) await fetch(confirmChange.links[0]!, { redirect: 'manual' });
    await thief.client.auth.refreshSession();
    expect((await thief.client.from('meetings').select('id')).data).toEqual([]);
    const offer = await thief.client.rpc('guest_bookings_for_account');
    expect(offer.error).toBeNull();
    expect(offer.data).toEqual([{ id, meeting_type: 'Discovery Call', call_date: expect.any(String) }]);
    expect(JSON.stringify(offer.data)).not.toMatch(/Grace|Secret|T\d\d:/);

    // Adding sends the link to the address, once in a window however often asked, and adds nothing by itself.
    expect((await thief.client.rpc('send_booking_link', { meeting_id: id })).error).toBeNull();
    expect((await thief.client.rpc('send_booking_link', { meeting_id: id })).error).toBeNull();
    const links = (await inbox(guestAddress)).filter((m) => m.subject.startsWith('Your Discovery Call on'));
    expect(links).toHaveLength(1);
    expect(links[0]!.text).toContain('You asked to add this call to your account.');
    expect((await thief.client.from('meetings').select('id')).data).toEqual([]);
    // Only whoever reads that inbox can open it; signed in, it adds the booking to their account.
    const added = await thief.client.rpc('confirm_booking', { token: tokenIn(links[0]!) });
    expect(added.data).toMatchObject({ inYourAccount: true });
    expect((await thief.client.from('meetings').select('id')).data).toEqual([{ id }]);
    expect((await thief.client.rpc('guest_bookings_for_account')).data).toEqual([]);
    // Nobody may ask for a link to a booking that is not offered to them.
    const stranger = await backend.newUser('stranger');
    expect((await stranger.client.rpc('send_booking_link', { meeting_id: id })).error).toMatchObject({
      code: 'P0001',
    });
    expect((await backend.anon().rpc('guest_bookings_for_account')).error).not.toBeNull();
  });

  if (kind === 'postgres') {
    it('confirms once under 10 simultaneous clicks (tabs, a retried request), each told the same', async () => {
      const owner = await backend.newUser('tabs');
      const { data: id } = await book(backend.anon(), await aSlot(), owner.email);
      const token = tokenIn((await inbox(owner.email))[0]!);
      const clicks = await Promise.all(
        Array.from({ length: 10 }, () => owner.client.rpc('confirm_booking', { token })),
      );
      for (const click of clicks) {
        expect(click.error).toBeNull();
        expect(click.data).toMatchObject({ state: 'confirmed', inYourAccount: true });
      }
      expect((await owner.client.from('meetings').select('id')).data).toEqual([{ id }]);
      expect(await inbox(owner.email)).toHaveLength(1);
    });

    it('cancels once under 10 simultaneous clicks, each told the same, one e-mail to the agency', async () => {
      const email = `tabs-${unique()}@example.com`;
      const { data: id } = await book(backend.anon(), await aSlot(), email);
      const token = tokenIn((await inbox(email))[0]!);
      const clicks = await Promise.all(
        Array.from({ length: 10 }, () => backend.anon().rpc('cancel_booking', { token })),
      );
      for (const click of clicks) expect(click.data).toMatchObject({ state: 'cancelled' });
      expect(await row(id)).toMatchObject({ status: 'cancelled' });
      await inbox(email);
      expect(await cancellations(email)).toHaveLength(1);
    });
  }

  it('e-mails an address that already has a call the link to it, once for repeated refusals', async () => {
    const email = `twice-${unique()}@example.com`;
    await book(backend.anon(), await aSlot(), email);
    for (let i = 0; i < 3; i += 1) {
      const refused = await book(backend.anon(), await aSlot(), email);
      expect(refused.error).toMatchObject({ code: 'address_has_booking' });
    }
    const mail = await inbox(email);
    const links = mail.filter((m) => m.subject.startsWith('Your Discovery Call on'));
    expect(links).toHaveLength(1);
    expect(links[0]!.text).toContain('which already has one');
    expect(links[0]!.text).not.toContain('Secret');
    expect((await backend.anon().rpc('booking_link', { token: tokenIn(links[0]!) })).data).toMatchObject({
      state: 'hold',
    });
  });

  it('books a strategy call that counts toward the one upcoming call of its address', async () => {
    const email = `strategy-${unique()}@example.com`;
    const { data: id, error } = await book(backend.anon(), await aSlot(), email, { call_type: 'strategy' });
    expect(error).toBeNull();
    const { data } = await backend.service().from('meetings').select('meeting_type').eq('id', id).single();
    expect(data).toEqual({ meeting_type: 'AI Strategy Call' });
    expect((await book(backend.anon(), await aSlot(), email)).error).toMatchObject({
      code: 'address_has_booking',
    });
    expect(
      (await book(backend.anon(), await aSlot(), `x-${email}`, { call_type: 'lunch' })).error?.code,
    ).toBe('22023');
  });
});
