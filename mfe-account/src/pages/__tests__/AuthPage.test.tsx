import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Navigate, Route, Routes } from 'react-router-dom';
import {
  ERROR_MESSAGES,
  selectAuthStatus,
  startSessionSync,
  useAnnouncerStore,
  useSessionStore,
} from 'shared-lib';
import {
  createTestSupabase,
  findToast,
  json,
  renderWithProviders,
  resetStores,
  type FetchHandler,
} from 'shared-lib/src/testing';
import { authError, authUser, sessionBody } from '../../testing/supabase-auth';
import { CONFIRM_COPY } from '../../features/auth/components/ConfirmEmailSent';
import AuthPage from '../AuthPage';
import { AUTH_INTRO } from '../../features/auth/components/AuthForm';

afterEach(resetStores);

const requests: { url: URL; body: Record<string, unknown> }[] = [];

function answer(handler: FetchHandler) {
  requests.length = 0;
  createTestSupabase((url, init) => {
    requests.push({ url, body: JSON.parse(String(init.body ?? '{}')) });
    return handler(url, init);
  });
}

/** Stands in for the shell's guard: a signed-out user is sent to /auth with `state.from`. */
function Guarded({ from }: { from: string }) {
  const status = useSessionStore(selectAuthStatus);
  if (status === 'signed-in') return <h1>Protected page</h1>;
  return <Navigate to="/auth" replace state={{ from }} />;
}

/** The auth page, reached the way the shell's guard sends a signed-out user from a protected page. */
function FromProtectedPage({ from }: { from: string }) {
  return (
    <Routes>
      <Route path="/auth" element={<AuthPage />} />
      <Route path={from} element={<Guarded from={from} />} />
      <Route path="*" element={null} />
    </Routes>
  );
}

/** The shell's session sync over the test client, so a sign-in reaches the session store as in the site. */
let stopSync: (() => void) | undefined;
async function syncSession() {
  stopSync = await startSessionSync();
}
afterEach(() => {
  stopSync?.();
  stopSync = undefined;
});

async function fillIn(email: string, password: string) {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
}

/** Destructive toasts are alerts, the others status messages. */
const findErrorToast = async (text: string) => {
  const toast = await findToast(text);
  expect(toast).toHaveAttribute('role', 'alert');
  return toast;
};
const findSuccessToast = async (text: string) => {
  const toast = await findToast(text);
  // Not a live region itself: the page's live region reads it out.
  expect(toast).not.toHaveAttribute('role');
  expect(useAnnouncerStore.getState().current?.message).toContain(text);
  return toast;
};
const location = () => screen.getByTestId('location');

