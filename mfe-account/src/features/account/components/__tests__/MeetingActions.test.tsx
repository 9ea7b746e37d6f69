import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAnnouncerStore, useSessionStore, type MeetingRow } from 'shared-lib';
import { createTestSupabase, json, renderWithProviders, resetStores } from 'shared-lib/src/testing';
import { MeetingCard } from '../MeetingCard';

const USER = { id: '0f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a', email: 'ada@example.com' };
const inDays = (days: number, hour = 9) => {
  const day = new Date(Date.now() + days * 86_400_000);
  day.setUTCHours(hour, 30, 0, 0);
  return day.toISOString();
};
const upcoming: MeetingRow = {
  id: '7d0c4d6e-1b1a-4c1e-9a38-0d9d4ad1c001',
  user_id: USER.id,
  created_at: '2026-11-28T09:00:00Z',
  meeting_type: 'Discovery Call',
  scheduled_at: inDays(5),
  ends_at: inDays(5, 10).replace(':30:00', ':00:00'),
  status: 'requested',
  notes: null,
  time_zone: 'Europe/Berlin',
};
const requested: MeetingRow = {
  ...upcoming,
  id: '7d0c4d6e-1b1a-4c1e-9a38-0d9d4ad1c002',
  meeting_type: 'AI Strategy Call',
  scheduled_at: null,
  ends_at: null,
};
const SLOTS = [
  { slot_start: inDays(6), slot_end: inDays(6, 10).replace(':30:00', ':00:00') },
  { slot_start: inDays(7, 13), slot_end: inDays(7, 14).replace(':30:00', ':00:00') },
];

interface Call {
  path: string;
  body: unknown;
  prefer: string | null;
}
let calls: Call[];
let answer: Record<string, () => Response>;

beforeEach(() => {
  calls = [];
  answer = {
    '/rest/v1/rpc/cancel_my_meeting': () => json({ state: 'cancelled', meetingType: 'Discovery Call' }),
    '/rest/v1/rpc/available_slots': () => json(SLOTS),
    '/rest/v1/rpc/schedule_my_meeting': () => json({ state: 'confirmed', meetingType: 'AI Strategy Call' }),
    '/functions/v1/send-emails': () => json({ sent: 1, failed: 0 }),
  };
  createTestSupabase((url, init) => {
    calls.push({
      path: url.pathname,
      body: init.body ? JSON.parse(String(init.body)) : null,
      prefer: new Headers(init.headers).get('Prefer'),
    });
    const respond = answer[url.pathname];
    if (!respond) throw new Error(`unexpected request ${url.pathname}`);
    return respond();
  });
  useSessionStore.getState().setSession({ user: USER, accessToken: 'token' });
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  resetStores();
  jest.restoreAllMocks();
});

it('cancels an upcoming call after asking, says so, and reloads the list', async () => {
  const user = userEvent.setup();
  const onChanged = jest.fn();
  renderWithProviders(<MeetingCard meeting={upcoming} onChanged={onChanged} />);
  const card = screen.getByRole('article', { name: 'Discovery Call' });
  await user.click(within(card).getByRole('button', { name: 'Cancel call' }));
  const question = within(card).getByText(
    (_, element) =>
      element?.tagName === 'P' &&
      element.textContent === 'Cancel this call? Its time is then free for others.',
  );
  await waitFor(() => expect(question).toHaveFocus());

  // Keeping it asks nothing of the server.
  await user.click(within(card).getByRole('button', { name: 'Keep the call' }));
  expect(calls).toEqual([]);
  await user.click(within(card).getByRole('button', { name: 'Cancel call' }));
  await user.click(within(card).getByRole('button', { name: 'Yes, cancel the call' }));
  await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
  expect(calls[0]).toMatchObject({
    path: '/rest/v1/rpc/cancel_my_meeting',
    body: { meeting_id: upcoming.id },
  });
  expect(useAnnouncerStore.getState().current?.message).toBe(
    'Your call is cancelled, and its time is free for others.',
  );
});

