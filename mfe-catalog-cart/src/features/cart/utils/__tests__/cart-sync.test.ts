// The cart sync `./CartSync` starts, the one persistence of a signed-in customer's cart: load and merge on
// sign-in, one save per change (from the tab that made it), clear on sign-out, and nothing once stopped.
import { waitFor } from '@testing-library/react';
import type * as SupabaseJs from '@supabase/supabase-js';
import type * as SharedLib from 'shared-lib';
import type { StorefrontClient } from 'shared-lib';
import type * as Catalogue from 'shared-lib/catalogue';
import { json, TEST_SUPABASE_URL, testRuntimeConfig } from 'shared-lib/src/testing';
import type * as CartSyncModule from '../cart-sync';

const USER = { id: '11111111-1111-4111-8111-111111111111', email: 'ada@example.com' };
type Line = { service_id: string; service_title: string; service_price: number };

/** The account as the backend holds it: its open cart, each replace_cart by tab, and each cart read. */
interface Account {
  stored: Line[];
  saves: { tab: string; ids: string[] }[];
  reads: URLSearchParams[];
  failLoad?: boolean;
  /** The backend cannot be reached: every replace_cart fails as fetch does with the connection down. */
  down?: boolean;
  /** replace_cart answers only once this settles (a save in flight); `sent` counts the ones that reached it. */
  slow?: { until: Promise<void>; sent: number };
  /**
   * Two-factor was turned on elsewhere after this tab's aal1 session began: the auth server lists a verified
   * factor, and the database shows the session none of the account's rows.
   */
  twoFactorSince?: boolean;
}
const account = (...stored: Line[]): Account => ({ stored, saves: [], reads: [] });
const line = (service_id: string, service_title: string, service_price: number): Line => ({
  service_id,
  service_title,
  service_price,
});

/**
 * One browser tab: its own copy of shared-lib (stores, supabase client) and of this slice, as a second tab has,
 * over the one localStorage and window that jsdom gives every copy (nothing is rendered in a tab).
 */
