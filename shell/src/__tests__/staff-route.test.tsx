// The back office's guard (/admin): only staff at aal2 get its page; nobody else downloads any of it.
import { act, screen } from '@testing-library/react';
import { staffPaths, useSessionStore, type RoutesModule } from 'shared-lib';
import { renderSuspended, resetStores } from 'shared-lib/src/testing';
import { AppRoutes } from '../app/routes';
import { loadExposed } from '../federation/remotes';

jest.mock('../federation/remotes', () => ({ loadExposed: jest.fn(), retryRemote: jest.fn() }));

const page = (text: string) =>
  function Page() {
    return <h1>{text}</h1>;
  };

const modules: Record<string, RoutesModule> = {
  account: { default: [{ path: '/auth', Component: page('Auth page') }] },
  backoffice: {
    default: [
      { path: '/admin', Component: page('Back office') },
      { path: '/admin/orders', Component: page('Orders desk') },
      { path: '/admin/order', Component: page('An order') },
    ],
  },
};

const mockedLoad = loadExposed as jest.MockedFunction<typeof loadExposed>;
const loadedRemotes = () => mockedLoad.mock.calls.map(([remote]) => remote);

/** An access token with these claims (the browser reads them; it never verifies the signature). */
const token = (claims: Record<string, unknown>) =>
  ['{"alg":"HS256"}', JSON.stringify(claims), 'signature']
    .map((part) => btoa(part).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''))
    .join('.');

const USER = { id: '8c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f', email: 'grace@agency.example' };
const signIn = (claims: Record<string, unknown>) =>
  useSessionStore.getState().setSession({ user: USER, accessToken: token(claims) });
const staff = { app_metadata: { role: 'staff' } };

let consoleError: jest.SpyInstance;
beforeEach(() => {
  mockedLoad.mockImplementation(((remote: string) => Promise.resolve(modules[remote])) as typeof loadExposed);
  // The 404 page logs the path, as for any unknown one.
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  resetStores();
  jest.clearAllMocks();
  consoleError.mockRestore();
});

function expectNotFound() {
  expect(screen.getByRole('heading', { name: '404' })).toBeInTheDocument();
  expect(screen.getByText('Oops! Page not found')).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Back office' })).not.toBeInTheDocument();
  expect(loadedRemotes()).not.toContain('backoffice');
}

describe('/admin', () => {
  it('shows Loading... while the session check runs, and loads nothing of the back office', async () => {
    await renderSuspended(<AppRoutes />, { route: '/admin' });
    expect(screen.getByRole('status', { name: 'Loading...' })).toBeInTheDocument();
    expect(loadedRemotes()).not.toContain('backoffice');
  });

  it('is the 404 page for a visitor', async () => {
    useSessionStore.getState().setSession(null);
    await renderSuspended(<AppRoutes />, { route: '/admin' });
    expectNotFound();
    expect(consoleError).toHaveBeenCalledWith(
      '404 Error: User attempted to access non-existent route:',
      '/admin',
    );
  });

  it('is the 404 page for a customer, even one with two-factor authentication', async () => {
    signIn({ aal: 'aal2', app_metadata: { provider: 'email' } });
    await renderSuspended(<AppRoutes />, { route: '/admin' });
    expectNotFound();
  });

  it('is the 404 page for a customer who claims the role in their own user_metadata', async () => {
    signIn({ aal: 'aal2', user_metadata: { role: 'staff' }, app_metadata: {} });
    await renderSuspended(<AppRoutes />, { route: '/admin' });
    expectNotFound();
  });

  it('is the 404 page for a customer whose sign-in waits for its code', async () => {
    useSessionStore.getState().awaitSecondFactor(token({ aal: 'aal1', app_metadata: {} }));
    await renderSuspended(<AppRoutes />, { route: '/admin' });
    expectNotFound();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin');
  });

  it("sends staff on a password-only session to the sign-in page's code step", async () => {
    useSessionStore.getState().awaitSecondFactor(token({ aal: 'aal1', ...staff }));
    await renderSuspended(<AppRoutes />, { route: '/admin' });
    expect(await screen.findByRole('heading', { name: 'Auth page' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/auth');
    expect(loadedRemotes()).not.toContain('backoffice');
  });

  it('asks staff without two-factor authentication to turn it on, showing nothing of the back office', async () => {
    signIn({ aal: 'aal1', ...staff });
    await renderSuspended(<AppRoutes />, { route: '/admin' });
    expect(screen.getByRole('heading', { name: 'Two-factor authentication needed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My Account' })).toHaveAttribute('href', '/account');
    expect(screen.queryByRole('heading', { name: 'Back office' })).not.toBeInTheDocument();
    expect(loadedRemotes()).not.toContain('backoffice');
  });

  it('shows the back office to staff with a verified second factor (aal2)', async () => {
    signIn({ aal: 'aal2', ...staff });
    await renderSuspended(<AppRoutes />, { route: '/admin' });
    expect(await screen.findByRole('heading', { name: 'Back office' })).toBeInTheDocument();
    expect(mockedLoad).toHaveBeenCalledWith('backoffice', './routes');
  });

  it('closes the back office at once when the session ends', async () => {
    signIn({ aal: 'aal2', ...staff });
    await renderSuspended(<AppRoutes />, { route: '/admin' });
    expect(await screen.findByRole('heading', { name: 'Back office' })).toBeInTheDocument();
    act(() => useSessionStore.getState().setSession(null));
    expect(screen.getByRole('heading', { name: '404' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Back office' })).not.toBeInTheDocument();
  });
});

// Every /admin route (staffPaths, which the shell guards), for each session that is not staff at aal2: nothing of
// the back office shows or downloads (#42: the e2e checks one route per role).
describe.each([
  ['a visitor', () => useSessionStore.getState().setSession(null)],
  ['a customer', () => signIn({ aal: 'aal2', app_metadata: { provider: 'email' } })],
  [
    'staff on a password-only session',
    () => useSessionStore.getState().awaitSecondFactor(token({ aal: 'aal1', ...staff })),
  ],
  ['staff without a second factor', () => signIn({ aal: 'aal1', ...staff })],
])('as %s', (_who, session) => {
  it.each(staffPaths.map((path) => [path]))(
    '%s shows and downloads nothing of the back office',
    async (path) => {
      session();
      await renderSuspended(<AppRoutes />, { route: path });
      await act(() => Promise.resolve());
      for (const heading of ['Back office', 'Orders desk', 'An order']) {
        expect(screen.queryByRole('heading', { name: heading })).not.toBeInTheDocument();
      }
      expect(loadedRemotes()).not.toContain('backoffice');
    },
  );
});

describe('the desks under /admin', () => {
  it.each([
    ['/admin/orders?status=paid', 'Orders desk'],
    ['/admin/order?id=1a2b3c4d-0000-4000-8000-000000000000', 'An order'],
  ])('%s is the 404 page for a customer and the desk for staff at aal2', async (route, heading) => {
    signIn({ aal: 'aal2', app_metadata: { provider: 'email' } });
    const { unmount } = await renderSuspended(<AppRoutes />, { route });
    expectNotFound();
    unmount();

    signIn({ aal: 'aal2', ...staff });
    await renderSuspended(<AppRoutes />, { route });
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
  });
});
