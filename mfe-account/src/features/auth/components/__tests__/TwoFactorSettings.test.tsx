// Profile -> Two-factor authentication: set-up with QR code and key, the code that turns it on, removal with a code.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_ERROR_MESSAGES, ERROR_MESSAGES } from 'shared-lib';
import {
  createTestSupabase,
  findToast,
  json,
  renderWithProviders,
  resetStores,
} from 'shared-lib/src/testing';
import {
  authError,
  authUser,
  FACTOR_ID,
  sessionBody,
  sessionWithFactors,
  totpFactor,
} from '../../../../testing/supabase-auth';
import { TWO_FACTOR_COPY, TwoFactorSettings } from '../TwoFactorSettings';

const SECRET = 'JBSWY3DPEHPK3PXP';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M0 0h7v7H0z"/></svg>';

interface Server {
  factors: ReturnType<typeof totpFactor>[];
  /** Overrides one path's answer. */
  override?: (url: URL, method: string) => Response | Promise<Response> | undefined;
}
const requests: { method: string; path: string; body: Record<string, unknown> }[] = [];

/** GoTrue's factor endpoints for a signed-in customer whose factors are `server.factors`. */
async function signedIn(server: Server) {
  requests.length = 0;
  const client = createTestSupabase((url, init) => {
    const method = init.method ?? 'GET';
    if (url.pathname === '/auth/v1/token') return json(sessionBody('ada@example.com'));
    requests.push({ method, path: url.pathname, body: JSON.parse(String(init.body ?? '{}')) });
    const overridden = server.override?.(url, method);
    if (overridden) return overridden;
    if (url.pathname === '/auth/v1/user')
      return json({ ...authUser('ada@example.com'), factors: server.factors });
    if (url.pathname === '/auth/v1/factors' && method === 'POST') {
      server.factors.push(totpFactor('unverified', FACTOR_ID));
      return json({
        id: FACTOR_ID,
        type: 'totp',
        friendly_name: 'Authenticator app',
        totp: { qr_code: SVG, secret: SECRET, uri: `otpauth://totp/Site:ada@example.com?secret=${SECRET}` },
      });
    }
    const factor = /^\/auth\/v1\/factors\/([^/]+)(\/\w+)?$/.exec(url.pathname);
    if (factor && method === 'DELETE') {
      server.factors = server.factors.filter((item) => item.id !== factor[1]);
      return json({ id: factor[1] });
    }
    if (factor?.[2] === '/challenge')
      return json({ id: 'challenge-1', type: 'totp', expires_at: 9999999999 });
    if (factor?.[2] === '/verify') {
      server.factors = server.factors.map((item) => ({ ...item, status: 'verified' as const }));
      return json({ ...sessionWithFactors('ada@example.com', 'aal2', server.factors), expires_in: 3600 });
    }
    throw new Error(`unexpected request ${method} ${url.pathname}`);
  });
  await client.auth.signInWithPassword({ email: 'ada@example.com', password: 'Secret123' });
}

// Each test types whole forms key by key; on a loaded machine that takes longer than jest's 5 s default.
jest.setTimeout(30_000);

afterEach(resetStores);

const section = () => screen.getByRole('region', { name: TWO_FACTOR_COPY.heading });
const code = () => screen.getByLabelText('Authentication code');
const findErrorToast = async (text: string) => {
  const toast = await findToast(text);
  expect(toast).toHaveAttribute('role', 'alert');
};

async function startSetUp() {
  await userEvent.click(await screen.findByRole('button', { name: TWO_FACTOR_COPY.setUp }));
  return screen.findByRole('img', { name: TWO_FACTOR_COPY.qrAlt });
}

