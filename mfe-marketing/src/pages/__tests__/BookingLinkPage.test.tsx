import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_MESSAGES, useSessionStore, type BookingLinkView } from 'shared-lib';
import { createTestSupabase, json, renderWithProviders, resetStores } from 'shared-lib/src/testing';
import BookingLinkPage from '../BookingLinkPage';

const TOKEN = 'a'.repeat(64);
const call = (state: string, more: Partial<Record<string, unknown>> = {}) => ({
  state,
  meetingType: 'Discovery Call',
  callType: 'discovery',
  startsAt: '2025-11-25T13:00:00Z',
  endsAt: '2025-11-25T13:30:00Z',
  timeZone: 'Europe/Berlin',
  holdExpiresAt: state === 'hold' ? '2025-11-20T10:30:00Z' : null,
  inYourAccount: false,
  canAddToAccount: false,
  ...more,
});

interface Backend {
  view: () => Response;
  confirm: () => Response;
  cancel: () => Response;
  calls: string[];
}
let backend: Backend;

beforeEach(() => {
  backend = {
    view: () => json(call('hold')),
    confirm: () => json(call('confirmed')),
    cancel: () => json(call('cancelled')),
    calls: [],
  };
  createTestSupabase((url) => {
    backend.calls.push(url.pathname);
    if (url.pathname === '/rest/v1/rpc/booking_link') return backend.view();
    if (url.pathname === '/rest/v1/rpc/confirm_booking') return backend.confirm();
    if (url.pathname === '/rest/v1/rpc/cancel_booking') return backend.cancel();
    if (url.pathname === '/functions/v1/send-emails') return json({ sent: 0, failed: 0 });
    throw new Error(`unexpected request ${url.pathname}`);
  });
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  // The page shows times in the visitor's zone.
  jest.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
    timeZone: 'Europe/Berlin',
  } as Intl.ResolvedDateTimeFormatOptions);
});
afterEach(() => {
  resetStores();
  jest.restoreAllMocks();
});

const renderPage = (route = `/booking?token=${TOKEN}`) => renderWithProviders(<BookingLinkPage />, { route });

it("shows the held call's date and time and changes nothing until the button confirms it", async () => {
  const user = userEvent.setup();
  renderPage();
  expect(await screen.findByRole('heading', { name: 'Confirm your call' })).toBeInTheDocument();
  expect(screen.getByText(/^Discovery Call:/)).toHaveTextContent(
    'Discovery Call: Tuesday, November 25, 2:00 PM - 2:30 PM (Europe/Berlin)',
  );
  expect(screen.getByText(/We hold this time for you until 11:30 AM/)).toBeInTheDocument();
  // Opening the page only read the booking.
  expect(backend.calls).toEqual(['/rest/v1/rpc/booking_link']);

  await user.click(screen.getByRole('button', { name: 'Confirm my call' }));
  const heading = await screen.findByRole('heading', { name: 'Your call is confirmed' });
  await waitFor(() => expect(heading).toHaveFocus());
  expect(screen.getByText("We'll confirm the call by email.")).toHaveAttribute('role', 'status');
  expect(screen.queryByRole('button', { name: 'Confirm my call' })).not.toBeInTheDocument();
  await waitFor(() => expect(backend.calls).toContain('/functions/v1/send-emails'));
});

it('offers a confirmed call, and only a confirmed one, as an .ics file (the receipt e-mail links here for it)', async () => {
  const user = userEvent.setup();
  renderPage();
  await screen.findByRole('heading', { name: 'Confirm your call' });
  expect(screen.queryByRole('button', { name: 'Add to calendar (.ics)' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Confirm my call' }));
  const files: Blob[] = [];
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => (files.push(blob), 'blob:call'),
    revokeObjectURL: () => undefined,
  });
  let downloaded = '';
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloaded = this.download;
  });
  await user.click(await screen.findByRole('button', { name: 'Add to calendar (.ics)' }));
  expect(downloaded).toMatch(/^discovery-call-\d{4}-\d{2}-\d{2}\.ics$/);
  expect(files[0]!.type).toBe('text/calendar;charset=utf-8');
});

