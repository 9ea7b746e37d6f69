import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from 'shared-lib';
import { createTestSupabase, json, renderWithProviders, resetStores } from 'shared-lib/src/testing';
import { blockTime } from '../../features/calendar/api/block-time';
import { fetchBookingSettings, saveBookingSettings } from '../../features/calendar/api/booking-settings';
import { cancelCall } from '../../features/calendar/api/cancel-call';
import { completeCall } from '../../features/calendar/api/complete-call';
import { confirmCall } from '../../features/calendar/api/confirm-call';
import { fetchCalendar } from '../../features/calendar/api/fetch-calendar';
import { unblockTime } from '../../features/calendar/api/unblock-time';
import { blockout, calendar, call, callChanged, settings } from '../../testing/calendar';
import { networkDown } from '../../testing/orders';
import CalendarPage from '../CalendarPage';

jest.mock('../../features/calendar/api/fetch-calendar');
jest.mock('../../features/calendar/api/confirm-call');
jest.mock('../../features/calendar/api/complete-call');
jest.mock('../../features/calendar/api/cancel-call');
jest.mock('../../features/calendar/api/block-time');
jest.mock('../../features/calendar/api/unblock-time');
jest.mock('../../features/calendar/api/booking-settings');
const fetchCalendarMock = jest.mocked(fetchCalendar);
const confirmCallMock = jest.mocked(confirmCall);
const completeCallMock = jest.mocked(completeCall);
const cancelCallMock = jest.mocked(cancelCall);
const blockTimeMock = jest.mocked(blockTime);
const unblockTimeMock = jest.mocked(unblockTime);
const fetchSettingsMock = jest.mocked(fetchBookingSettings);
const saveSettingsMock = jest.mocked(saveBookingSettings);

const route = '/admin/calendar?from=2026-11-30';
const moved = {
  id: call().id,
  status: 'scheduled',
  scheduled_at: null,
  confirmed_at: null,
  cancelled_at: null,
};

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  fetchSettingsMock.mockResolvedValue(settings());
});
afterEach(() => {
  resetStores();
  jest.resetAllMocks();
});

const day = (name: string) => screen.getByRole('region', { name });
const theCall = async () => screen.findByRole('article', { name: /10:00 AM to 10:30 AM, Discovery Call/ });
const notice = (text: string) => screen.findByText(text, { selector: 'p[tabindex="-1"]' });

