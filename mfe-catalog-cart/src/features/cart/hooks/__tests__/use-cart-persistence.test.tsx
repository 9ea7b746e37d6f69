import { act, renderHook, waitFor } from '@testing-library/react';
import { CART_STORAGE_KEY, syncCartAcrossTabs, useCartStore, useSessionStore } from 'shared-lib';
import { getServiceById, toCartItem } from 'shared-lib/catalogue';
import { createTestSupabase, json, resetStores } from 'shared-lib/src/testing';
import { whenCartSaved } from '../../utils/cart-saver';
import { useCartPersistence } from '../use-cart-persistence';

const USER = { id: '11111111-1111-4111-8111-111111111111', email: 'ada@example.com' };
const item = (id: string) => toCartItem(getServiceById(id)!);

interface Backend {
  stored: { service_id: string; service_title: string; service_price: number }[];
  saves: string[][];
  failLoad?: boolean;
}

function backend(state: Backend) {
  createTestSupabase(async (url, init) => {
    if (url.pathname === '/rest/v1/cart_items' && init.method === 'GET') {
      if (state.failLoad) return json({ code: '57014', message: 'timeout', details: null, hint: null }, 500);
      expect(url.searchParams.get('user_id')).toBe(`eq.${USER.id}`);
      expect(url.searchParams.get('checked_out')).toBe('eq.false');
      // The cart comes back in the order the customer built it.
      expect(url.searchParams.get('order')).toBe('sort_order.asc');
      return json(state.stored.map((r) => ({ ...r, user_id: USER.id, checked_out: false })));
    }
    if (url.pathname === '/rest/v1/rpc/replace_cart') {
      const { items } = JSON.parse(String(init.body)) as { items: Backend['stored'] };
      state.saves.push(items.map((i) => i.service_id));
      state.stored = items;
      return new Response(null, { status: 204 });
    }
    throw new Error(`unexpected ${init.method} ${url.pathname}`);
  });
}

const signIn = () => act(() => useSessionStore.getState().setSession({ user: USER, accessToken: 't' }));

beforeEach(() => useSessionStore.getState().setSession(null));
afterEach(resetStores);

it('loads the stored cart once the user is known, with paths from the catalogue, and merges the guest cart', async () => {
  const state: Backend = {
    stored: [{ service_id: 'chat-helper', service_title: 'Chat Helper', service_price: 699 }],
    saves: [],
  };
  backend(state);
  useCartStore.getState().add(item('smart-website'));
  useCartStore.getState().add(item('chat-helper'));
  renderHook(() => useCartPersistence());
  signIn();
  await waitFor(() => expect(state.saves).toHaveLength(1));
  expect(useCartStore.getState().items.map((i) => [i.id, i.path])).toEqual([
    ['chat-helper', '/services/ai-chatbots'],
    ['smart-website', '/services/ai-website-building'],
  ]);
  expect(state.saves[0]).toEqual(['chat-helper', 'smart-website']);
});

it('saves every change after loading, including the one that empties the cart', async () => {
  const state: Backend = { stored: [], saves: [] };
  backend(state);
  renderHook(() => useCartPersistence());
  signIn();
  await act(() => whenCartSaved());
  await waitFor(() => expect(useCartStore.getState().items).toEqual([]));
  act(() => useCartStore.getState().add(item('smart-website')));
  await act(() => whenCartSaved());
  act(() => useCartStore.getState().remove('smart-website'));
  await act(() => whenCartSaved());
  expect(state.saves).toEqual([['smart-website'], []]);
});

it('never overwrites the stored cart with the empty cart present before loading finishes', async () => {
  const state: Backend = {
    stored: [{ service_id: 'chat-helper', service_title: 'Chat Helper', service_price: 699 }],
    saves: [],
  };
  backend(state);
  renderHook(() => useCartPersistence());
  signIn();
  await waitFor(() => expect(useCartStore.getState().items.map((i) => i.id)).toEqual(['chat-helper']));
  await act(() => whenCartSaved());
  expect(state.saves).toEqual([]);
});

it('keeps working in memory when loading fails, logging only', async () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const state: Backend = { stored: [], saves: [], failLoad: true };
  backend(state);
  renderHook(() => useCartPersistence());
  signIn();
  await waitFor(() =>
    expect(error).toHaveBeenCalledWith('[cart] could not load the saved cart', expect.anything()),
  );
  act(() => useCartStore.getState().add(item('smart-website')));
  expect(useCartStore.getState().items).toHaveLength(1);
  expect(state.saves).toEqual([]);
  error.mockRestore();
});

it('clears the cart in this browser on sign-out', async () => {
  const state: Backend = {
    stored: [{ service_id: 'chat-helper', service_title: 'Chat Helper', service_price: 699 }],
    saves: [],
  };
  backend(state);
  renderHook(() => useCartPersistence());
  signIn();
  await waitFor(() => expect(useCartStore.getState().items).toHaveLength(1));
  act(() => useSessionStore.getState().setSession(null));
  expect(useCartStore.getState().items).toEqual([]);
  await act(() => whenCartSaved());
  expect(state.stored).toHaveLength(1);
});

it('leaves saving another tab’s change to that tab, so a sign-out there never empties the stored cart', async () => {
  const state: Backend = {
    stored: [{ service_id: 'chat-helper', service_title: 'Chat Helper', service_price: 699 }],
    saves: [],
  };
  backend(state);
  const stopSync = syncCartAcrossTabs();
  renderHook(() => useCartPersistence());
  signIn();
  await waitFor(() => expect(useCartStore.getState().items).toHaveLength(1));
  // The other tab signed out and emptied the shared storage before this tab heard of the sign-out.
  const emptied = JSON.stringify({ state: { items: [] }, version: 1 });
  localStorage.setItem(CART_STORAGE_KEY, emptied);
  act(() => {
    window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY, newValue: emptied }));
  });
  expect(useCartStore.getState().items).toEqual([]);
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  await act(() => whenCartSaved());
  expect(state.saves).toEqual([]);
  expect(state.stored).toHaveLength(1);
  // A change made in this tab is still saved.
  act(() => useCartStore.getState().add(item('smart-website')));
  await act(() => whenCartSaved());
  expect(state.saves).toEqual([['smart-website']]);
  stopSync();
});
