// /auth beyond the spec: "Forgot password?", the inbox note with Resend after a sign-up that waits for its
// confirmation, and the authenticator app's code after the password of an account with two-factor authentication.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Navigate, Route, Routes } from 'react-router-dom';
import {
  AUTH_ERROR_MESSAGES,
  ERROR_MESSAGES,
  selectAuthStatus,
  startSessionSync,
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
import { CONFIRM_COPY } from '../../features/auth/components/ConfirmEmailSent';
import { FORGOT_COPY } from '../../features/auth/components/ForgotPasswordForm';
import { AUTH_MESSAGES } from '../../features/auth/utils/auth-messages';
import { authError, authUser, FACTOR_ID, sessionWithFactors, totpFactor } from '../../testing/supabase-auth';
import AuthPage from '../AuthPage';

interface Sent {
  method: string;
  url: URL;
  body: Record<string, unknown>;
}
const requests: Sent[] = [];

function answer(handler: FetchHandler) {
  requests.length = 0;
  createTestSupabase((url, init) => {
    requests.push({ method: init.method ?? 'GET', url, body: JSON.parse(String(init.body ?? '{}')) });
    return handler(url, init);
  });
}
const sentTo = (pathname: string) => requests.filter((request) => request.url.pathname === pathname);

// Each test types whole forms key by key; on a loaded machine that takes longer than jest's 5 s default.
jest.setTimeout(30_000);

let stopSync: (() => void) | undefined;
beforeEach(async () => {
  useSessionStore.getState().setSession(null);
});
afterEach(() => {
  stopSync?.();
  stopSync = undefined;
  resetStores();
});

const findErrorToast = async (text: string) => {
  const toast = await findToast(text);
  expect(toast).toHaveAttribute('role', 'alert');
  return toast;
};
const location = () => screen.getByTestId('location');
const offline = () => {
  throw new TypeError('Failed to fetch');
};

describe('Forgot password', () => {
  async function openForgot(typedEmail = '') {
    renderWithProviders(<AuthPage />, { route: '/auth' });
    if (typedEmail) await userEvent.type(screen.getByLabelText('Email'), typedEmail);
    await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
  }
  const submit = () => userEvent.click(screen.getByRole('button', { name: FORGOT_COPY.submit }));

  it('opens from sign-in mode only, with the address typed so far, its heading focused and titled', async () => {
    renderWithProviders(<AuthPage />, { route: '/auth' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.queryByRole('button', { name: 'Forgot password?' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await userEvent.type(screen.getByLabelText('Email'), ' ada@example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));

    expect(screen.getByRole('heading', { level: 1, name: FORGOT_COPY.heading })).toHaveFocus();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(document.title).toBe('Reset Password | AI Made Simple');
    // The button went with its step: the form's heading takes focus, not <body>.
    await userEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome Back' })).toHaveFocus();
  });

  it('checks the address under its field and sends nothing', async () => {
    answer(() => json({}));
    await openForgot();
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await submit();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Invalid email address');
    expect(email).toHaveFocus();
    await findErrorToast('Validation Error');
    expect(requests).toHaveLength(0);
  });

  it('sends the reset link to /auth/reset once, however often the button is pressed, and says to check the inbox', async () => {
    let release: (response: Response) => void = () => undefined;
    answer(() => new Promise<Response>((resolve) => (release = resolve)));
    await openForgot('ada@example.com');
    await submit();
    expect(screen.getByRole('button', { name: FORGOT_COPY.submit })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: FORGOT_COPY.submit }));
    expect(sentTo('/auth/v1/recover')).toHaveLength(1);
    expect(requests[0]!.url.searchParams.get('redirect_to')).toBe(`${window.location.origin}/auth/reset`);
    expect(requests[0]!.body).toMatchObject({ email: 'ada@example.com' });

    // GoTrue answers alike for an address without an account, and so does the page.
    release(json({}));
    await findToast(FORGOT_COPY.sent('ada@example.com'));
    expect(screen.getByRole('heading', { level: 1, name: 'Check your inbox' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Send another link' }));
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
  });

  it('says how long to wait when the auth server limits the e-mails, and keeps the address', async () => {
    answer(() => authError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded'));
    await openForgot('ada@example.com');
    await submit();
    await findErrorToast('Too many attempts in a short time. Please wait a minute and try again.');
    const submitButton = screen.getByRole('button', { name: FORGOT_COPY.submit });
    expect(submitButton).toHaveAccessibleDescription(/Too many attempts/);
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
  });

  it('says in words for people that the server cannot be reached, and keeps the address', async () => {
    answer(offline);
    await openForgot('ada@example.com');
    await submit();
    await findErrorToast(ERROR_MESSAGES.network);
    expect(document.body).not.toHaveTextContent('TypeError');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByRole('button', { name: FORGOT_COPY.submit })).toBeEnabled();
  });
});

describe('Sign-up waiting for its confirmation', () => {
  async function signUpPending() {
    renderWithProviders(<AuthPage />, { route: '/auth' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await userEvent.type(screen.getByLabelText('Email'), 'new@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    await screen.findByRole('heading', { level: 1, name: 'Check your inbox' });
  }
  const pending = () =>
    json({ ...authUser('new@example.com'), identities: [{ id: 'identity-1', provider: 'email' }] });

  it('resends the confirmation e-mail to the same address, once per press while it is sent', async () => {
    let release: (response: Response) => void = () => undefined;
    answer((url) =>
      url.pathname === '/auth/v1/signup'
        ? pending()
        : new Promise<Response>((resolve) => (release = resolve)),
    );
    await signUpPending();
    await userEvent.click(screen.getByRole('button', { name: CONFIRM_COPY.resend }));
    expect(screen.getByRole('button', { name: CONFIRM_COPY.resend })).toBeDisabled();
    const resent = sentTo('/auth/v1/resend');
    expect(resent).toHaveLength(1);
    expect(resent[0]!.body).toMatchObject({ type: 'signup', email: 'new@example.com' });
    expect(resent[0]!.url.searchParams.get('redirect_to')).toBe(`${window.location.origin}/`);

    release(json({}));
    await findToast(CONFIRM_COPY.resentTitle);
    expect(screen.getAllByText(CONFIRM_COPY.resent('new@example.com')).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: CONFIRM_COPY.resend })).toBeEnabled();
  });

  it('shows the auth server’s limit and the network in words beside the Resend button', async () => {
    let next = () => authError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded');
    answer((url) => (url.pathname === '/auth/v1/signup' ? pending() : next()));
    await signUpPending();
    await userEvent.click(screen.getByRole('button', { name: CONFIRM_COPY.resend }));
    await findErrorToast('Too many attempts in a short time. Please wait a minute and try again.');
    expect(screen.getByRole('button', { name: CONFIRM_COPY.resend })).toHaveAccessibleDescription(
      'Too many attempts in a short time. Please wait a minute and try again.',
    );

    next = offline;
    await userEvent.click(screen.getByRole('button', { name: CONFIRM_COPY.resend }));
    expect(
      await screen.findByRole('button', { name: CONFIRM_COPY.resend, description: ERROR_MESSAGES.network }),
    ).toBeEnabled();
    expect(document.body).not.toHaveTextContent('TypeError');
  });
});

describe('Sign-in with two-factor authentication', () => {
  const verified = [totpFactor('verified')];

  /** GoTrue for an account with an authenticator app: the password gives aal1, a right code aal2. */
  function twoFactorServer(
    verify: () => Response | Promise<Response> = () =>
      json({ ...sessionWithFactors('ada@example.com', 'aal2', verified), expires_in: 3600 }),
  ) {
    answer((url) => {
      switch (url.pathname) {
        case '/auth/v1/token':
          return json(sessionWithFactors('ada@example.com', 'aal1', verified));
        case '/auth/v1/user':
          return json({ ...authUser('ada@example.com'), factors: verified });
        case `/auth/v1/factors/${FACTOR_ID}/challenge`:
          return json({ id: 'challenge-1', type: 'totp', expires_at: Math.floor(Date.now() / 1000) + 300 });
        case `/auth/v1/factors/${FACTOR_ID}/verify`:
          return verify();
        case '/auth/v1/logout':
          return new Response(null, { status: 204 });
        default:
          throw new Error(`unexpected request ${url.pathname}`);
      }
    });
  }

  function Guarded() {
    const status = useSessionStore(selectAuthStatus);
    if (status === 'signed-in') return <h1>Checkout page</h1>;
    return <Navigate to="/auth" replace state={{ from: '/checkout' }} />;
  }

  async function signInWithPassword() {
    stopSync = await startSessionSync();
    renderWithProviders(
      <Routes>
        <Route path="/auth" element={<AuthPage />} />
        <Route path="/checkout" element={<Guarded />} />
      </Routes>,
      { route: '/checkout' },
    );
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    return screen.findByRole('heading', { level: 1, name: 'Two-factor authentication' });
  }
  const code = () => screen.getByLabelText('Authentication code');
  const verify = () => userEvent.click(screen.getByRole('button', { name: 'Verify' }));

  it('stays on /auth after the password, not signed in, and asks for the code with focus on the step', async () => {
    twoFactorServer();
    const heading = await signInWithPassword();
    expect(heading).toHaveFocus();
    expect(location()).toHaveTextContent(/^\/auth$/);
    expect(useSessionStore.getState()).toMatchObject({ status: 'signed-out', awaitingSecondFactor: true });
    expect(code()).toHaveAttribute('inputmode', 'numeric');
    expect(code()).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.queryByText(AUTH_MESSAGES.signedIn)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
  });

  it('checks the code’s shape under the field and sends nothing', async () => {
    twoFactorServer();
    await signInWithPassword();
    const before = requests.length;
    await userEvent.type(code(), '12ab');
    await verify();
    expect(code()).toHaveAttribute('aria-invalid', 'true');
    expect(code()).toHaveAccessibleDescription('Enter the 6-digit code from your authenticator app');
    expect(code()).toHaveFocus();
    expect(requests).toHaveLength(before);
  });

  it('continues to the page the sign-in was going to once the code is right, sent once', async () => {
    let release: (response: Response) => void = () => undefined;
    twoFactorServer(() => new Promise<Response>((resolve) => (release = resolve)));
    await signInWithPassword();
    await userEvent.type(code(), '123 456');
    await verify();
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    const verifications = sentTo(`/auth/v1/factors/${FACTOR_ID}/verify`);
    expect(verifications).toHaveLength(1);
    expect(verifications[0]!.body).toMatchObject({ challenge_id: 'challenge-1', code: '123456' });

    release(json({ ...sessionWithFactors('ada@example.com', 'aal2', verified), expires_in: 3600 }));
    await findToast(AUTH_MESSAGES.signedIn);
    expect(await screen.findByRole('heading', { name: 'Checkout page' })).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/checkout$/);
    expect(useSessionStore.getState()).toMatchObject({ status: 'signed-in', awaitingSecondFactor: false });
  });

  it('says a wrong code in plain words, empties the field and stays', async () => {
    twoFactorServer(() => authError(422, 'mfa_verification_failed', 'Invalid TOTP code entered'));
    await signInWithPassword();
    await userEvent.type(code(), '000000');
    await verify();
    await findErrorToast(AUTH_ERROR_MESSAGES.mfa_verification_failed);
    expect(code()).toHaveValue('');
    expect(code()).toHaveAccessibleDescription(AUTH_ERROR_MESSAGES.mfa_verification_failed);
    expect(location()).toHaveTextContent(/^\/auth$/);
    expect(document.body).not.toHaveTextContent('TOTP');
  });

  it('says in words for people that the server cannot be reached', async () => {
    twoFactorServer(offline);
    await signInWithPassword();
    await userEvent.type(code(), '123456');
    await verify();
    await findErrorToast(ERROR_MESSAGES.network);
    expect(document.body).not.toHaveTextContent('TypeError');
    expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled();
  });

  it('Cancel signs the half-finished session out and shows the sign-in form again', async () => {
    twoFactorServer();
    await signInWithPassword();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back' })).toHaveFocus();
    expect(useSessionStore.getState()).toMatchObject({ status: 'signed-out', awaitingSecondFactor: false });
  });
});
