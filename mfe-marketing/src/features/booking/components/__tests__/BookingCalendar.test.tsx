import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_MESSAGES, useAnnouncerStore, useSessionStore } from 'shared-lib';
import {
  createTestSupabase,
  findToast,
  json,
  renderWithProviders,
  resetStores,
} from 'shared-lib/src/testing';
import { BookingCalendar } from '../BookingCalendar';

// Fixed slots (the database decides which are free); shown in Berlin time, the zone the test gives the picker.
const slot = (start: string) => ({
  slot_start: start,
  slot_end: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
});
const MON_9 = slot('2025-11-24T08:00:00Z');
const MON_930 = slot('2025-11-24T08:30:00Z');
const TUE_14 = slot('2025-11-25T13:00:00Z');
// A week later: Monday 1 December has no free time left, Tuesday 2 December one.
const TUE_DEC_2_9 = slot('2025-12-02T08:00:00Z');
const TAKEN = 'Sorry, that time has just been booked. Please choose another time.';

interface Backend {
  /** The free slots each available_slots call answers, in turn (the last one repeats). */
  slots: (() => Response)[];
  slotCalls: number;
  bookings: unknown[];
  book: () => Response;
  /** How often the e-mail sender was asked to send what the booking queued. */
  sends: number;
  /** The signed-in customer's saved billing details (their name). */
  billing: () => Response;
}
let backend: Backend;

beforeEach(() => {
  backend = {
    slots: [() => json([MON_9, MON_930, TUE_14])],
    slotCalls: 0,
    bookings: [],
    book: () => json('7d0c4d6e-1b1a-4c1e-9a38-0d9d4ad1c001'),
    sends: 0,
    billing: () => json([]),
  };
  createTestSupabase((url, init) => {
    if (url.pathname === '/rest/v1/rpc/available_slots') {
      const answer = backend.slots[Math.min(backend.slotCalls, backend.slots.length - 1)]!;
      backend.slotCalls += 1;
      return answer();
    }
    if (url.pathname === '/rest/v1/rpc/book_discovery_call') {
      backend.bookings.push(JSON.parse(String(init.body)));
      return backend.book();
    }
    if (url.pathname === '/rest/v1/billing_details') return backend.billing();
    if (url.pathname === '/functions/v1/send-emails') {
      backend.sends += 1;
      return json({ sent: 2, failed: 0 });
    }
    throw new Error(`unexpected request ${url.pathname}`);
  });
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  resetStores();
  jest.restoreAllMocks();
});

const renderCalendar = () => renderWithProviders(<BookingCalendar timeZone="Europe/Berlin" />);

/** Fills the details as a paste would (typing each key is slow on a busy machine). */
async function fillDetails(user: ReturnType<typeof userEvent.setup>) {
  for (const [label, value] of [
    ['Name', 'Ada Lovelace'],
    ['Email', 'ada@example.com'],
    ['Note (optional)', 'A chatbot for the shop.'],
  ] as const) {
    await user.click(screen.getByLabelText(label));
    await user.paste(value);
  }
}

