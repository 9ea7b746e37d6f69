import { createClient } from '@supabase/supabase-js';
import { provideSupabase, authStorageKey, dataApiOptions } from '../../supabase/client';
import { setRuntimeConfig } from '../../config/runtime-config';
import { useCartStore } from '../../stores/cart';
import { useSessionStore } from '../../stores/session';
import { resetStores, testRuntimeConfig, TEST_SUPABASE_URL, json } from '../../testing';
import { SIGN_OUT_SERVER_WAIT_MS, signOut, startSessionSync } from '../session-sync';
import type { Database } from '../../supabase/database.types';

const user = {
  id: '5b4c1a3e-0d9f-4f5e-9a51-1d2b3c4d5e6f',
  aud: 'authenticated',
  role: 'authenticated',
  email: 'ada@example.com',
  app_metadata: {},
  user_metadata: {},
  created_at: '2025-01-15T10:00:00Z',
};
const session = () => ({
  access_token: 'test-access-token',
  token_type: 'bearer',
  expires_in: 3600,
  expires_at: Math.floor(Date.now() / 1000) + 3600,
  refresh_token: 'test-refresh-token',
  user,
});
const item = {
  id: 'smart-website',
  title: 'Smart Website',
  price: 899,
  icon: 'globe',
  path: '/services/ai-website-building',
};

let logout: () => Promise<Response>;
let stopSync: (() => void) | null = null;

/** A real supabase-js client that keeps its session in local storage, as the site's does, answered by a stub. */
async function signedInClient() {
  setRuntimeConfig(testRuntimeConfig);
  const client = createClient<Database>(TEST_SUPABASE_URL, 'test-anon-key', {
    auth: {
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storageKey: authStorageKey(TEST_SUPABASE_URL),
    },
    db: dataApiOptions,
    global: {
      fetch: (input: RequestInfo | URL) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        if (url.pathname === '/auth/v1/token') return Promise.resolve(json(session()));
        if (url.pathname === '/auth/v1/logout') return logout();
        return Promise.reject(new Error(`unexpected ${url.pathname}`));
      },
    },
  });
  provideSupabase(client);
  stopSync = await startSessionSync();
  await client.auth.signInWithPassword({ email: 'ada@example.com', password: 'Secret123' });
  expect(useSessionStore.getState().status).toBe('signed-in');
  expect(localStorage.getItem(authStorageKey(TEST_SUPABASE_URL))).not.toBeNull();
  useCartStore.getState().add(item);
  return client;
}

afterEach(() => {
  stopSync?.();
  stopSync = null;
  resetStores();
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('signOut', () => {
  it('signs out at once with the server unreachable: session, stored session and cart are gone', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    logout = () => Promise.reject(new TypeError('Failed to fetch'));
    await signedInClient();

    const done = signOut();
    // Before the server has answered anything.
    expect(useSessionStore.getState()).toMatchObject({ status: 'signed-out', user: null });
    expect(useCartStore.getState().items).toEqual([]);

    await expect(done).resolves.toBeUndefined();
    expect(localStorage.getItem(authStorageKey(TEST_SUPABASE_URL))).toBeNull();
    expect(useSessionStore.getState().status).toBe('signed-out');
    expect(warn).toHaveBeenCalled();
  });

  it('removes the stored session after a short wait when the server never answers', async () => {
    logout = () => new Promise<Response>(() => undefined);
    await signedInClient();
    jest.useFakeTimers();
    void signOut();
    expect(useSessionStore.getState().status).toBe('signed-out');
    await jest.advanceTimersByTimeAsync(SIGN_OUT_SERVER_WAIT_MS);
    expect(localStorage.getItem(authStorageKey(TEST_SUPABASE_URL))).toBeNull();
  });

  it('asks the server to revoke the session when it can be reached', async () => {
    const calls: string[] = [];
    logout = () => {
      calls.push('logout');
      return Promise.resolve(new Response(null, { status: 204 }));
    };
    await signedInClient();
    await signOut();
    expect(calls).toEqual(['logout']);
    expect(useSessionStore.getState().status).toBe('signed-out');
  });
});
