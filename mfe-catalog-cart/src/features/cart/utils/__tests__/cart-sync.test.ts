// The cart sync `./CartSync` starts: its start, its single run (one save per change, from the tab that made it)
// and its stop.
import { act, renderHook, waitFor } from '@testing-library/react';
import type * as SupabaseJs from '@supabase/supabase-js';
import type * as SharedLib from 'shared-lib';
import { useCartStore, useSessionStore, type StorefrontClient } from 'shared-lib';
import type * as Catalogue from 'shared-lib/catalogue';
import { getServiceById, toCartItem } from 'shared-lib/catalogue';
import {
  createTestSupabase,
  json,
  resetStores,
  TEST_SUPABASE_URL,
  testRuntimeConfig,
} from 'shared-lib/src/testing';
import { useCartPersistenceUnlessSynced } from '../../hooks/use-cart-persistence';
import type * as CartSaver from '../cart-saver';
import { whenCartSaved } from '../cart-saver';
import type * as CartSyncModule from '../cart-sync';
import { startCartSync } from '../cart-sync';

const USER = { id: '11111111-1111-4111-8111-111111111111', email: 'ada@example.com' };
type Line = { service_id: string; service_title: string; service_price: number };

/**
 * One browser tab: its own copy of shared-lib (stores, supabase client) and of this slice, as a second tab has,
 * over the one localStorage and window that jsdom gives every copy (nothing is rendered in a tab). Each replace_cart it sends is recorded under
 * its name; the account's stored cart is shared.
 */