describe('the calendar desk', () => {
  it("shows a week by the agency's day: the calls with their booker, type, status and notes", async () => {
    fetchCalendarMock.mockResolvedValue(
      calendar({
        calls: [
          call({ status: 'scheduled' }),
          call({
            id: 'ca11ca11-0000-4000-8000-000000000002',
            // 00:30 on Thursday in Berlin, still Wednesday in UTC.
            scheduled_at: '2026-12-02T23:30:00Z',
            ends_at: '2026-12-03T00:00:00Z',
            hold: true,
            hold_expires_at: '2026-12-01T10:00:00Z',
            name: 'Grace Hopper',
            email: 'grace@example.com',
            account_email: null,
            notes: null,
          }),
        ],
      }),
    );
    renderWithProviders(<CalendarPage />, { route });
    expect(screen.getByText('Loading the calendar...')).toBeInTheDocument();
    const confirmed = within(await theCall());
    expect(fetchCalendarMock).toHaveBeenCalledWith('2026-11-30', 7, expect.any(AbortSignal));
    expect(confirmed.getByText('Confirmed')).toBeInTheDocument();
    expect(confirmed.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(confirmed.getByText('ada@example.com')).toBeInTheDocument();
    expect(confirmed.getByText('About a chatbot for our shop')).toBeInTheDocument();
    // A confirmed call: Mark completed, and Cancel behind its disclosure (jsdom keeps a closed <details>' form).
    expect(confirmed.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Mark completed',
      'Cancel call',
    ]);
    expect(confirmed.getByText(/^Cancel/, { selector: 'summary' })).toHaveTextContent(
      'Cancel the call with Ada Lovelace…',
    );
    expect(day('Monday, November 30')).toContainElement(confirmed.getByText('Ada Lovelace'));

    const hold = within(within(day('Thursday, December 3')).getByRole('article'));
    expect(hold.getByRole('heading')).toHaveTextContent('12:30 AM to 1:00 AM, Discovery Call');
    expect(hold.getByText('Hold')).toBeInTheDocument();
    expect(hold.getByText(/^11:00 AM, unless the booker confirms it/)).toBeInTheDocument();
    expect(hold.getByRole('button', { name: 'Confirm the call with Grace Hopper' })).toBeInTheDocument();
    expect(within(day('Wednesday, December 2')).getByText('No calls.')).toBeInTheDocument();
    expect(screen.getByText('Monday, November 30 to Sunday, December 6 (Europe/Berlin)')).toBeInTheDocument();
  });

  it('says when a week has no calls and no blocked time', async () => {
    fetchCalendarMock.mockResolvedValue(calendar());
    renderWithProviders(<CalendarPage />, { route });
    expect(await screen.findAllByText('No calls.')).toHaveLength(7);
    expect(screen.getByText('No time is blocked in these days.')).toBeInTheDocument();
  });

  it('moves to later and earlier weeks through the address', async () => {
    fetchCalendarMock.mockResolvedValue(calendar());
    renderWithProviders(<CalendarPage />, { route });
    await userEvent.click(await screen.findByRole('link', { name: 'Later days' }));
    await waitFor(() =>
      expect(fetchCalendarMock).toHaveBeenLastCalledWith('2026-12-07', 7, expect.any(AbortSignal)),
    );
    expect(await screen.findByTestId('location')).toHaveTextContent('/admin/calendar?from=2026-12-07');
    await userEvent.click(screen.getByRole('link', { name: 'Earlier days' }));
    await waitFor(() =>
      expect(fetchCalendarMock).toHaveBeenLastCalledWith('2026-11-30', 7, expect.any(AbortSignal)),
    );
  });

  it('confirms a requested call, says so, shows it confirmed and has the booker e-mailed now', async () => {
    const emailed: string[] = [];
    createTestSupabase((url) => {
      emailed.push(url.pathname);
      return json({ sent: 1, failed: 0 });
    });
    fetchCalendarMock
      .mockResolvedValueOnce(calendar({ calls: [call()] }))
      .mockResolvedValueOnce(calendar({ calls: [call({ status: 'scheduled' })] }));
    confirmCallMock.mockResolvedValue(moved);
    renderWithProviders(<CalendarPage />, { route });
    const requested = within(await theCall());
    expect(requested.getByText('Requested')).toBeInTheDocument();
    await userEvent.click(requested.getByRole('button', { name: 'Confirm the call with Ada Lovelace' }));
    await waitFor(async () =>
      expect(await notice('The call with Ada Lovelace is confirmed; they are e-mailed.')).toHaveFocus(),
    );
    expect(confirmCallMock).toHaveBeenCalledWith(call().id);
    expect(await within(await theCall()).findByText('Confirmed')).toBeInTheDocument();
    expect(
      within(await theCall()).getByRole('button', { name: 'Mark completed the call with Ada Lovelace' }),
    ).toBeInTheDocument();
    // The confirmation e-mail goes now, not at the outbox's next sweep.
    await waitFor(() => expect(emailed).toEqual(['/functions/v1/send-emails']));
  });

  it('marks a confirmed call completed', async () => {
    fetchCalendarMock
      .mockResolvedValueOnce(calendar({ calls: [call({ status: 'scheduled' })] }))
      .mockResolvedValueOnce(calendar({ calls: [call({ status: 'completed' })] }));
    completeCallMock.mockResolvedValue({ ...moved, status: 'completed' });
    renderWithProviders(<CalendarPage />, { route });
    await userEvent.click(within(await theCall()).getByRole('button', { name: /^Mark completed/ }));
    expect(await notice('The call with Ada Lovelace is completed.')).toBeInTheDocument();
    const done = within(await theCall());
    expect(await done.findByText('Completed')).toBeInTheDocument();
    expect(done.queryByRole('button')).not.toBeInTheDocument();
  });

  it('cancels a call with a message e-mailed to the booker now', async () => {
    const emailed: string[] = [];
    createTestSupabase((url) => {
      emailed.push(url.pathname);
      return json({ sent: 1, failed: 0 });
    });
    fetchCalendarMock
      .mockResolvedValueOnce(calendar({ calls: [call({ status: 'scheduled' })] }))
      .mockResolvedValueOnce(calendar({ calls: [call({ status: 'cancelled' })] }));
    cancelCallMock.mockResolvedValue({ ...moved, status: 'cancelled' });
    renderWithProviders(<CalendarPage />, { route });
    const scheduled = within(await theCall());
    await userEvent.click(scheduled.getByText(/^Cancel/, { selector: 'summary' }));
    const form = within(scheduled.getByRole('form', { name: /Cancel the call with Ada Lovelace/ }));
    await userEvent.type(form.getByLabelText('Message to the booker (optional)'), ' Sorry, I am ill. ');
    await userEvent.click(form.getByRole('button', { name: 'Cancel call' }));
    expect(await notice('The call with Ada Lovelace is cancelled; they are e-mailed.')).toBeInTheDocument();
    expect(cancelCallMock).toHaveBeenCalledWith({ meetingId: call().id, message: 'Sorry, I am ill.' });
    expect(await within(await theCall()).findByText('Cancelled')).toBeInTheDocument();
    await waitFor(() => expect(emailed).toEqual(['/functions/v1/send-emails']));
  });

  it('when someone else acted first, says what the call is now and shows it so', async () => {
    fetchCalendarMock
      .mockResolvedValueOnce(calendar({ calls: [call()] }))
      .mockResolvedValueOnce(calendar({ calls: [call({ status: 'cancelled' })] }));
    confirmCallMock.mockRejectedValue(callChanged('cancelled'));
    renderWithProviders(<CalendarPage />, { route });
    await userEvent.click(within(await theCall()).getByRole('button', { name: /^Confirm/ }));
    const said = await notice('Someone else changed this call meanwhile: it is now Cancelled.');
    await waitFor(() => expect(said).toHaveFocus());
    const now = within(await theCall());
    expect(await now.findByText('Cancelled')).toBeInTheDocument();
    expect(now.queryByRole('button')).not.toBeInTheDocument();
    expect(fetchCalendarMock).toHaveBeenCalledTimes(2);
  });

  it('a cancel that came too late says so beside the form and on the page', async () => {
    fetchCalendarMock
      .mockResolvedValueOnce(calendar({ calls: [call({ status: 'scheduled' })] }))
      .mockResolvedValueOnce(calendar({ calls: [call({ status: 'completed' })] }));
    cancelCallMock.mockRejectedValue(callChanged('completed'));
    renderWithProviders(<CalendarPage />, { route });
    const scheduled = within(await theCall());
    await userEvent.click(scheduled.getByText(/^Cancel/, { selector: 'summary' }));
    await userEvent.click(scheduled.getByRole('button', { name: 'Cancel call' }));
    expect(
      await notice('Someone else changed this call meanwhile: it is now Completed.'),
    ).toBeInTheDocument();
    expect(await within(await theCall()).findByText('Completed')).toBeInTheDocument();
  });

  it('says why when the network is down during an action, and keeps the call as it was', async () => {
    fetchCalendarMock.mockResolvedValue(calendar({ calls: [call()] }));
    confirmCallMock.mockRejectedValue(networkDown());
    renderWithProviders(<CalendarPage />, { route });
    const requested = within(await theCall());
    await userEvent.click(requested.getByRole('button', { name: /^Confirm/ }));
    expect(await requested.findByRole('alert')).toHaveTextContent(/We couldn't reach our server/);
    expect(requested.getByRole('button', { name: /^Confirm/ })).toHaveAccessibleDescription(
      /We couldn't reach our server/,
    );
    expect(fetchCalendarMock).toHaveBeenCalledTimes(1);
  });

  it('says so when the calendar cannot be loaded, with Retry', async () => {
    fetchCalendarMock.mockRejectedValueOnce(networkDown()).mockResolvedValue(calendar({ calls: [call()] }));
    renderWithProviders(<CalendarPage />, { route });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("The calendar could not be loaded. We couldn't reach our server.");
    expect(alert).not.toHaveTextContent(/fetch|TypeError|\d+\.\d+\.\d+\.\d+/);
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await theCall()).toBeInTheDocument();
  });
});