it('signed in, confirming adds the call to the account and links to Meetings', async () => {
  useSessionStore.getState().setSession({
    user: { id: '0f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a', email: 'ada@example.com' },
    accessToken: 'token',
  });
  backend.view = () => json(call('confirmed', { canAddToAccount: true }));
  backend.confirm = () => json(call('confirmed', { inYourAccount: true }));
  const user = userEvent.setup();
  renderPage();
  await user.click(await screen.findByRole('button', { name: 'Add to my account' }));
  expect(await screen.findByText('It is in your account under Meetings.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'View my meetings' })).toHaveAttribute(
    'href',
    '/account?tab=meetings',
  );
});

it.each([
  ['expired', /This link has expired: the call was not confirmed in time/],
  ['cancelled', /This call was cancelled/],
  ['past', /This call has already taken place/],
])(
  'says in plain words that a %s call cannot be confirmed, and links to book again',
  async (state, words) => {
    backend.view = () => json(call(state));
    renderPage();
    expect(await screen.findByText(words)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book a call' })).toHaveAttribute('href', '/contact');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  },
);

it('says an unknown link is unknown, and asks nothing of the server without a token', async () => {
  backend.view = () => json({ state: 'unknown' } satisfies BookingLinkView);
  renderPage();
  expect(await screen.findByText(/We do not know this link/)).toBeInTheDocument();
  expect(screen.queryByText(/Discovery Call/)).not.toBeInTheDocument();
  resetStores();
  backend.calls = [];
  renderPage('/booking');
  expect((await screen.findAllByText(/We do not know this link/)).length).toBeGreaterThan(0);
  expect(backend.calls).toEqual([]);
});

it('shows the expired state when the hold ran out while the page was open', async () => {
  backend.confirm = () =>
    json({ code: 'booking_link_expired', message: 'This link has expired.', details: null, hint: null }, 410);
  const user = userEvent.setup();
  renderPage();
  await user.click(await screen.findByRole('button', { name: 'Confirm my call' }));
  backend.view = () => json(call('expired'));
  expect(
    await screen.findByText(/This link has expired: the call was not confirmed in time/),
  ).toBeInTheDocument();
});

it('says so in words when the network is down, keeps the button, and Retry loads the call', async () => {
  backend.view = () => {
    throw new TypeError('Failed to fetch');
  };
  const user = userEvent.setup();
  renderPage();
  expect(await screen.findByText('Your call could not be loaded.')).toBeInTheDocument();
  expect(screen.getByText(ERROR_MESSAGES.network)).toBeInTheDocument();
  expect(document.body).not.toHaveTextContent(/TypeError|fetch/);
  backend.view = () => json(call('hold'));
  await user.click(screen.getByRole('button', { name: 'Retry' }));
  await screen.findByRole('button', { name: 'Confirm my call' });

  backend.confirm = () => {
    throw new TypeError('Failed to fetch');
  };
  await user.click(screen.getByRole('button', { name: 'Confirm my call' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(ERROR_MESSAGES.network);
  expect(screen.getByRole('button', { name: 'Confirm my call' })).toBeEnabled();
});

it('cancels an upcoming call after asking once more, then says so, focused, with a link to book another time', async () => {
  backend.view = () => json(call('confirmed'));
  const user = userEvent.setup();
  renderPage();
  expect(
    await screen.findByText('To change the time, cancel this call and book another.'),
  ).toBeInTheDocument();
  const cancel = screen.getByRole('button', { name: 'Cancel this call' });
  await user.click(cancel);
  // The second step asks in the page; keeping the call changes nothing and returns to the button.
  await waitFor(() => expect(screen.getByText('Its time is then free for others.')).toHaveFocus());
  await user.click(screen.getByRole('button', { name: 'Keep the call' }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel this call' })).toHaveFocus());
  expect(backend.calls).toEqual(['/rest/v1/rpc/booking_link']);

  await user.click(screen.getByRole('button', { name: 'Cancel this call' }));
  await user.click(screen.getByRole('button', { name: 'Yes, cancel the call' }));
  const done = await screen.findByText('Your call is cancelled, and its time is free for others.');
  await waitFor(() => expect(done).toHaveFocus());
  expect(done).toHaveAttribute('role', 'status');
  expect(screen.getByRole('link', { name: 'Book another time' })).toHaveAttribute('href', '/contact');
  expect(screen.queryByRole('button')).not.toBeInTheDocument();
  expect(screen.getByText(/^Discovery Call:/)).toBeInTheDocument();
  await waitFor(() => expect(backend.calls).toContain('/functions/v1/send-emails'));
  expect(backend.calls.filter((path) => path === '/rest/v1/rpc/cancel_booking')).toHaveLength(1);
});

it('a held strategy call can be cancelled too, and the link books another strategy call', async () => {
  backend.view = () => json(call('hold', { meetingType: 'AI Strategy Call', callType: 'strategy' }));
  backend.cancel = () => json(call('cancelled', { meetingType: 'AI Strategy Call', callType: 'strategy' }));
  const user = userEvent.setup();
  renderPage();
  await user.click(await screen.findByRole('button', { name: 'Cancel this call' }));
  await user.click(screen.getByRole('button', { name: 'Yes, cancel the call' }));
  expect(await screen.findByRole('link', { name: 'Book another time' })).toHaveAttribute(
    'href',
    '/contact?call=strategy',
  );
});

it('keeps the page and says so in words when the network is down while cancelling; trying again cancels', async () => {
  backend.view = () => json(call('confirmed'));
  backend.cancel = () => {
    throw new TypeError('Failed to fetch');
  };
  const user = userEvent.setup();
  renderPage();
  await user.click(await screen.findByRole('button', { name: 'Cancel this call' }));
  await user.click(screen.getByRole('button', { name: 'Yes, cancel the call' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(ERROR_MESSAGES.network);
  expect(document.body).not.toHaveTextContent(/TypeError|fetch/);
  expect(screen.getByRole('heading', { name: 'Your call is confirmed' })).toBeInTheDocument();
  expect(screen.getByText(/^Discovery Call:/)).toBeInTheDocument();

  backend.cancel = () => json(call('cancelled'));
  await user.click(screen.getByRole('button', { name: 'Yes, cancel the call' }));
  expect(
    await screen.findByText('Your call is cancelled, and its time is free for others.'),
  ).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

it('shows where a call stands when the link no longer cancels it (it passed while the page was open)', async () => {
  backend.view = () => json(call('confirmed'));
  backend.cancel = () =>
    json({ code: 'booking_link_expired', message: 'This link has expired.', details: null, hint: null }, 410);
  const user = userEvent.setup();
  renderPage();
  await user.click(await screen.findByRole('button', { name: 'Cancel this call' }));
  backend.view = () => json(call('past'));
  await user.click(screen.getByRole('button', { name: 'Yes, cancel the call' }));
  expect(await screen.findByText(/This call has already taken place/)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /cancel/i })).not.toBeInTheDocument();
});
