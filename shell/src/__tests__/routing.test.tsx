import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, useLocation } from 'react-router-dom';
import { toast, useSessionStore, type RoutesModule } from 'shared-lib';
import { renderSuspended as renderWithProviders, resetStores } from 'shared-lib/src/testing';
import { AppRoutes } from '../app/routes';
import { loadExposed, retryRemote } from '../federation/remotes';

jest.mock('../federation/remotes', () => ({ loadExposed: jest.fn(), retryRemote: jest.fn() }));

const page = (text: string) =>
  function Page() {
    return <h1>{text}</h1>;
  };

const modules: Record<string, RoutesModule> = {
  marketing: {
    default: [
      { path: '/', Component: page('Home page') },
      { path: '/blog/:slug', Component: page('An article') },
    ],
  },
  catalog: {
    default: [
      { path: '/how-we-work', Component: page('Our services') },
      { path: '/checkout', Component: page('Checkout page') },
    ],
  },
  account: {
    default: [
      { path: '/auth', Component: page('Auth page') },
      { path: '/auth/reset', Component: page('Reset password page') },
      { path: '/account', Component: page('Account page') },
    ],
  },
};

/** The router's current path, to see where a redirect led. */
function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

const mockedLoad = loadExposed as jest.MockedFunction<typeof loadExposed>;

/** Like the real loader, hands every caller the same promise per remote until a retry. */
function serve(result: (remote: string) => Promise<unknown>) {
  const cache = new Map<string, Promise<unknown>>();
  mockedLoad.mockImplementation(((remote: string) => {
    if (!cache.has(remote)) cache.set(remote, result(remote));
    return cache.get(remote);
  }) as typeof loadExposed);
}

beforeEach(() => serve((remote) => Promise.resolve(modules[remote])));
afterEach(() => {
  resetStores();
  jest.clearAllMocks();
});

describe('routing table', () => {
  it('renders the owning remote’s page for a route, params included', async () => {
    await renderWithProviders(<AppRoutes />, { route: '/blog/first-steps' });
    expect(await screen.findByRole('heading', { name: 'An article' })).toBeInTheDocument();
    expect(mockedLoad).toHaveBeenCalledWith('marketing', './routes');
  });

  it('routes /auth/reset, where reset links lead, to the account remote without a session', async () => {
    useSessionStore.getState().setSession(null);
    await renderWithProviders(<AppRoutes />, { route: '/auth/reset' });
    expect(await screen.findByRole('heading', { name: 'Reset password page' })).toBeInTheDocument();
    expect(mockedLoad).toHaveBeenCalledWith('account', './routes');
  });

  it('leads /services to the list of services, replacing it in the history (#45.7)', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderWithProviders(
      <>
        <AppRoutes />
        <Where />
      </>,
      { route: '/services' },
    );
    expect(await screen.findByRole('heading', { name: 'Our services' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/how-we-work');
    expect(screen.queryByText('Oops! Page not found')).not.toBeInTheDocument();
    expect(error).not.toHaveBeenCalledWith(expect.stringContaining('404'), expect.anything());
    error.mockRestore();
  });

  it('shows the 404 page for an unknown path and logs it', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderWithProviders(<AppRoutes />, { route: '/no-such-page' });
    expect(screen.getByRole('heading', { name: '404' })).toBeInTheDocument();
    expect(screen.getByText('Oops! Page not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(error).toHaveBeenCalledWith(
      '404 Error: User attempted to access non-existent route:',
      '/no-such-page',
    );
    error.mockRestore();
  });
});

describe('protected routes', () => {
  it('shows Loading... while the session check runs', async () => {
    await renderWithProviders(<AppRoutes />, { route: '/account' });
    expect(screen.getByRole('status', { name: 'Loading...' })).toBeInTheDocument();
  });

  it('redirects to /auth when signed out', async () => {
    useSessionStore.getState().setSession(null);
    await renderWithProviders(<AppRoutes />, { route: '/checkout' });
    expect(await screen.findByRole('heading', { name: 'Auth page' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/auth');
  });

  it('sends a visitor who signs out on a protected page home, never through the sign-in page', async () => {
    const visited: string[] = [];
    let key = '';
    function Visits() {
      const location = useLocation();
      visited.push(location.pathname);
      key = location.key;
      return null;
    }
    useSessionStore.getState().setSession({ user: { id: 'u1', email: 'a@example.com' }, accessToken: 't' });
    await renderWithProviders(
      <>
        <Visits />
        <Link to="/checkout">checkout</Link>
        <AppRoutes />
      </>,
      { route: '/account' },
    );
    expect(await screen.findByRole('heading', { name: 'Account page' })).toBeInTheDocument();

    // Home is in another remote: React 19 retries the suspended render only from an awaited act scope.
    await act(async () => {
      useSessionStore.getState().setSession(null, { signedOutOn: key });
      // supabase-js then reports the sign-out too.
      useSessionStore.getState().setSession(null);
    });

    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(visited).not.toContain('/auth');

    // Only that page: the next protected page asks for a sign-in as usual.
    await userEvent.click(screen.getByRole('link', { name: 'checkout' }));
    expect(await screen.findByRole('heading', { name: 'Auth page' })).toBeInTheDocument();
  });

  it('asks for a new sign-in when the session ends on its own (expired, or signed out in another tab)', async () => {
    useSessionStore.getState().setSession({ user: { id: 'u1', email: 'a@example.com' }, accessToken: 't' });
    await renderWithProviders(<AppRoutes />, { route: '/account?tab=orders' });
    expect(await screen.findByRole('heading', { name: 'Account page' })).toBeInTheDocument();

    act(() => useSessionStore.getState().setSession(null));

    expect(await screen.findByRole('heading', { name: 'Auth page' })).toBeInTheDocument();
  });

  it('shows the page to a signed-in user', async () => {
    useSessionStore.getState().setSession({ user: { id: 'u1', email: 'a@example.com' }, accessToken: 't' });
    await renderWithProviders(<AppRoutes />, { route: '/account' });
    expect(await screen.findByRole('heading', { name: 'Account page' })).toBeInTheDocument();
  });
});

describe('a remote that cannot load', () => {
  it('shows the unavailable panel, and Retry loads it again without a reload', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    serve(() => Promise.reject(new Error('down')));
    await renderWithProviders(
      <>
        <Link to="/">home</Link>
        <AppRoutes />
      </>,
      { route: '/auth' },
    );
    expect(await screen.findByRole('heading', { name: 'Temporarily unavailable' })).toBeInTheDocument();

    serve((remote) => Promise.resolve(modules[remote]));
    // Retry suspends the route again, and React 19 retries a suspended render only from an awaited act scope.
    // eslint-disable-next-line testing-library/no-unnecessary-act
    await act(() => userEvent.click(screen.getByRole('button', { name: 'Retry' })));
    expect(retryRemote).toHaveBeenCalledWith('account');
    expect(await screen.findByRole('heading', { name: 'Auth page' })).toBeInTheDocument();
  });
});

describe('toasts', () => {
  it('shows default and destructive toasts from any caller', async () => {
    await renderWithProviders(<AppRoutes />, { route: '/' });
    toast({ title: 'Saved', description: 'All good' });
    toast({ title: 'Error', description: 'Something broke', variant: 'destructive' });
    expect(await screen.findByRole('status', { name: '' })).toBeInTheDocument();
    expect(screen.getByText('Saved')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('ErrorSomething broke');
    await userEvent.click(screen.getAllByRole('button', { name: 'Dismiss notification' })[0]!);
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });
});