describe('block-outs', () => {
  const blockForm = () => within(screen.getByRole('form', { name: 'Block time' }));

  it("blocks a whole day from midnight to midnight in the agency's zone", async () => {
    fetchCalendarMock
      .mockResolvedValueOnce(calendar())
      .mockResolvedValueOnce(calendar({ blockouts: [blockout()] }));
    blockTimeMock.mockResolvedValue(blockout().id);
    renderWithProviders(<CalendarPage />, { route });
    await screen.findByRole('form', { name: 'Block time' });
    expect(blockForm().getByLabelText('The whole day')).toBeChecked();
    await userEvent.clear(blockForm().getByLabelText(/^Day/));
    await userEvent.type(blockForm().getByLabelText(/^Day/), '2026-12-01');
    await userEvent.type(blockForm().getByLabelText('Reason (optional)'), 'Team day');
    await userEvent.click(blockForm().getByRole('button', { name: 'Block' }));
    expect(await notice('Tuesday, December 1 is blocked all day.')).toBeInTheDocument();
    expect(blockTimeMock).toHaveBeenCalledWith({
      startsAt: '2026-11-30T23:00:00.000Z',
      endsAt: '2026-12-01T23:00:00.000Z',
      reason: 'Team day',
    });
    const table = within(await screen.findByRole('table', { name: 'Blocked times in these days' }));
    expect(table.getByRole('rowheader', { name: 'Tuesday, December 1, all day' })).toBeInTheDocument();
    expect(
      within(day('Tuesday, December 1')).getByText('Blocked: Tuesday, December 1, all day (Team day)'),
    ).toBeInTheDocument();
  });

  it('blocks some hours, and refuses an end before the start without calling', async () => {
    fetchCalendarMock.mockResolvedValue(calendar());
    blockTimeMock.mockResolvedValue(blockout().id);
    renderWithProviders(<CalendarPage />, { route });
    await screen.findByRole('form', { name: 'Block time' });
    await userEvent.clear(blockForm().getByLabelText(/^Day/));
    await userEvent.type(blockForm().getByLabelText(/^Day/), '2026-12-01');
    await userEvent.click(blockForm().getByLabelText('The whole day'));
    const from = blockForm().getByLabelText(/^From \(Europe\/Berlin\)/);
    const to = blockForm().getByLabelText(/^To \(Europe\/Berlin\)/);
    await userEvent.clear(from);
    await userEvent.type(from, '14:00');
    await userEvent.clear(to);
    await userEvent.type(to, '13:00');
    await userEvent.click(blockForm().getByRole('button', { name: 'Block' }));
    expect(await blockForm().findByText('The end is after the start')).toBeInTheDocument();
    expect(blockTimeMock).not.toHaveBeenCalled();
    await userEvent.clear(to);
    await userEvent.type(to, '16:30');
    await userEvent.click(blockForm().getByRole('button', { name: 'Block' }));
    expect(await notice('Tuesday, December 1 is blocked from 14:00 to 16:30.')).toBeInTheDocument();
    expect(blockTimeMock).toHaveBeenCalledWith({
      startsAt: '2026-12-01T13:00:00.000Z',
      endsAt: '2026-12-01T15:30:00.000Z',
      reason: '',
    });
  });

  it('removes a block-out', async () => {
    fetchCalendarMock
      .mockResolvedValueOnce(
        calendar({
          blockouts: [
            blockout({ starts_at: '2026-12-01T13:00:00Z', ends_at: '2026-12-01T15:30:00Z', reason: null }),
          ],
        }),
      )
      .mockResolvedValueOnce(calendar());
    unblockTimeMock.mockResolvedValue(undefined);
    renderWithProviders(<CalendarPage />, { route });
    await userEvent.click(
      await screen.findByRole('button', {
        name: 'Remove the block-out Tuesday, December 1, 2:00 PM to 4:30 PM',
      }),
    );
    expect(await notice('Tuesday, December 1, 2:00 PM to 4:30 PM can be booked again.')).toBeInTheDocument();
    expect(unblockTimeMock).toHaveBeenCalledWith(blockout().id);
    expect(await screen.findByText('No time is blocked in these days.')).toBeInTheDocument();
  });
});

