import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_MESSAGES, useSessionStore } from 'shared-lib';
import { createTestSupabase, json, renderWithProviders, resetStores } from 'shared-lib/src/testing';
import { GuestBookingsOffer } from '../GuestBookingsOffer';

const USER = { id: '0f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a', email: 'ada@example.com' };
const OFFERED = {
  id: '7d0c4d6e-1b1a-4c1e-9a38-0d9d4ad1c001',
  meeting_type: 'Discovery Call',
  call_date: '2026-12-03',
};
const DOWN = () => {
  throw new TypeError('Failed to fetch');
};

interface Backend {
  offer: () => Response;
  send: () => Response;
  calls: { path: string; body: unknown }[];
}
let backend: Backend;

beforeEach(() => {
  backend = { offer: () => json([OFFERED]), send: () => json(undefined, 204), calls: [] };
  createTestSupabase((url, init) => {
    backend.calls.push({ path: url.pathname, body: init.body ? JSON.parse(String(init.body)) : null });
    if (url.pathname === '/rest/v1/rpc/guest_bookings_for_account') return backend.offer();
    if (url.pathname === '/rest/v1/rpc/send_booking_link') return backend.send();
    if (url.pathname === '/functions/v1/send-emails') return json({ sent: 1, failed: 0 });
    throw new Error(`unexpected request ${url.pathname}`);
  });
  useSessionStore.getState().setSession({ user: USER, accessToken: 'token' });
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  resetStores();
  jest.restoreAllMocks();
});

it('offers a call booked with the account’s address by its day only, and e-mails its link to that address', async () => {
  const user = userEvent.setup();
  renderWithProviders(<GuestBookingsOffer />);
  const offer = await screen.findByRole('region', { name: 'Calls booked with your email' });
  expect(offer).toHaveTextContent('These calls were booked with ada@example.com without signing in.');
  expect(screen.getByRole('article', { name: 'Discovery Call' })).toHaveTextContent('December 3, 2026');
  await user.click(screen.getByRole('button', { name: 'Email me the link' }));
  const sent = await screen.findByText(
    "We've e-mailed the link to ada@example.com. Open it while signed in to add the call to your account.",
  );
  expect(sent).toHaveAttribute('role', 'status');
  // The button has gone: its words hold focus.
  expect(sent).toHaveFocus();
  expect(backend.calls.find((c) => c.path === '/rest/v1/rpc/send_booking_link')?.body).toEqual({
    meeting_id: OFFERED.id,
  });
  await waitFor(() => expect(backend.calls.map((c) => c.path)).toContain('/functions/v1/send-emails'));
});

it('shows nothing when there is no such call, or while the session still needs its second factor', async () => {
  backend.offer = () => json([]);
  const { unmount } = renderWithProviders(<GuestBookingsOffer />);
  await waitFor(() => expect(backend.calls).toHaveLength(1));
  expect(screen.queryByRole('region')).not.toBeInTheDocument();
  unmount();
  backend.offer = () =>
    json({ code: 'insufficient_aal', message: 'Enter the code.', details: null, hint: null }, 403);
  renderWithProviders(<GuestBookingsOffer />);
  await waitFor(() => expect(backend.calls).toHaveLength(2));
  expect(screen.queryByRole('region')).not.toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

it('says in words when the network is down, and Retry checks again', async () => {
  backend.offer = DOWN;
  const user = userEvent.setup();
  renderWithProviders(<GuestBookingsOffer />);
  expect(await screen.findByRole('alert')).toHaveTextContent(
    `We could not check for calls booked with your email. ${ERROR_MESSAGES.network}`,
  );
  backend.offer = () => json([OFFERED]);
  await user.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('button', { name: 'Email me the link' })).toBeEnabled();
});

it('keeps focus in the Meetings tab when a Retry finds no such call and the section goes', async () => {
  backend.offer = DOWN;
  const user = userEvent.setup();
  renderWithProviders(
    <div role="tabpanel" aria-label="Meetings" tabIndex={0}>
      <GuestBookingsOffer />
    </div>,
  );
  await screen.findByRole('alert');
  backend.offer = () => json([]);
  await user.click(screen.getByRole('button', { name: 'Retry' }));
  await waitFor(() => expect(screen.queryByRole('region')).not.toBeInTheDocument());
  expect(screen.getByRole('tabpanel', { name: 'Meetings' })).toHaveFocus();
});

it('keeps the button and says why when the link cannot be sent', async () => {
  backend.send = DOWN;
  const user = userEvent.setup();
  renderWithProviders(<GuestBookingsOffer />);
  await user.click(await screen.findByRole('button', { name: 'Email me the link' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(ERROR_MESSAGES.network);
  const button = screen.getByRole('button', { name: 'Email me the link' });
  expect(button).toBeEnabled();
  expect(button).toHaveFocus();
  expect(screen.queryByText(/We've e-mailed the link/)).not.toBeInTheDocument();
});