async function openTab(name: string, account: { stored: Line[]; saves: { tab: string; ids: string[] }[] }) {
  let tab!: {
    lib: typeof SharedLib;
    catalogue: typeof Catalogue;
    sync: typeof CartSyncModule;
    saver: typeof CartSaver;
  };
  let supabaseJs!: typeof SupabaseJs;
  await jest.isolateModulesAsync(async () => {
    tab = {
      lib: await import('shared-lib'),
      catalogue: await import('shared-lib/catalogue'),
      sync: await import('../cart-sync'),
      saver: await import('../cart-saver'),
    };
    supabaseJs = await import('@supabase/supabase-js');
  });
  // As createTestSupabase does (shared-lib/testing), for this tab's copy of shared-lib.
  tab.lib.setRuntimeConfig(testRuntimeConfig);
  const handler = async (url: URL, init: RequestInit) => {
    if (url.pathname === '/rest/v1/cart_items' && init.method === 'GET') {
      return json(account.stored.map((r) => ({ ...r, user_id: USER.id, checked_out: false })));
    }
    if (url.pathname === '/rest/v1/rpc/replace_cart') {
      const { items } = JSON.parse(String(init.body)) as { items: Line[] };
      account.saves.push({ tab: name, ids: items.map((i) => i.service_id) });
      account.stored = items;
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
  const item = (id: string) => tab.catalogue.toCartItem(tab.catalogue.getServiceById(id)!);
  const signIn = () => tab.lib.useSessionStore.getState().setSession({ user: USER, accessToken: 't' });
  const ids = () => tab.lib.useCartStore.getState().items.map((i) => i.id);
  return { ...tab, item, signIn, ids };
}

/** What the browser does in every other tab when one tab writes the cart to localStorage. */
function deliverStorageEvent(key: string) {
  window.dispatchEvent(new StorageEvent('storage', { key, newValue: localStorage.getItem(key) }));
}

afterEach(() => localStorage.clear());

it('loads and merges on sign-in, saves each change once, and stops saving when stopped', async () => {
  const account = {
    stored: [{ service_id: 'chat-helper', service_title: 'Chat Helper', service_price: 699 }],
    saves: [] as { tab: string; ids: string[] }[],
  };
  const tab = await openTab('A', account);
  tab.lib.useCartStore.getState().add(tab.item('smart-website'));
  const stop = tab.sync.startCartSync();
  expect(tab.sync.isCartSyncRunning()).toBe(true);
  tab.signIn();
  await waitFor(() => expect(account.saves).toHaveLength(1));
  expect(tab.ids()).toEqual(['chat-helper', 'smart-website']);
  expect(account.saves[0]).toEqual({ tab: 'A', ids: ['chat-helper', 'smart-website'] });

  tab.lib.useCartStore.getState().add(tab.item('task-automator'));
  tab.lib.useCartStore.getState().applyCode('ADA123456'); // not a change of items: nothing to save
  await tab.saver.whenCartSaved();
  expect(account.saves.map((s) => s.ids)).toEqual([
    ['chat-helper', 'smart-website'],
    ['chat-helper', 'smart-website', 'task-automator'],
  ]);

  stop();
  expect(tab.sync.isCartSyncRunning()).toBe(false);
  tab.lib.useCartStore.getState().remove('chat-helper');
  await tab.saver.whenCartSaved();
  expect(account.saves).toHaveLength(2);
});

it('a change in one tab causes exactly one replace_cart, from that tab; the other tab follows it', async () => {
  const account = { stored: [] as Line[], saves: [] as { tab: string; ids: string[] }[] };
  const a = await openTab('A', account);
  const b = await openTab('B', account);
  const stopTabs = [a.lib.syncCartAcrossTabs(), b.lib.syncCartAcrossTabs()];
  const stops = [a.sync.startCartSync(), b.sync.startCartSync()];
  a.signIn();
  b.signIn();
  await a.saver.whenCartSaved();
  await b.saver.whenCartSaved();
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(account.saves).toEqual([]);

  a.lib.useCartStore.getState().add(a.item('smart-website'));
  deliverStorageEvent(a.lib.CART_STORAGE_KEY);
  await a.saver.whenCartSaved();
  await b.saver.whenCartSaved();
  expect(b.ids()).toEqual(['smart-website']);
  expect(account.saves).toEqual([{ tab: 'A', ids: ['smart-website'] }]);

  // And back: B's change is B's one save.
  b.lib.useCartStore.getState().add(b.item('chat-helper'));
  deliverStorageEvent(b.lib.CART_STORAGE_KEY);
  await a.saver.whenCartSaved();
  await b.saver.whenCartSaved();
  expect(a.ids()).toEqual(['smart-website', 'chat-helper']);
  expect(account.saves).toEqual([
    { tab: 'A', ids: ['smart-website'] },
    { tab: 'B', ids: ['smart-website', 'chat-helper'] },
  ]);
  [...stops, ...stopTabs].forEach((stop) => stop());
});

it('clears the cart in this browser on sign-out, leaving the account’s copy', async () => {
  const account = {
    stored: [{ service_id: 'chat-helper', service_title: 'Chat Helper', service_price: 699 }],
    saves: [] as { tab: string; ids: string[] }[],
  };
  const tab = await openTab('A', account);
  const stop = tab.sync.startCartSync();
  tab.signIn();
  await waitFor(() => expect(tab.ids()).toEqual(['chat-helper']));
  tab.lib.useSessionStore.getState().setSession(null);
  expect(tab.ids()).toEqual([]);
  await tab.saver.whenCartSaved();
  expect(account.saves).toEqual([]);
  stop();
});

it('CartButton’s older hook stays off while a sync runs, so each change is saved once, and takes over when it stops', async () => {
  const saves: string[][] = [];
  let stored: Line[] = [];
  createTestSupabase(async (url, init) => {
    if (url.pathname === '/rest/v1/cart_items' && init.method === 'GET') {
      return json(stored.map((r) => ({ ...r, user_id: USER.id, checked_out: false })));
    }
    if (url.pathname === '/rest/v1/rpc/replace_cart') {
      stored = (JSON.parse(String(init.body)) as { items: Line[] }).items;
      saves.push(stored.map((i) => i.service_id));
      return new Response(null, { status: 204 });
    }
    throw new Error(`unexpected ${init.method} ${url.pathname}`);
  });
  const item = (id: string) => toCartItem(getServiceById(id)!);
  const stop = startCartSync();
  const { unmount } = renderHook(() => useCartPersistenceUnlessSynced());
  act(() => useSessionStore.getState().setSession({ user: USER, accessToken: 't' }));
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  await act(() => whenCartSaved());
  act(() => useCartStore.getState().add(item('smart-website')));
  await act(() => whenCartSaved());
  expect(saves).toEqual([['smart-website']]);

  // A shell without ./CartSync: the button's hook keeps saving, so saving never stops.
  act(() => stop());
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  await act(() => whenCartSaved());
  act(() => useCartStore.getState().add(item('chat-helper')));
  await act(() => whenCartSaved());
  expect(saves).toEqual([['smart-website'], ['smart-website', 'chat-helper']]);
  unmount();
  resetStores();
});