describe('BookingCalendar', () => {
  it('shows a skeleton while loading, then the free days and their times in the named time zone', async () => {
    renderCalendar();
    expect(screen.getByRole('status', { name: 'Loading available times...' })).toBeInTheDocument();
    // The zone is named with the times, never in a snapshot of the loading page.
    expect(screen.queryByText(/Times are shown/)).not.toBeInTheDocument();
    const days = await screen.findByRole('toolbar', { name: 'Choose a day' });
    expect(screen.getByText('Times are shown in your time zone: Europe/Berlin')).toBeInTheDocument();
    const dayButtons = within(days).getAllByRole('button');
    // Seen as 'MON' over 'Nov 24'; named with those words first, in one piece.
    expect(screen.getByText('Nov 24')).toBeVisible();
    expect(dayButtons[0]).toHaveAccessibleName('Mon Nov 24, 2 times free');
    expect(dayButtons[1]).toHaveAccessibleName('Tue Nov 25, 1 time free');
    expect(dayButtons[0]).toHaveAttribute('aria-pressed', 'true');
    const times = screen.getByRole('toolbar', { name: 'Times on Monday, November 24' });
    expect(
      within(times)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['9:00 AM', '9:30 AM']);
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('books with the keyboard alone: day, time, details, confirm; then says so, focused, and reloads the times', async () => {
    const user = userEvent.setup();
    renderCalendar();
    await screen.findByRole('toolbar', { name: 'Choose a day' });
    await user.tab();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(screen.getByRole('button', { name: /^Tue Nov 25,/ })).toHaveFocus());
    await user.keyboard('{Enter}');
    const times = screen.getByRole('toolbar', { name: 'Times on Tuesday, November 25' });
    await user.tab();
    expect(within(times).getByRole('button', { name: '2:00 PM' })).toHaveFocus();
    await user.keyboard(' ');
    expect(within(times).getByRole('button', { name: '2:00 PM' })).toHaveAttribute('aria-pressed', 'true');
    expect(useAnnouncerStore.getState().current?.message).toBe(
      'Tuesday, November 25, 2:00 PM - 2:30 PM selected. Enter your details below to confirm.',
    );
    const form = screen.getByRole('form', { name: 'Your details' });
    expect(form).toHaveTextContent('Discovery Call: Tuesday, November 25, 2:00 PM - 2:30 PM');
    await user.tab();
    expect(screen.getByLabelText('Name')).toHaveFocus();
    await user.paste('Ada Lovelace');
    await user.tab();
    await user.paste('ada@example.com');
    await user.tab();
    await user.paste('A chatbot for the shop.');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Confirm booking' })).toHaveFocus();
    await user.keyboard('{Enter}');

    // A guest's booking is held until the link e-mailed to its address confirms it (#30.1).
    const booked = await screen.findByRole('region', { name: 'Please confirm your call' });
    expect(booked).toHaveTextContent(
      "Tuesday, November 25, 2:00 PM - 2:30 PM (Europe/Berlin). We've e-mailed you a link to confirm it. We hold this time for you until then.",
    );
    await waitFor(() => expect(booked).toHaveFocus());
    expect(await findToast('Check your email')).toHaveTextContent(
      'Confirm your call with the link we e-mailed you.',
    );
    // The receipt goes now, as the checkout's e-mails do.
    await waitFor(() => expect(backend.sends).toBe(1));
    expect(backend.bookings).toEqual([
      {
        slot_start: TUE_14.slot_start,
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        note: 'A chatbot for the shop.',
        call_type: 'discovery',
      },
    ]);
    // A guest has no account to look in.
    expect(screen.queryByRole('link', { name: 'View my meetings' })).not.toBeInTheDocument();
    await waitFor(() => expect(backend.slotCalls).toBe(2));
  });

  it('checks the details as the other forms do: each error under its field, the first focused, nothing sent', async () => {
    const user = userEvent.setup();
    renderCalendar();
    await user.click(await screen.findByRole('button', { name: '9:30 AM' }));
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByLabelText('Note (optional)'));
    await user.paste('n'.repeat(1001));
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    expect(await findToast('Validation Error')).toHaveTextContent(
      'Name is required, Invalid email address, Note must be less than 1000 characters',
    );
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is required');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Invalid email address');
    expect(backend.bookings).toEqual([]);
  });

  it('says in words when someone else took the time, reloads the free times and keeps what was typed', async () => {
    backend.book = () => json({ code: 'P0001', message: TAKEN, details: null, hint: null }, 400);
    backend.slots = [() => json([MON_9, MON_930, TUE_14]), () => json([MON_9, TUE_14])];
    const user = userEvent.setup();
    renderCalendar();
    await user.click(await screen.findByRole('button', { name: '9:30 AM' }));
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));

    // Beside the picker, where focus goes (the toast says it too).
    const panel = (await screen.findAllByText(TAKEN)).find((el) => el.hasAttribute('tabindex'))!;
    await waitFor(() => expect(panel).toHaveFocus());
    expect(await findToast('Time no longer available')).toHaveTextContent(TAKEN);
    const times = await screen.findByRole('toolbar', { name: 'Times on Monday, November 24' });
    expect(
      within(times)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['9:00 AM']);
    expect(screen.queryByRole('form', { name: 'Your details' })).not.toBeInTheDocument();
    await user.click(within(times).getByRole('button', { name: '9:00 AM' }));
    expect(panel).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Ada Lovelace');
    expect(screen.getByLabelText('Note (optional)')).toHaveValue('A chatbot for the shop.');
  });

  it('keeps the chosen time when booking fails for another reason, with the words for it', async () => {
    backend.book = () => {
      throw new TypeError('Failed to fetch');
    };
    const user = userEvent.setup();
    renderCalendar();
    await user.click(await screen.findByRole('button', { name: '9:30 AM' }));
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    expect(await findToast(ERROR_MESSAGES.network)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '9:30 AM' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Confirm booking' })).toHaveFocus();
  });

  it('tells a guest that an address with a call was e-mailed a link, keeping the time and the details', async () => {
    const words = "We've e-mailed that address a link to manage its booking.";
    backend.book = () =>
      json(
        { code: 'address_has_booking', message: 'Whatever the server says', details: null, hint: null },
        409,
      );
    const user = userEvent.setup();
    renderCalendar();
    await user.click(await screen.findByRole('button', { name: '9:30 AM' }));
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    expect(await findToast('Call already booked')).toHaveTextContent(words);
    // Under the address it concerns, which takes focus so another can be typed; the chosen time stays.
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAccessibleDescription(words);
    expect(screen.getByRole('button', { name: '9:30 AM' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Name')).toHaveValue('Ada Lovelace');
    expect(backend.slotCalls).toBe(1);
  });

  it('tells a customer who has an upcoming call where it is', async () => {
    backend.book = () => json({ code: 'account_has_booking', message: 'x', details: null, hint: null }, 409);
    const user = userEvent.setup();
    renderCalendar();
    await user.click(await screen.findByRole('button', { name: '9:30 AM' }));
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    expect(await findToast('Call already booked')).toHaveTextContent(
      'You already have an upcoming call with us. You will find it under Meetings in your account.',
    );
  });

  it('says how long to wait when this network has booked too often, keeping the time and the details', async () => {
    backend.book = () =>
      json(
        {
          code: 'over_request_rate_limit',
          message: 'Too many requests from your network. Please wait and try again.',
          details: '{"retry_after_seconds":1500}',
          hint: null,
        },
        429,
        { 'Retry-After': '1500' },
      );
    const user = userEvent.setup();
    renderCalendar();
    await user.click(await screen.findByRole('button', { name: '9:30 AM' }));
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    const words = 'Too many attempts in a short time. Please wait 25 minutes and try again.';
    expect(await findToast(words)).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Your details' })).toHaveTextContent(words);
    expect(screen.getByRole('button', { name: '9:30 AM' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Name')).toHaveValue('Ada Lovelace');
  });

  it('says in words when the times cannot be loaded, and Retry loads them', async () => {
    backend.slots = [
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => json([MON_9]),
    ];
    const user = userEvent.setup();
    renderCalendar();
    expect(await screen.findByText('Available times could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText(ERROR_MESSAGES.network)).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/TypeError|fetch/);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: '9:00 AM' })).toBeInTheDocument();
    expect(screen.queryByText('Available times could not be loaded.')).not.toBeInTheDocument();
  });

  it('says so when no time is free', async () => {
    backend.slots = [() => json([])];
    renderCalendar();
    expect(await screen.findByText('No free times in the next weeks.')).toBeInTheDocument();
    expect(screen.getByText("Send us a message and we'll find a time that suits you.")).toBeInTheDocument();
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
  });

  it("fills in a signed-in customer's email and links to their meetings once booked", async () => {
    useSessionStore.getState().setSession({
      user: { id: '0f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a', email: 'ada@example.com' },
      accessToken: 'token',
    });
    const user = userEvent.setup();
    renderCalendar();
    await user.click(await screen.findByRole('button', { name: '9:00 AM' }));
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com'));
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    const link = await screen.findByRole('link', { name: 'View my meetings' });
    expect(link).toHaveAttribute('href', '/account?tab=meetings');
    expect(screen.getByRole('region', { name: 'Your discovery call is booked' })).toHaveTextContent(
      "We'll confirm it by email within 24 hours.",
    );
    expect(await findToast('Call booked!')).toBeInTheDocument();
    expect(backend.bookings).toEqual([
      { slot_start: MON_9.slot_start, name: 'Ada', email: 'ada@example.com', call_type: 'discovery' },
    ]);
  });

  it("fills in a signed-in customer's name from their billing details, keeping what they typed (#45.7)", async () => {
    backend.billing = () => json([{ name: 'Ada Lovelace' }]);
    useSessionStore.getState().setSession({
      user: { id: '0f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a', email: 'ada@example.com' },
      accessToken: 'token',
    });
    const user = userEvent.setup();
    renderCalendar();
    await user.click(await screen.findByRole('button', { name: '9:00 AM' }));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Ada Lovelace'));
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    await screen.findByRole('link', { name: 'View my meetings' });
    expect(backend.bookings).toEqual([
      {
        slot_start: MON_9.slot_start,
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        call_type: 'discovery',
      },
    ]);
  });

  it('leaves the name to the customer when their billing details cannot be read', async () => {
    backend.billing = () => {
      throw new TypeError('Failed to fetch');
    };
    useSessionStore.getState().setSession({
      user: { id: '0f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a', email: 'ada@example.com' },
      accessToken: 'token',
    });
    const user = userEvent.setup();
    renderCalendar();
    await user.click(await screen.findByRole('button', { name: '9:00 AM' }));
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com'));
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says a signed-in booking for another address waits for the link e-mailed there, and is not in the account (#44)', async () => {
    useSessionStore.getState().setSession({
      user: { id: '0f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a', email: 'ada@example.com' },
      accessToken: 'token',
    });
    const user = userEvent.setup();
    renderCalendar();
    await user.click(await screen.findByRole('button', { name: '9:00 AM' }));
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com'));
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'grace@example.com');
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    expect(await screen.findByRole('region', { name: 'Please confirm your call' })).toHaveTextContent(
      "We've e-mailed that address a link to confirm it. We hold this time until then.",
    );
    expect(screen.queryByRole('link', { name: 'View my meetings' })).not.toBeInTheDocument();
    expect(await findToast('Check that inbox')).toBeInTheDocument();
  });

  it('books the AI Strategy Call when the page asks for it (#33.6)', async () => {
    const user = userEvent.setup();
    renderWithProviders(<BookingCalendar timeZone="Europe/Berlin" callType="strategy" />);
    await user.click(await screen.findByRole('button', { name: '9:00 AM' }));
    expect(screen.getByRole('form', { name: 'Your details' })).toHaveTextContent(
      'AI Strategy Call: Monday, November 24, 9:00 AM - 9:30 AM',
    );
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    await screen.findByRole('region', { name: 'Please confirm your call' });
    expect(backend.bookings).toEqual([expect.objectContaining({ call_type: 'strategy' })]);
  });

  it('lets the visitor change the time without losing the details', async () => {
    const user = userEvent.setup();
    renderCalendar();
    await user.click(await screen.findByRole('button', { name: '9:00 AM' }));
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Change time' }));
    expect(screen.queryByRole('form', { name: 'Your details' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Tue/ }));
    await user.click(screen.getByRole('button', { name: '2:00 PM' }));
    expect(screen.getByLabelText('Name')).toHaveValue('Ada');
  });

  describe('as one widget for the keyboard (WAI-ARIA toolbar, roving tabindex)', () => {
    beforeEach(() => {
      backend.slots = [() => json([MON_9, MON_930, TUE_14, TUE_DEC_2_9])];
    });

    const day = (name: RegExp) => screen.getByRole('button', { name });
    const expectFocus = (element: HTMLElement) => waitFor(() => expect(element).toHaveFocus());

    it('names each day by the words it shows, then how many times are free; a booked-out day says so and cannot be chosen', async () => {
      const user = userEvent.setup();
      renderCalendar();
      const days = await screen.findByRole('toolbar', { name: 'Choose a day' });
      const names = [
        'Mon Nov 24, 2 times free',
        'Tue Nov 25, 1 time free',
        'Mon Dec 1, no times free',
        'Tue Dec 2, 1 time free',
      ];
      const buttons = within(days).getAllByRole('button');
      expect(buttons).toHaveLength(names.length);
      buttons.forEach((button, i) => expect(button).toHaveAccessibleName(names[i]));
      // No stray space before a comma, in any name in the picker.
      for (const button of screen.getAllByRole('button')) {
        expect(button).not.toHaveAccessibleName(/\s,/);
      }
      const full = day(/^Mon Dec 1,/);
      expect(full).toBeDisabled();
      await user.click(full);
      expect(full).toHaveAttribute('aria-pressed', 'false');
      expect(screen.getByRole('toolbar', { name: 'Times on Monday, November 24' })).toBeInTheDocument();
    });

    it('is one tab stop for the days and one for the times; arrows, Home and End move between them', async () => {
      const user = userEvent.setup();
      renderCalendar();
      const days = await screen.findByRole('toolbar', { name: 'Choose a day' });
      // Only the chosen day can be reached with Tab.
      expect(
        within(days)
          .getAllByRole('button')
          .filter((b) => b.tabIndex === 0),
      ).toEqual([day(/^Mon Nov 24,/)]);

      await user.tab();
      expect(day(/^Mon Nov 24,/)).toHaveFocus();
      await user.keyboard('{ArrowRight}');
      await expectFocus(day(/^Tue Nov 25,/));
      // The booked-out Monday is passed over.
      await user.keyboard('{ArrowRight}');
      await expectFocus(day(/^Tue Dec 2,/));
      await user.keyboard('{ArrowLeft}');
      await expectFocus(day(/^Tue Nov 25,/));
      await user.keyboard('{End}');
      await expectFocus(day(/^Tue Dec 2,/));
      await user.keyboard('{Home}');
      await expectFocus(day(/^Mon Nov 24,/));
      await user.keyboard('{ArrowDown}');
      await expectFocus(day(/^Tue Nov 25,/));
      // Moving chooses nothing: the times are still Monday's.
      expect(day(/^Mon Nov 24,/)).toHaveAttribute('aria-pressed', 'true');
      expect(screen.getByRole('toolbar', { name: 'Times on Monday, November 24' })).toBeInTheDocument();

      // One Tab leaves the days for the times, at their first; one more leaves the times.
      await user.tab();
      const times = screen.getByRole('toolbar', { name: 'Times on Monday, November 24' });
      expect(within(times).getByRole('button', { name: '9:00 AM' })).toHaveFocus();
      await user.keyboard('{ArrowRight}');
      await expectFocus(within(times).getByRole('button', { name: '9:30 AM' }));
      await user.keyboard('{Enter}');
      expect(within(times).getByRole('button', { name: '9:30 AM' })).toHaveAttribute('aria-pressed', 'true');
      await user.tab();
      expect(screen.getByLabelText('Name')).toHaveFocus();

      // Back in, each bar is entered at its chosen one, wherever focus was in it before.
      await user.tab({ shift: true });
      expect(within(times).getByRole('button', { name: '9:30 AM' })).toHaveFocus();
      await user.tab({ shift: true });
      expect(day(/^Mon Nov 24,/)).toHaveFocus();
    });

    it('chooses with Space as with Enter and a click', async () => {
      const user = userEvent.setup();
      renderCalendar();
      await screen.findByRole('toolbar', { name: 'Choose a day' });
      await user.tab();
      await user.keyboard('{End}');
      await expectFocus(day(/^Tue Dec 2,/));
      await user.keyboard(' ');
      expect(day(/^Tue Dec 2,/)).toHaveAttribute('aria-pressed', 'true');
      expect(screen.getByRole('toolbar', { name: 'Times on Tuesday, December 2' })).toBeInTheDocument();
      await user.click(day(/^Tue Nov 25,/));
      expect(day(/^Tue Nov 25,/)).toHaveAttribute('aria-pressed', 'true');
      expect(day(/^Tue Dec 2,/)).toHaveAttribute('aria-pressed', 'false');
      // The clicked day is the tab stop now.
      expect(day(/^Tue Nov 25,/)).toHaveAttribute('tabindex', '0');
      expect(day(/^Mon Nov 24,/)).toHaveAttribute('tabindex', '-1');
    });

    it('keeps focus in the picker when the form goes: Change time and Book another call', async () => {
      const user = userEvent.setup();
      renderCalendar();
      await user.click(await screen.findByRole('button', { name: '9:30 AM' }));
      await user.click(screen.getByRole('button', { name: 'Change time' }));
      expect(screen.queryByRole('form', { name: 'Your details' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: '9:30 AM' })).toHaveFocus();

      await user.keyboard('{Enter}');
      await fillDetails(user);
      await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
      await user.click(await screen.findByRole('button', { name: 'Book another call' }));
      // On the picker (the times reload under it), from where Tab reaches the days.
      await screen.findByRole('toolbar', { name: 'Choose a day' });
      expect(document.body).not.toHaveFocus();
      await user.tab();
      expect(day(/^Mon Nov 24,/)).toHaveFocus();
    });
  });
});