describe('TwoFactorSettings', () => {
  it('shows the QR code and the key to copy, then turns two-factor authentication on with a code', async () => {
    const user = userEvent.setup();
    await signedIn({ factors: [] });
    renderWithProviders(<TwoFactorSettings />);
    expect(within(section()).getByRole('status', { name: TWO_FACTOR_COPY.loading })).toBeInTheDocument();
    expect(await screen.findByText(TWO_FACTOR_COPY.off)).toBeInTheDocument();
    // Loading the settings takes no focus.
    expect(document.body).toHaveFocus();

    const qr = await startSetUp();
    expect(qr).toHaveAttribute('src', `data:image/svg+xml;utf-8,${SVG}`);
    expect(screen.getByText(TWO_FACTOR_COPY.scan)).toHaveFocus();
    expect(screen.getByLabelText('Setup key')).toHaveTextContent(SECRET);
    await user.click(screen.getByRole('button', { name: TWO_FACTOR_COPY.copy }));
    await expect(navigator.clipboard.readText()).resolves.toBe(SECRET);
    await findToast(TWO_FACTOR_COPY.copied);
    expect(
      requests.find((request) => request.method === 'POST' && request.path === '/auth/v1/factors')?.body,
    ).toMatchObject({
      factor_type: 'totp',
    });

    await user.type(code(), '123456');
    await user.click(screen.getByRole('button', { name: TWO_FACTOR_COPY.verify }));
    await findToast(TWO_FACTOR_COPY.enabled);
    // "Turn on" is gone with its step: the new state's words take focus, not <body>.
    expect(screen.getByText(TWO_FACTOR_COPY.on)).toHaveFocus();
    expect(requests.find((request) => request.path.endsWith('/verify'))?.body).toMatchObject({
      challenge_id: 'challenge-1',
      code: '123456',
    });
  });

  it('Cancel half-way through the set-up gives focus back to the button that started it', async () => {
    await signedIn({ factors: [] });
    renderWithProviders(<TwoFactorSettings />);
    await startSetUp();
    await userEvent.type(code(), '123');
    await userEvent.click(screen.getByRole('button', { name: TWO_FACTOR_COPY.cancel }));
    expect(screen.getByText(TWO_FACTOR_COPY.off)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: TWO_FACTOR_COPY.setUp })).toHaveFocus();
  });

  it('removes a set-up left unfinished before starting a new one', async () => {
    await signedIn({ factors: [totpFactor('unverified', 'old-factor')] });
    renderWithProviders(<TwoFactorSettings />);
    await startSetUp();
    const deleted = requests.findIndex((request) => request.method === 'DELETE');
    const enrolled = requests.findIndex(
      (request) => request.method === 'POST' && request.path === '/auth/v1/factors',
    );
    expect(requests[deleted]?.path).toBe('/auth/v1/factors/old-factor');
    expect(deleted).toBeLessThan(enrolled);
  });

  it('checks the code under its field, says a wrong code in plain words, and sends one verify per press', async () => {
    let release: (response: Response) => void = () => undefined;
    await signedIn({
      factors: [],
      override: (url) =>
        url.pathname.endsWith('/verify')
          ? new Promise<Response>((resolve) => (release = resolve))
          : undefined,
    });
    renderWithProviders(<TwoFactorSettings />);
    await startSetUp();
    await userEvent.type(code(), '12345');
    await userEvent.click(screen.getByRole('button', { name: TWO_FACTOR_COPY.verify }));
    expect(code()).toHaveAttribute('aria-invalid', 'true');
    expect(code()).toHaveAccessibleDescription('Enter the 6-digit code from your authenticator app');
    expect(code()).toHaveFocus();
    expect(requests.some((request) => request.path.endsWith('/challenge'))).toBe(false);

    await userEvent.type(code(), '9');
    await userEvent.click(screen.getByRole('button', { name: TWO_FACTOR_COPY.verify }));
    await userEvent.click(screen.getByRole('button', { name: TWO_FACTOR_COPY.verify }));
    expect(requests.filter((request) => request.path.endsWith('/verify'))).toHaveLength(1);
    release(authError(422, 'mfa_verification_failed', 'Invalid TOTP code entered'));
    await findErrorToast(AUTH_ERROR_MESSAGES.mfa_verification_failed);
    expect(code()).toHaveValue('');
    expect(code()).toHaveAccessibleDescription(AUTH_ERROR_MESSAGES.mfa_verification_failed);
    expect(screen.getByRole('img', { name: TWO_FACTOR_COPY.qrAlt })).toBeInTheDocument();
  });

  it('removes two-factor authentication after a code, and Cancel keeps it', async () => {
    await signedIn({ factors: [totpFactor('verified')] });
    renderWithProviders(<TwoFactorSettings />);
    expect(await screen.findByText(TWO_FACTOR_COPY.on)).toBeInTheDocument();

    // Each button goes with its step; focus goes to the next step's words, never to <body>.
    await userEvent.click(screen.getByRole('button', { name: TWO_FACTOR_COPY.remove }));
    expect(screen.getByText(TWO_FACTOR_COPY.removeIntro)).toHaveFocus();
    // Cancel goes back to the control that began the step.
    await userEvent.click(screen.getByRole('button', { name: TWO_FACTOR_COPY.cancel }));
    expect(screen.getByRole('button', { name: TWO_FACTOR_COPY.remove })).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: TWO_FACTOR_COPY.remove }));
    await userEvent.type(code(), '654321');
    await userEvent.click(screen.getByRole('button', { name: TWO_FACTOR_COPY.confirmRemove }));
    await findToast(TWO_FACTOR_COPY.removed);
    expect(screen.getByRole('button', { name: TWO_FACTOR_COPY.setUp })).toBeInTheDocument();
    expect(screen.getByText(TWO_FACTOR_COPY.off)).toHaveFocus();
    // The code first (the server removes a factor only for an aal2 session), then the removal.
    const order = requests.map((request) => `${request.method} ${request.path}`);
    expect(order.indexOf(`POST /auth/v1/factors/${FACTOR_ID}/verify`)).toBeLessThan(
      order.indexOf(`DELETE /auth/v1/factors/${FACTOR_ID}`),
    );
  });

  it('says in words for people when the settings cannot be loaded, and Retry loads them', async () => {
    let down = true;
    await signedIn({
      factors: [],
      override: () => {
        if (down) throw new TypeError('Failed to fetch');
        return undefined;
      },
    });
    renderWithProviders(<TwoFactorSettings />);
    expect(await screen.findByText('Two-factor authentication could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText(ERROR_MESSAGES.network)).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('TypeError');
    down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: TWO_FACTOR_COPY.setUp })).toBeInTheDocument();
  });

  it('says in words for people when the set-up cannot start, and starts it when tried again', async () => {
    let down = true;
    await signedIn({
      factors: [],
      override: (url, method) => {
        if (down && url.pathname === '/auth/v1/factors' && method === 'POST')
          throw new TypeError('Failed to fetch');
        return undefined;
      },
    });
    renderWithProviders(<TwoFactorSettings />);
    await userEvent.click(await screen.findByRole('button', { name: TWO_FACTOR_COPY.setUp }));
    await findErrorToast(ERROR_MESSAGES.network);
    expect(screen.getByRole('button', { name: TWO_FACTOR_COPY.setUp })).toBeEnabled();
    down = false;
    expect(await startSetUp()).toBeInTheDocument();
  });

  it('tells a customer who lost the device to contact the agency', async () => {
    await signedIn({ factors: [totpFactor('verified')] });
    renderWithProviders(<TwoFactorSettings />);
    expect(within(section()).getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
    await screen.findByText(TWO_FACTOR_COPY.on);
  });
});