it('says why a cancel failed, in words, and keeps the question open', async () => {
  const user = userEvent.setup();
  answer['/rest/v1/rpc/cancel_my_meeting'] = () =>
    json(
      { code: 'meeting_not_upcoming', message: 'This call can no longer be cancelled: it has passed.' },
      410,
    );
  const onChanged = jest.fn();
  renderWithProviders(<MeetingCard meeting={upcoming} onChanged={onChanged} />);
  await user.click(screen.getByRole('button', { name: 'Cancel call' }));
  await user.click(screen.getByRole('button', { name: 'Yes, cancel the call' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'This call can no longer be cancelled: it has passed.',
  );
  expect(screen.getByRole('button', { name: 'Yes, cancel the call' })).toBeEnabled();
  expect(onChanged).not.toHaveBeenCalled();
});

it('downloads the call as an .ics file', async () => {
  const user = userEvent.setup();
  const files: Blob[] = [];
  const created = jest.fn((blob: Blob) => {
    files.push(blob);
    return 'blob:call';
  });
  Object.assign(URL, { createObjectURL: created, revokeObjectURL: jest.fn() });
  let downloaded = '';
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    downloaded = this.download;
  });
  renderWithProviders(<MeetingCard meeting={upcoming} onChanged={jest.fn()} />);
  await user.click(screen.getByRole('button', { name: 'Add to calendar (.ics)' }));
  expect(click).toHaveBeenCalledTimes(1);
  expect(downloaded).toBe(`discovery-call-${upcoming.scheduled_at!.slice(0, 10)}.ics`);
  expect(files[0]!.type).toBe('text/calendar;charset=utf-8');
  // jsdom's Blob has no text(): a FileReader reads it, as a browser's would.
  const text = await new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(files[0]!);
  });
  expect(text).toContain(`DTSTART:${upcoming.scheduled_at!.replace(/[-:]/g, '').replace('.000', '')}`);
  expect(text).toContain('SUMMARY:Discovery Call with AI Made Simple');
});

it('offers nothing for a call that has passed or was cancelled', () => {
  renderWithProviders(
    <>
      <MeetingCard meeting={{ ...upcoming, scheduled_at: '2020-01-01T09:00:00Z' }} onChanged={jest.fn()} />
      <MeetingCard meeting={{ ...upcoming, id: 'x', status: 'cancelled' }} onChanged={jest.fn()} />
    </>,
  );
  expect(screen.queryByRole('button')).not.toBeInTheDocument();
});

it('picks a time for a requested call from the free slots, in the browser’s zone, and reloads the list', async () => {
  const user = userEvent.setup();
  const onChanged = jest.fn();
  renderWithProviders(<MeetingCard meeting={requested} onChanged={onChanged} />);
  const card = screen.getByRole('article', { name: 'AI Strategy Call' });
  expect(within(card).queryByRole('button', { name: 'Cancel call' })).not.toBeInTheDocument();
  await user.click(within(card).getByRole('button', { name: 'Pick a time' }));
  const time = await within(card).findByRole('combobox', { name: 'Time (your time zone)' });
  expect(within(time).getAllByRole('option')).toHaveLength(2);
  await user.selectOptions(time, SLOTS[1]!.slot_start);
  await user.click(within(card).getByRole('button', { name: 'Book this time' }));
  await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
  const booked = calls.find((c) => c.path === '/rest/v1/rpc/schedule_my_meeting')!;
  expect(booked.body).toEqual({ meeting_id: requested.id, slot_start: SLOTS[1]!.slot_start });
  expect(booked.prefer).toBe(`timezone=${Intl.DateTimeFormat().resolvedOptions().timeZone}`);
  expect(useAnnouncerStore.getState().current?.message).toMatch(/^Your call is booked for /);
});

it('says so when the chosen time was just taken, and lets the customer choose again', async () => {
  const user = userEvent.setup();
  answer['/rest/v1/rpc/schedule_my_meeting'] = () =>
    json(
      { code: 'P0001', message: 'Sorry, that time has just been booked. Please choose another time.' },
      400,
    );
  renderWithProviders(<MeetingCard meeting={requested} onChanged={jest.fn()} />);
  await user.click(screen.getByRole('button', { name: 'Pick a time' }));
  await user.click(await screen.findByRole('button', { name: 'Book this time' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Sorry, that time has just been booked. Please choose another time.',
  );
  expect(screen.getByRole('combobox', { name: 'Time (your time zone)' })).toBeEnabled();
});

it('says in words when the free times cannot be loaded', async () => {
  const user = userEvent.setup();
  answer['/rest/v1/rpc/available_slots'] = () => {
    throw new TypeError('Failed to fetch');
  };
  renderWithProviders(<MeetingCard meeting={requested} onChanged={jest.fn()} />);
  await user.click(screen.getByRole('button', { name: 'Pick a time' }));
  const alert = await screen.findByRole('alert');
  expect(alert).not.toHaveTextContent(/fetch|TypeError/);
  expect(screen.getByRole('button', { name: 'Pick a time' })).toBeEnabled();
});
