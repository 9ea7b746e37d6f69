// The CAPTCHA on /auth (Captcha.tsx): with a site key in config.json, sign-in, sign-up, "Forgot password" and a
// resent confirmation show the challenge and send its token as GoTrue's captcha_token, one token per request; an
// unsolved challenge and GoTrue's refusal get words for people. Without a key the forms send no token and show no
// challenge. Turnstile's own script cannot run in jsdom, so its React wrapper is replaced by a button that "solves"
// the challenge, as the widget's callbacks do.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as ReactModule from 'react';
import { AUTH_ERROR_MESSAGES, setRuntimeConfig, useSessionStore } from 'shared-lib';
import {
  createTestSupabase,
  findToast,
  json,
  renderWithProviders,
  resetStores,
  testRuntimeConfig,
} from 'shared-lib/src/testing';
import { CONFIRM_COPY } from '../../features/auth/components/ConfirmEmailSent';
import { FORGOT_COPY } from '../../features/auth/components/ForgotPasswordForm';
import { authError, authUser, sessionBody } from '../../testing/supabase-auth';
import AuthPage from '../AuthPage';

const SOLVE = 'Solve the security check';
// Named mock*: jest's hoisted factory may use them. Each solved challenge gets the next token.
const mockResets = jest.fn();
const mockTokens = { solved: 0 };
jest.mock('@marsidev/react-turnstile', () => {
  const { createElement, forwardRef, useImperativeHandle } = jest.requireActual<typeof ReactModule>('react');
  return {
    Turnstile: forwardRef<{ reset: () => void }, { siteKey: string; onSuccess?: (token: string) => void }>(
      function FakeTurnstile({ siteKey, onSuccess }, ref) {
        useImperativeHandle(ref, () => ({ reset: mockResets }));
        const solve = () => onSuccess?.(`token-${(mockTokens.solved += 1)}`);
        return createElement('button', { type: 'button', 'data-sitekey': siteKey, onClick: solve }, SOLVE);
      },
    ),
  };
});

jest.setTimeout(30_000);

const requests: { url: URL; body: Record<string, unknown> }[] = [];
function answer(handler: (url: URL) => Response, siteKey?: string) {
  requests.length = 0;
  createTestSupabase((url, init) => {
    requests.push({ url, body: JSON.parse(String(init.body ?? '{}')) });
    return handler(url);
  });
  // createTestSupabase sets the tests' config; a CAPTCHA is configured on top of it.
  setRuntimeConfig({ ...testRuntimeConfig, ...(siteKey ? { captchaSiteKey: siteKey } : {}) });
}
const captchaTokens = () =>
  requests.map((request) => (request.body.gotrue_meta_security as { captcha_token?: string }).captcha_token);

beforeEach(() => {
  useSessionStore.getState().setSession(null);
  mockResets.mockClear();
  mockTokens.solved = 0;
});
afterEach(resetStores);

async function fillIn(email: string, password: string) {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
}

describe('with a CAPTCHA site key', () => {
  it('signs up only with a solved challenge, sending its token, and starts a new challenge after each', async () => {
    answer(
      () => json({ ...authUser('new@example.com'), identities: [{ id: 'identity-1', provider: 'email' }] }),
      '0x4AAAAAAA',
    );
    renderWithProviders(<AuthPage />, { route: '/auth' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByRole('button', { name: SOLVE })).toHaveAttribute('data-sitekey', '0x4AAAAAAA');
    await fillIn('new@example.com', 'Secret123');

    // Not solved yet: the words say what to do, and nothing is sent.
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await findToast(AUTH_ERROR_MESSAGES.captcha_failed)).toHaveAttribute('role', 'alert');
    expect(requests).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: SOLVE }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    await findToast(CONFIRM_COPY.sent('new@example.com'));
    expect(requests.map((r) => r.url.pathname)).toEqual(['/auth/v1/signup']);
    expect(captchaTokens()).toEqual(['token-1']);
    expect(mockResets).toHaveBeenCalledTimes(1);

    // Resending the confirmation is a request of its own: a challenge of its own.
    await userEvent.click(screen.getByRole('button', { name: SOLVE }));
    await userEvent.click(screen.getByRole('button', { name: CONFIRM_COPY.resend }));
    await findToast(CONFIRM_COPY.resent('new@example.com'));
    expect(requests.map((r) => r.url.pathname)).toEqual(['/auth/v1/signup', '/auth/v1/resend']);
    expect(captchaTokens()).toEqual(['token-1', 'token-2']);
  });

  it('signs in with the token, and words GoTrue’s refusal of a failed challenge for people', async () => {
    let refuse = true;
    answer(
      () =>
        refuse
          ? authError(
              400,
              'captcha_failed',
              'captcha protection: request disallowed (invalid-input-response)',
            )
          : json(sessionBody('ada@example.com')),
      '0x4AAAAAAA',
    );
    renderWithProviders(<AuthPage />, { route: '/auth' });
    await fillIn('ada@example.com', 'Secret123');
    await userEvent.click(screen.getByRole('button', { name: SOLVE }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await findToast(AUTH_ERROR_MESSAGES.captcha_failed)).toBeInTheDocument();
    expect(screen.queryByText(/captcha protection/)).not.toBeInTheDocument();

    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: SOLVE }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await findToast('Logged in successfully!');
    expect(requests.map((r) => r.url.pathname)).toEqual(['/auth/v1/token', '/auth/v1/token']);
    expect(captchaTokens()).toEqual(['token-1', 'token-2']);
  });

  it('sends the reset link with the token', async () => {
    answer(() => json({}), '0x4AAAAAAA');
    renderWithProviders(<AuthPage />, { route: '/auth' });
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await userEvent.click(screen.getByRole('button', { name: SOLVE }));
    await userEvent.click(screen.getByRole('button', { name: FORGOT_COPY.submit }));
    await findToast(FORGOT_COPY.sent('ada@example.com'));
    expect(requests.map((r) => r.url.pathname)).toEqual(['/auth/v1/recover']);
    expect(requests[0]!.body).toMatchObject({ email: 'ada@example.com' });
    expect(captchaTokens()).toEqual(['token-1']);
  });
});

describe('without a CAPTCHA site key (local development, the tests)', () => {
  it('shows no challenge and sends no token, on every form', async () => {
    answer((url) =>
      url.pathname === '/auth/v1/signup'
        ? json({ ...authUser('new@example.com'), identities: [{ id: 'identity-1', provider: 'email' }] })
        : json({}),
    );
    renderWithProviders(<AuthPage />, { route: '/auth' });
    expect(screen.queryByRole('button', { name: SOLVE })).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.queryByRole('button', { name: SOLVE })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: FORGOT_COPY.submit }));
    await findToast(FORGOT_COPY.sent('ada@example.com'));
    await userEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));

    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.queryByRole('button', { name: SOLVE })).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), 'new@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    await findToast(CONFIRM_COPY.sent('new@example.com'));
    expect(screen.queryByRole('button', { name: SOLVE })).not.toBeInTheDocument();

    expect(requests.map((r) => r.url.pathname)).toEqual(['/auth/v1/recover', '/auth/v1/signup']);
    expect(captchaTokens()).toEqual([undefined, undefined]);
    expect(mockResets).not.toHaveBeenCalled();
  });
});