describe('booking settings', () => {
  it('shows the settings and saves the changes', async () => {
    fetchCalendarMock.mockResolvedValue(calendar());
    saveSettingsMock.mockResolvedValue(settings({ slot_minutes: 45, weekdays: [1, 2, 3, 4] }));
    renderWithProviders(<CalendarPage />, { route });
    const panel = within(await screen.findByRole('form', { name: 'Booking settings' }));
    expect(panel.getByText("Times are in the agency's time zone, Europe/Berlin.")).toBeInTheDocument();
    expect(panel.getByLabelText(/First call starts at/)).toHaveValue('09:00');
    expect(panel.getByLabelText(/Last call ends by/)).toHaveValue('17:00');
    expect(panel.getByLabelText(/Hold on a guest's booking/)).toHaveValue('30');
    expect(panel.getByRole('checkbox', { name: 'Saturday' })).not.toBeChecked();
    await userEvent.click(panel.getByRole('checkbox', { name: 'Friday' }));
    await userEvent.clear(panel.getByLabelText(/Call length/));
    await userEvent.type(panel.getByLabelText(/Call length/), '45');
    await userEvent.click(panel.getByRole('button', { name: 'Save settings' }));
    expect(
      await panel.findByText('Saved. The booking page offers times by these settings now.'),
    ).toBeInTheDocument();
    expect(saveSettingsMock).toHaveBeenCalledWith({
      slot_minutes: 45,
      weekdays: [1, 2, 3, 4],
      day_start: '09:00',
      day_end: '17:00',
      horizon_days: 21,
      min_notice_minutes: 1440,
      hold_seconds: 1800,
    });
  });

  it('refuses values out of range, no day and a day that ends before it starts, without calling', async () => {
    fetchCalendarMock.mockResolvedValue(calendar());
    renderWithProviders(<CalendarPage />, { route });
    const panel = within(await screen.findByRole('form', { name: 'Booking settings' }));
    for (const name of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'])
      await userEvent.click(panel.getByRole('checkbox', { name }));
    await userEvent.clear(panel.getByLabelText(/Call length/));
    await userEvent.type(panel.getByLabelText(/Call length/), '5');
    await userEvent.clear(panel.getByLabelText(/Last call ends by/));
    await userEvent.type(panel.getByLabelText(/Last call ends by/), '08:00');
    await userEvent.click(panel.getByRole('button', { name: 'Save settings' }));
    expect(await panel.findByText('The call length is from 10 to 240')).toBeInTheDocument();
    expect(panel.getByText('Choose at least one day of the week')).toBeInTheDocument();
    expect(panel.getByText('The day ends after it starts')).toBeInTheDocument();
    expect(saveSettingsMock).not.toHaveBeenCalled();
  });

  it("tells the database's refusal in words", async () => {
    fetchCalendarMock.mockResolvedValue(calendar());
    saveSettingsMock.mockRejectedValue(
      new ApiError({
        code: '23514',
        status: 400,
        message: 'new row for relation "booking_settings" violates check constraint "booking_settings_check"',
      }),
    );
    renderWithProviders(<CalendarPage />, { route });
    const panel = within(await screen.findByRole('form', { name: 'Booking settings' }));
    await userEvent.click(panel.getByRole('button', { name: 'Save settings' }));
    expect(await panel.findByText(/^The calendar refused these settings\./)).toBeInTheDocument();
    expect(screen.queryByText(/violates|booking_settings_check/)).not.toBeInTheDocument();
  });

  it('says so when the settings cannot be loaded', async () => {
    fetchCalendarMock.mockResolvedValue(calendar());
    fetchSettingsMock.mockReset().mockRejectedValue(networkDown());
    renderWithProviders(<CalendarPage />, { route });
    expect(await screen.findByText(/^The booking settings could not be loaded\./)).toBeInTheDocument();
  });
});