describe('AuthPage', () => {
  beforeEach(() => useSessionStore.getState().setSession(null));

  it('toggles one form between sign-in and sign-up', async () => {
    renderWithProviders(<AuthPage />, { route: '/auth' });
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByText('Sign in to access your cart and checkout')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign In' })).toHaveAttribute('type', 'submit');
    expect(screen.getByText("Don't have an account?")).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    // The new heading takes focus, so the change is read out and the form is next; the intro fits the mode.
    expect(screen.getByRole('heading', { level: 1, name: 'Create Your Account' })).toHaveFocus();
    expect(screen.getByText(AUTH_INTRO['sign-up'])).toBeInTheDocument();
    expect(screen.queryByText('Sign in to access your cart and checkout')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Up' })).toHaveAttribute('type', 'submit');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByText('Already have an account?')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome Back' })).toHaveFocus();
    expect(screen.getByText('Sign in to access your cart and checkout')).toBeInTheDocument();
  });

  it('shows every failing rule in one error toast and sends nothing', async () => {
    answer(() => json(sessionBody('x@example.com')));
    renderWithProviders(<AuthPage />, { route: '/auth' });
    await fillIn('not-an-email', 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    const toast = await findErrorToast('Validation Error');
    expect(toast).toHaveTextContent('Invalid email address');
    expect(toast).toHaveTextContent('Password must be at least 8 characters');
    expect(toast).toHaveTextContent('Password must contain at least one uppercase letter');
    expect(toast).toHaveTextContent('Password must contain at least one number');
    expect(toast).not.toHaveTextContent('lowercase');
    expect(requests).toHaveLength(0);
  });

  it('disables submit while the request runs and sends the trimmed e-mail', async () => {
    let release: (response: Response) => void = () => undefined;
    answer(() => new Promise<Response>((resolve) => (release = resolve)));
    renderWithProviders(<AuthPage />, { route: '/auth' });
    await fillIn('  ada@example.com  ', 'Secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(screen.getByRole('button', { name: 'Sign In' })).toBeDisabled();
    expect(requests[0]!.url.pathname).toBe('/auth/v1/token');
    expect(requests[0]!.url.searchParams.get('grant_type')).toBe('password');
    expect(requests[0]!.body).toMatchObject({ email: 'ada@example.com', password: 'Secret123' });

    release(authError(400, 'invalid_credentials', 'Invalid login credentials'));
    await findErrorToast('Invalid email or password');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it.each([
    ['sign-in', 400, 'invalid_credentials', 'Invalid login credentials', 'Invalid email or password'],
    [
      'sign-up',
      422,
      'user_already_exists',
      'User already registered',
      'This email is already registered. Please log in.',
    ],
    [
      'sign-up',
      422,
      'email_exists',
      'Email address already exists',
      'This email is already registered. Please log in.',
    ],
    [
      'sign-in',
      429,
      'over_request_rate_limit',
      'Request rate limit reached',
      'Too many attempts in a short time. Please wait a minute and try again.',
    ],
    ['sign-in', 400, 'email_not_confirmed', 'Email not confirmed', 'Email not confirmed'],
  ])('%s answered %i %s shows “%s”', async (mode, status, code, providerMessage, shown) => {
    answer(() => authError(status, code, providerMessage));
    renderWithProviders(<AuthPage />, { route: '/auth' });
    if (mode === 'sign-up') await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await fillIn('ada@example.com', 'Secret123');
    await userEvent.click(screen.getByRole('button', { name: mode === 'sign-up' ? 'Sign Up' : 'Sign In' }));

    const toast = await findErrorToast(shown);
    expect(within(toast).getByText('Error')).toBeInTheDocument();
    expect(location()).toHaveTextContent('/auth');
  });

  it('says in words for people that the auth server cannot be reached', async () => {
    answer(() => {
      throw new TypeError('Failed to fetch');
    });
    renderWithProviders(<AuthPage />, { route: '/auth' });
    await fillIn('ada@example.com', 'Secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await findErrorToast(ERROR_MESSAGES.network);
    expect(document.body).not.toHaveTextContent('TypeError');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it('keeps each rule that fails under its field, linked and marked invalid, and focuses the first', async () => {
    answer(() => json(sessionBody('x@example.com')));
    renderWithProviders(<AuthPage />, { route: '/auth' });
    await fillIn('ada@example.com', 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(
      'Password must be at least 8 characters, Password must contain at least one uppercase letter, ' +
        'Password must contain at least one number',
    );
    expect(password).toHaveFocus();
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    await userEvent.type(password, 'X');
    expect(password).not.toHaveAttribute('aria-invalid');
  });

  it('keeps the provider’s answer beside the form and gives focus back to the submit button it describes', async () => {
    answer(() => authError(400, 'invalid_credentials', 'Invalid login credentials'));
    renderWithProviders(<AuthPage />, { route: '/auth' });
    await fillIn('ada@example.com', 'Secret123');
    const submit = screen.getByRole('button', { name: 'Sign In' });
    await userEvent.click(submit);
    await findErrorToast('Invalid email or password');
    expect(submit).toHaveAccessibleDescription('Invalid email or password');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Invalid email or password');
    expect(submit).toHaveFocus();
  });

  it('lists the password rules while signing up, ticking each off as it is typed, and the tab title follows the mode', async () => {
    renderWithProviders(<AuthPage />, { route: '/auth' });
    expect(document.title).toBe('Sign In | AI Made Simple');
    expect(screen.getByLabelText('Password')).not.toHaveAccessibleDescription();
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(document.title).toBe('Sign Up | AI Made Simple');
    const password = screen.getByLabelText('Password');
    // Each rule's state is in words, not only in its colour or icon (#45.7).
    expect(password).toHaveAccessibleDescription(
      'At least 8 characters (not met yet) An uppercase letter (not met yet) ' +
        'A lowercase letter (not met yet) A number (not met yet)',
    );
    await userEvent.type(password, 'abc1');
    expect(password).toHaveAccessibleDescription(
      'At least 8 characters (not met yet) An uppercase letter (not met yet) ' +
        'A lowercase letter (met) A number (met)',
    );
    await userEvent.type(password, 'DEFGH');
    expect(password).toHaveAccessibleDescription(
      'At least 8 characters (met) An uppercase letter (met) A lowercase letter (met) A number (met)',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(document.title).toBe('Sign In | AI Made Simple');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('signing up, says once that the password misses a rule, in the toast and under the field, not the rules again', async () => {
    answer(() => json(sessionBody('x@example.com')));
    renderWithProviders(<AuthPage />, { route: '/auth' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    const toast = await findErrorToast('Validation Error');
    // An empty address is missing, not malformed (#45.7).
    expect(toast).toHaveTextContent('Email is required, Password must meet every rule in the list');
    expect(toast).not.toHaveTextContent('uppercase');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'At least 8 characters (not met yet) An uppercase letter (not met yet) ' +
        'A lowercase letter (met) A number (not met yet) Password must meet every rule in the list',
    );
    expect(requests).toHaveLength(0);
  });

  it('signs in and goes home', async () => {
    answer(() => json(sessionBody('ada@example.com')));
    renderWithProviders(<AuthPage />, { route: '/auth' });
    await fillIn('ada@example.com', 'Secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await findSuccessToast('Logged in successfully!');
    // The router moves on in a transition.
    await waitFor(() => expect(location()).toHaveTextContent(/^\/$/));
  });

  it('signs in and returns to the protected page that sent the user here', async () => {
    answer(() => json(sessionBody('ada@example.com')));
    await syncSession();
    renderWithProviders(<FromProtectedPage from="/account" />, { route: '/account' });
    expect(location()).toHaveTextContent('/auth');
    await fillIn('ada@example.com', 'Secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await findSuccessToast('Logged in successfully!');
    expect(location()).toHaveTextContent(/^\/account$/);
    expect(await screen.findByRole('heading', { name: 'Protected page' })).toBeInTheDocument();
  });

  it('signs up with the site root as the confirmation redirect and moves on when signed straight in', async () => {
    answer(() => json(sessionBody('new@example.com')));
    await syncSession();
    renderWithProviders(<FromProtectedPage from="/checkout" />, { route: '/checkout' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await fillIn('new@example.com', 'Secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

    await findSuccessToast('Account created! You are now signed in.');
    expect(requests[0]!.url.pathname).toBe('/auth/v1/signup');
    expect(requests[0]!.url.searchParams.get('redirect_to')).toBe(`${window.location.origin}/`);
    expect(requests[0]!.body).toMatchObject({ email: 'new@example.com', password: 'Secret123' });
    expect(location()).toHaveTextContent(/^\/checkout$/);
  });

  it('says to check the inbox, with Resend, when the new account still needs its e-mail confirmed', async () => {
    answer(() =>
      json({ ...authUser('new@example.com'), identities: [{ id: 'identity-1', provider: 'email' }] }),
    );
    renderWithProviders(<AuthPage />, { route: '/auth' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await fillIn('new@example.com', 'Secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

    await findSuccessToast(CONFIRM_COPY.sent('new@example.com'));
    const heading = screen.getByRole('heading', { level: 1, name: 'Check your inbox' });
    expect(heading).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Resend email' })).toBeEnabled();
    expect(screen.queryByText('Account created! You are now signed in.')).not.toBeInTheDocument();
    expect(useSessionStore.getState().status).toBe('signed-out');
    expect(location()).toHaveTextContent('/auth');

    await userEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome Back' })).toHaveFocus();
  });

  it('treats a confirmation-pending sign-up of a taken address as already registered', async () => {
    answer(() => json({ ...authUser('ada@example.com'), identities: [] }));
    renderWithProviders(<AuthPage />, { route: '/auth' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await fillIn('ada@example.com', 'Secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    await findErrorToast('This email is already registered. Please log in.');
  });
});

describe('AuthPage while the stored session is checked', () => {
  it('shows Loading... instead of the form', () => {
    renderWithProviders(<AuthPage />, { route: '/auth' });
    expect(screen.getByRole('status', { name: 'Loading...' })).toHaveTextContent('Loading...');
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    expect(location()).toHaveTextContent('/auth');
  });
});

describe('AuthPage for a user who is already signed in', () => {
  beforeEach(() =>
    useSessionStore.getState().setSession({ user: { id: 'u1', email: 'ada@example.com' }, accessToken: 't' }),
  );

  it('sends them home', () => {
    renderWithProviders(<AuthPage />, { route: '/auth' });
    expect(location()).toHaveTextContent(/^\/$/);
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
  });

  it('sends them on to the protected page they came from', () => {
    renderWithProviders(<FromProtectedPage from="/checkout" />, { route: '/checkout' });
    expect(location()).toHaveTextContent(/^\/checkout$/);
  });
});
