// Which auth events count as signed in: a session still waiting for its second factor does not, and a reset
// link's session is flagged for /auth/reset; and a session that learns from the auth server that two-factor was
// turned on elsewhere.
import type { Session } from '@supabase/supabase-js';
import { useSessionStore } from '../../stores/session';
import { createTestSupabase, json, resetStores } from '../../testing';
import { awaitsSecondFactor, lacksSecondFactor, startSessionSync } from '../session-sync';

const user = (factors: unknown[] = []) => ({
  id: '5b4c1a3e-0d9f-4f5e-9a51-1d2b3c4d5e6f',
  aud: 'authenticated',
  role: 'authenticated',
  email: 'ada@example.com',
  app_metadata: {},
  user_metadata: {},
  created_at: '2025-01-15T10:00:00Z',
  factors,
});
const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (aal: string) =>
  `${base64url({ alg: 'HS256' })}.${base64url({ sub: 'u', aal, exp: 9999999999 })}.signature`;
const factor = (status: 'verified' | 'unverified') => ({ id: 'f1', factor_type: 'totp', status });
const session = (aal: string, factors: unknown[]) => ({
  access_token: token(aal),
  token_type: 'bearer',
  expires_in: 3600,
  expires_at: Math.floor(Date.now() / 1000) + 3600,
  refresh_token: 'refresh',
  user: user(factors),
});

let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  stop = null;
  resetStores();
});

describe('awaitsSecondFactor', () => {
  it.each([
    ['no factor, aal1', session('aal1', []), false],
    ['an unverified factor, aal1', session('aal1', [factor('unverified')]), false],
    ['a verified factor, aal1', session('aal1', [factor('verified')]), true],
    ['a verified factor, aal2', session('aal2', [factor('verified')]), false],
    [
      'a verified factor, an unreadable token',
      { ...session('aal2', [factor('verified')]), access_token: 'x' },
      true,
    ],
  ])('%s: %s', (_, value, expected) => {
    expect(awaitsSecondFactor(value as unknown as Session)).toBe(expected);
  });
});

describe('session sync', () => {
  async function client(answer: (url: URL) => Response) {
    const instance = createTestSupabase((url) => answer(url));
    stop = await startSessionSync();
    return instance;
  }

  it('keeps a password sign-in of an account with a verified factor signed out until its code is verified', async () => {
    const supabase = await client((url) =>
      url.pathname.endsWith('/verify')
        ? json({ ...session('aal2', [factor('verified')]) })
        : url.pathname.endsWith('/challenge')
          ? json({ id: 'c1', type: 'totp', expires_at: 9999999999 })
          : json(session('aal1', [factor('verified')])),
    );
    await supabase.auth.signInWithPassword({ email: 'ada@example.com', password: 'Secret123' });
    expect(useSessionStore.getState()).toMatchObject({
      status: 'signed-out',
      user: null,
      awaitingSecondFactor: true,
    });

    await supabase.auth.mfa.challengeAndVerify({ factorId: 'f1', code: '123456' });
    expect(useSessionStore.getState()).toMatchObject({ status: 'signed-in', awaitingSecondFactor: false });
    expect(useSessionStore.getState().user?.email).toBe('ada@example.com');
  });

  it('flags the session a reset link gave, until the visitor signs out', async () => {
    const supabase = await client((url) =>
      url.pathname === '/auth/v1/logout' ? new Response(null, { status: 204 }) : json(session('aal1', [])),
    );
    await supabase.auth.verifyOtp({ type: 'recovery', token_hash: 'hash' });
    // supabase-js reports PASSWORD_RECOVERY after the call returns.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(useSessionStore.getState()).toMatchObject({ status: 'signed-in', passwordRecovery: true });

    await supabase.auth.signOut();
    expect(useSessionStore.getState()).toMatchObject({ status: 'signed-out', passwordRecovery: false });
  });

  it('does not flag an ordinary sign-in', async () => {
    const supabase = await client(() => json(session('aal1', [])));
    await supabase.auth.signInWithPassword({ email: 'ada@example.com', password: 'Secret123' });
    expect(useSessionStore.getState()).toMatchObject({ status: 'signed-in', passwordRecovery: false });
  });
});

describe('lacksSecondFactor', () => {
  /** A session signed in at `aal` whose own user has no factor, and the user the auth server answers now. */
  async function signedIn(aal: string, nowFactors: unknown[]) {
    const requests: string[] = [];
    const supabase = createTestSupabase((url) => {
      requests.push(url.pathname);
      return url.pathname === '/auth/v1/user' ? json(user(nowFactors)) : json(session(aal, []));
    });
    await supabase.auth.signInWithPassword({ email: 'ada@example.com', password: 'Secret123' });
    requests.length = 0;
    return { requests, supabase };
  }

  it('is true when the account turned two-factor on since this aal1 session began', async () => {
    const { requests } = await signedIn('aal1', [factor('verified')]);
    expect(await lacksSecondFactor()).toBe(true);
    expect(requests).toEqual(['/auth/v1/user']);
  });

  it('is false for an account without a verified factor', async () => {
    await signedIn('aal1', [factor('unverified')]);
    expect(await lacksSecondFactor()).toBe(false);
  });

  it('is false for an aal2 session without asking the auth server, and without a session', async () => {
    const { requests, supabase } = await signedIn('aal2', [factor('verified')]);
    expect(await lacksSecondFactor()).toBe(false);
    expect(requests).toEqual([]);
    await supabase.auth.signOut({ scope: 'local' });
    expect(await lacksSecondFactor()).toBe(false);
  });
});