async function openTab(name: string, backend: Account) {
  let tab!: { lib: typeof SharedLib; catalogue: typeof Catalogue; sync: typeof CartSyncModule };
  let supabaseJs!: typeof SupabaseJs;
  await jest.isolateModulesAsync(async () => {
    tab = {
      lib: await import('shared-lib'),
      catalogue: await import('shared-lib/catalogue'),
      sync: await import('../cart-sync'),
    };
    supabaseJs = await import('@supabase/supabase-js');
  });
  // As createTestSupabase does (shared-lib/testing), for this tab's copy of shared-lib.
  tab.lib.setRuntimeConfig(testRuntimeConfig);
  const handler = async (url: URL, init: RequestInit) => {
    if (url.pathname === '/rest/v1/cart_items' && init.method === 'GET') {
      backend.reads.push(url.searchParams);
      if (backend.failLoad)
        return json({ code: '57014', message: 'timeout', details: null, hint: null }, 500);
      if (backend.twoFactorSince) return json([]);
      return json(backend.stored.map((r) => ({ ...r, user_id: USER.id, checked_out: false })));
    }
    if (url.pathname === '/auth/v1/token') return json(aal1Session);
    if (url.pathname === '/auth/v1/user') {
      const factors = backend.twoFactorSince ? [{ id: 'f1', factor_type: 'totp', status: 'verified' }] : [];
      return json({ ...aal1Session.user, factors });
    }
    if (url.pathname === '/rest/v1/rpc/replace_cart') {
      if (backend.slow) {
        backend.slow.sent += 1;
        await backend.slow.until;
      }
      if (backend.down) throw new TypeError('Failed to fetch');
      const { items } = JSON.parse(String(init.body)) as { items: Line[] };
      backend.saves.push({ tab: name, ids: items.map((i) => i.service_id) });
      backend.stored = items;
      return new Response(null, { status: 204 });
    }
    throw new Error(`unexpected ${init.method} ${url.pathname}`);
  };
  tab.lib.provideSupabase(
    supabaseJs.createClient(TEST_SUPABASE_URL, 'test-anon-key', {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: {
        fetch: (input: RequestInfo | URL, init: RequestInit = {}) =>
          handler(new URL(input instanceof Request ? input.url : String(input)), init),
      },
    }) as unknown as StorefrontClient,
  );
  const cart = () => tab.lib.useCartStore.getState();
  const add = (id: string) => cart().add(tab.catalogue.toCartItem(tab.catalogue.getServiceById(id)!));
  const signIn = () => tab.lib.useSessionStore.getState().setSession({ user: USER, accessToken: 't' });
  /** Signs the tab's client in with the password (an aal1 session), as the shell then fills the store. */
  const signInWithPassword = async () => {
    await tab.lib.getSupabase().then((s) => s.auth.signInWithPassword({ email: USER.email, password: 'x' }));
    signIn();
  };
  const ids = () => cart().items.map((i) => i.id);
  return { ...tab, cart, add, signIn, signInWithPassword, ids };
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A password sign-in's session as GoTrue answers it: aal1, its user's factors as they were then (none). */
const aal1Session = {
  access_token: `${base64url({ alg: 'HS256' })}.${base64url({ sub: USER.id, aal: 'aal1', exp: 9999999999 })}.s`,
  token_type: 'bearer',
  expires_in: 3600,
  expires_at: 9999999999,
  refresh_token: 'refresh',
  user: {
    id: USER.id,
    aud: 'authenticated',
    email: USER.email,
    app_metadata: {},
    user_metadata: {},
    factors: [],
  },
};

/** What the browser does in every other tab when one tab writes the cart to localStorage. */
function deliverStorageEvent(key: string) {
  window.dispatchEvent(new StorageEvent('storage', { key, newValue: localStorage.getItem(key) }));
}

/** Lets every request already started reach the backend (its handler answers at once). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => localStorage.clear());

it('loads the open cart on sign-in, in the order it was built, and merges the guest cart into it, saved once', async () => {
  const backend = account(line('chat-helper', 'Chat Helper', 699));
  const tab = await openTab('A', backend);
  tab.add('smart-website');
  tab.add('chat-helper');
  const stop = tab.sync.startCartSync();
  tab.signIn();
  await waitFor(() => expect(backend.saves).toHaveLength(1));
  expect(backend.reads.map((params) => Object.fromEntries(params))).toEqual([
    { select: '*', user_id: `eq.${USER.id}`, checked_out: 'eq.false', order: 'sort_order.asc' },
  ]);
  // The backend keeps no paths: they come from the catalogue.
  expect(tab.cart().items.map((i) => [i.id, i.path])).toEqual([
    ['chat-helper', '/services/ai-chatbots'],
    ['smart-website', '/services/ai-website-building'],
  ]);
  expect(backend.saves).toEqual([{ tab: 'A', ids: ['chat-helper', 'smart-website'] }]);
  stop();
});

it('saves each change of the items once, the emptying one too (a code is no change), and nothing once stopped', async () => {
  const backend = account();
  const tab = await openTab('A', backend);
  const stop = tab.sync.startCartSync();
  tab.signIn();
  await waitFor(() => expect(backend.reads).toHaveLength(1));
  await settle();
  tab.add('smart-website');
  await waitFor(() => expect(backend.saves).toHaveLength(1));
  tab.cart().applyCode('ADA123456');
  tab.cart().remove('smart-website');
  await waitFor(() => expect(backend.saves).toHaveLength(2));
  stop();
  tab.add('chat-helper');
  await settle();
  expect(backend.saves.map((s) => s.ids)).toEqual([['smart-website'], []]);
});

it('never overwrites the stored cart with the empty cart this tab had before loading', async () => {
  const backend = account(line('chat-helper', 'Chat Helper', 699));
  const tab = await openTab('A', backend);
  const stop = tab.sync.startCartSync();
  tab.signIn();
  await waitFor(() => expect(tab.ids()).toEqual(['chat-helper']));
  await settle();
  expect(backend.saves).toEqual([]);
  stop();
});

it('keeps the cart working in memory when loading fails, logging only, and saves nothing over the account', async () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const backend = { ...account(line('chat-helper', 'Chat Helper', 699)), failLoad: true };
  const tab = await openTab('A', backend);
  const stop = tab.sync.startCartSync();
  tab.signIn();
  await waitFor(() =>
    expect(error).toHaveBeenCalledWith('[cart] could not load the saved cart', expect.anything()),
  );
  tab.add('smart-website');
  await settle();
  expect(tab.ids()).toEqual(['smart-website']);
  expect(backend.saves).toEqual([]);
  stop();
  error.mockRestore();
});

it('a change in one tab causes exactly one replace_cart, from that tab; the other tab follows it', async () => {
  const backend = account();
  const a = await openTab('A', backend);
  const b = await openTab('B', backend);
  const stopTabs = [a.lib.syncCartAcrossTabs(), b.lib.syncCartAcrossTabs()];
  const stops = [a.sync.startCartSync(), b.sync.startCartSync()];
  a.signIn();
  b.signIn();
  await waitFor(() => expect(backend.reads).toHaveLength(2));
  await settle();
  expect(backend.saves).toEqual([]);

  a.add('smart-website');
  deliverStorageEvent(a.lib.CART_STORAGE_KEY);
  await waitFor(() => expect(backend.saves).toHaveLength(1));
  await settle();
  expect(b.ids()).toEqual(['smart-website']);
  expect(backend.saves).toEqual([{ tab: 'A', ids: ['smart-website'] }]);

  // And back: B's change is B's one save.
  b.add('chat-helper');
  deliverStorageEvent(b.lib.CART_STORAGE_KEY);
  await waitFor(() => expect(backend.saves).toHaveLength(2));
  await settle();
  expect(a.ids()).toEqual(['smart-website', 'chat-helper']);
  expect(backend.saves).toEqual([
    { tab: 'A', ids: ['smart-website'] },
    { tab: 'B', ids: ['smart-website', 'chat-helper'] },
  ]);
  [...stops, ...stopTabs].forEach((stop) => stop());
});

it('clears the cart in this browser on sign-out, leaving the account’s copy', async () => {
  const backend = account(line('chat-helper', 'Chat Helper', 699));
  const tab = await openTab('A', backend);
  const stop = tab.sync.startCartSync();
  tab.signIn();
  await waitFor(() => expect(tab.ids()).toEqual(['chat-helper']));
  tab.lib.useSessionStore.getState().setSession(null);
  expect(tab.ids()).toEqual([]);
  await settle();
  expect(backend.saves).toEqual([]);
  expect(backend.stored).toHaveLength(1);
  stop();
});

it('leaves saving another tab’s change to that tab, so a sign-out there never empties the stored cart', async () => {
  const backend = account(line('chat-helper', 'Chat Helper', 699));
  const tab = await openTab('A', backend);
  const stopTabs = tab.lib.syncCartAcrossTabs();
  const stop = tab.sync.startCartSync();
  tab.signIn();
  await waitFor(() => expect(tab.ids()).toEqual(['chat-helper']));
  // The other tab signed out and emptied the shared storage before this tab heard of the sign-out.
  const emptied = JSON.stringify({ state: { items: [] }, version: 1 });
  localStorage.setItem(tab.lib.CART_STORAGE_KEY, emptied);
  deliverStorageEvent(tab.lib.CART_STORAGE_KEY);
  expect(tab.ids()).toEqual([]);
  await settle();
  expect(backend.saves).toEqual([]);
  expect(backend.stored).toHaveLength(1);
  // A change made in this tab is still saved.
  tab.add('smart-website');
  await waitFor(() => expect(backend.saves).toEqual([{ tab: 'A', ids: ['smart-website'] }]));
  stop();
  stopTabs();
});

it('neither merges nor saves for a session that lacks the second factor turned on elsewhere: the stored cart stays', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const backend = { ...account(line('chat-helper', 'Chat Helper', 699)), twoFactorSince: true };
  const tab = await openTab('A', backend);
  tab.add('smart-website');
  const stop = tab.sync.startCartSync();
  await tab.signInWithPassword();
  await waitFor(() =>
    expect(warn).toHaveBeenCalledWith(
      '[cart] not synced: this session needs the code from the authenticator app',
    ),
  );
  tab.add('ai-dashboard');
  await settle();
  expect(backend.saves).toEqual([]);
  expect(backend.stored.map((l) => l.service_id)).toEqual(['chat-helper']);
  expect(tab.ids()).toEqual(['smart-website', 'ai-dashboard']);
  stop();
  warn.mockRestore();
});

it('still saves a guest cart into an empty account signed in with the password alone', async () => {
  const backend = account();
  const tab = await openTab('A', backend);
  tab.add('smart-website');
  const stop = tab.sync.startCartSync();
  await tab.signInWithPassword();
  await waitFor(() => expect(backend.saves).toEqual([{ tab: 'A', ids: ['smart-website'] }]));
  stop();
});

it('neither loads nor saves while a password sign-in waits for its code', async () => {
  const backend = account(line('chat-helper', 'Chat Helper', 699));
  const tab = await openTab('A', backend);
  tab.add('smart-website');
  const stop = tab.sync.startCartSync();
  tab.lib.useSessionStore.getState().awaitSecondFactor();
  tab.add('ai-dashboard');
  await settle();
  expect(backend.reads).toEqual([]);
  expect(backend.saves).toEqual([]);
  stop();
});

it('keeps the cart in this browser when a signed-in session turns out to need its code (no sign-out)', async () => {
  const backend = account(line('chat-helper', 'Chat Helper', 699));
  const tab = await openTab('A', backend);
  const stop = tab.sync.startCartSync();
  tab.signIn();
  await waitFor(() => expect(tab.ids()).toEqual(['chat-helper']));
  tab.lib.useSessionStore.getState().awaitSecondFactor();
  expect(tab.ids()).toEqual(['chat-helper']);
  stop();
});

describe('a save that fails (#33.6)', () => {
  /** A signed-in tab whose stored cart is in, with the backend down from now on. */
  async function signedInWhileDown() {
    const backend: Account = account();
    const tab = await openTab('A', backend);
    const stop = tab.sync.startCartSync();
    tab.signIn();
    await waitFor(() => expect(backend.reads).toHaveLength(1));
    await settle();
    backend.down = true;
    const toasts = () => tab.lib.useToastStore.getState().toasts.map((t) => [t.title, t.variant]);
    return { backend, tab, stop, toasts };
  }

  it('is said once, retried until the backend is back, and then said to be saved', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { backend, tab, stop, toasts } = await signedInWhileDown();
    jest.useFakeTimers();
    try {
      tab.add('smart-website');
      await jest.advanceTimersByTimeAsync(0);
      expect(toasts()).toEqual([['Your cart could not be saved.', 'destructive']]);
      // Still down at the first retry, 2 s later: nothing new is said.
      await jest.advanceTimersByTimeAsync(2000);
      expect(error).toHaveBeenCalledTimes(2);
      expect(toasts()).toEqual([['Your cart could not be saved.', 'destructive']]);
      backend.down = false;
      await jest.advanceTimersByTimeAsync(4999);
      expect(backend.saves).toEqual([]);
      await jest.advanceTimersByTimeAsync(1);
      expect(backend.saves).toEqual([{ tab: 'A', ids: ['smart-website'] }]);
      // The saved toast takes the error's place.
      expect(toasts()).toEqual([['Your cart is saved.', 'default']]);
    } finally {
      stop();
      jest.useRealTimers();
      error.mockRestore();
    }
  });

  it('is retried at once when the browser is back online, with the newest cart only', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { backend, tab, stop } = await signedInWhileDown();
    tab.add('smart-website');
    await waitFor(() => expect(error).toHaveBeenCalledTimes(1));
    tab.add('chat-helper');
    await waitFor(() => expect(error).toHaveBeenCalledTimes(2));
    backend.down = false;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(backend.saves).toHaveLength(1));
    expect(backend.saves).toEqual([{ tab: 'A', ids: ['smart-website', 'chat-helper'] }]);
    stop();
    error.mockRestore();
  });

  it('takes its toast back at sign-out, when "we will keep trying" no longer holds', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { tab, stop, toasts } = await signedInWhileDown();
    tab.add('smart-website');
    await waitFor(() => expect(toasts()).toEqual([['Your cart could not be saved.', 'destructive']]));
    tab.lib.useSessionStore.getState().setSession(null);
    expect(toasts()).toEqual([]);
    stop();
    error.mockRestore();
  });

  it('says nothing when a save still in flight at sign-out fails after it', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { backend, tab, stop, toasts } = await signedInWhileDown();
    let answer!: () => void;
    backend.slow = { until: new Promise((resolve) => (answer = resolve)), sent: 0 };
    tab.add('smart-website');
    await waitFor(() => expect(backend.slow?.sent).toBe(1));
    tab.lib.useSessionStore.getState().setSession(null);
    answer();
    await waitFor(() => expect(error).toHaveBeenCalledTimes(1));
    await settle();
    expect(toasts()).toEqual([]);
    stop();
    error.mockRestore();
  });

  it('is not retried once the customer has signed out', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { backend, tab, stop } = await signedInWhileDown();
    tab.add('smart-website');
    await waitFor(() => expect(error).toHaveBeenCalledTimes(1));
    tab.lib.useSessionStore.getState().setSession(null);
    backend.down = false;
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(backend.saves).toEqual([]);
    stop();
    error.mockRestore();
  });
});
