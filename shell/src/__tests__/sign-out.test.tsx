import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startSessionSync, useCartStore, useSessionStore } from 'shared-lib';
import {
  createTestSupabase,
  findToast,
  json,
  renderSuspended as renderWithProviders,
  resetStores,
} from 'shared-lib/src/testing';
import { Header } from '../layout/Header';
import { SIGNED_OUT } from '../layout/SignedInMenu';

jest.mock('../federation/remotes', () => {
  const down = Promise.reject(new Error('catalogue remote is down'));
  down.catch(() => undefined);
  return { loadExposed: () => down, retryRemote: jest.fn() };
});

const session = () => ({
  access_token: 'test-access-token',
  token_type: 'bearer',
  expires_in: 3600,
  expires_at: Math.floor(Date.now() / 1000) + 3600,
  refresh_token: 'test-refresh-token',
  user: { id: 'u1', aud: 'authenticated', role: 'authenticated', email: 'ada@example.com' },
});

let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  resetStores();
  jest.restoreAllMocks();
});

it('signs out at once and goes home while the backend is unreachable, with no error shown', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const client = createTestSupabase((url) => {
    if (url.pathname === '/auth/v1/token') return json(session());
    throw new TypeError('Failed to fetch');
  });
  stop = await startSessionSync();
  await client.auth.signInWithPassword({ email: 'ada@example.com', password: 'Secret123' });
  useCartStore
    .getState()
    .add({ id: 'smart-website', title: 'Smart Website', price: 899, icon: 'globe', path: '' });

  await renderWithProviders(<Header />, { route: '/account' });
  await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: /Sign Out/ }));

  expect(useSessionStore.getState().status).toBe('signed-out');
  expect(useCartStore.getState().items).toEqual([]);
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  expect(await screen.findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
  // Said in words (the menu and its item are gone): read out through the live region, shown in a toast.
  expect(await findToast(SIGNED_OUT.title)).toHaveTextContent(SIGNED_OUT.description);
  await waitFor(() => expect(warn).toHaveBeenCalled());
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});
