// Keeps a signed-in user's cart in the backend: loads it once the user is known and merges it with what the
// visitor added as a guest, saves every change after that (including the one that empties it), and clears the
// cart in this browser on sign-out so the next person at the computer does not see it.
//
// The release before `./CartSync` ran this inside CartButton. CartButton still does, for shells that do not
// mount `./CartSync` yet, but only while no sync is running (useCartPersistenceUnlessSynced): the cart is never
// saved twice, and saving never stops. Remove it once every deployed shell mounts `./CartSync`.
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { CART_STORAGE_KEY, dedupeById, selectUser, useCartStore, useSessionStore } from 'shared-lib';
import { loadStoredCart } from '../api/load-stored-cart';
import { queueCartSave } from '../utils/cart-saver';
import { isCartSyncRunning, watchCartSync } from '../utils/cart-sync';

/**
 * True while another tab's cart change is being read back into this store (shared-lib's syncCartAcrossTabs
 * rehydrates synchronously inside the storage event). The tab that made a change saves it; saving it here too
 * would at best repeat that save, and at worst write the empty cart a sign-out in the other tab leaves behind
 * before this tab has heard of the sign-out, wiping the account's stored cart.
 */
function useForeignChangeFlag(): { readonly current: boolean } {
  const flag = useRef(false);
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== CART_STORAGE_KEY) return;
      flag.current = true;
      // Cleared once this event's listeners (the rehydration among them) have all run.
      setTimeout(() => {
        flag.current = false;
      }, 0);
    };
    // Capture: at the window, capturing listeners run before the bubbling one that rehydrates the store.
    window.addEventListener('storage', onStorage, { capture: true });
    return () => window.removeEventListener('storage', onStorage, { capture: true });
  }, []);
  return flag;
}

const sameIds = (a: readonly { id: string }[], b: readonly { id: string }[]) =>
  a.length === b.length && a.every((item, i) => item.id === b[i]!.id);

/** CartButton's persistence: useCartPersistence while no `./CartSync` runs, nothing while one does. */
export function useCartPersistenceUnlessSynced(): void {
  const synced = useSyncExternalStore(watchCartSync, isCartSyncRunning, isCartSyncRunning);
  useCartPersistence(!synced);
}

export function useCartPersistence(enabled = true): void {
  const user = useSessionStore(selectUser);
  const userId = user?.id ?? null;
  const foreignChange = useForeignChangeFlag();

  useEffect(() => {
    if (!userId || !enabled) return;
    let active = true;
    let loaded = false;
    // Changes only count once the stored cart is in: before that the local cart may be empty, and saving it
    // would wipe what the account holds.
    const unsubscribe = useCartStore.subscribe((state, previous) => {
      // Still this user's cart? (Signing out clears the cart before React has unmounted this subscription.)
      const current = useSessionStore.getState().user?.id === userId;
      if (loaded && current && !foreignChange.current && state.items !== previous.items) {
        void queueCartSave(state.items);
      }
    });
    loadStoredCart(userId)
      .then((stored) => {
        if (!active) return;
        const local = useCartStore.getState().items;
        const merged = dedupeById([...stored, ...local]);
        if (!sameIds(merged, local)) useCartStore.getState().replace(merged);
        loaded = true;
        if (!sameIds(merged, stored)) void queueCartSave(merged);
      })
      .catch((error: unknown) => console.error('[cart] could not load the saved cart', error));
    return () => {
      active = false;
      unsubscribe();
    };
  }, [userId, foreignChange, enabled]);

  // Signing out (not a page load without a session) empties the cart here; the account keeps its copy.
  useEffect(() => {
    if (!enabled) return;
    return useSessionStore.subscribe((state, previous) => {
      if (previous.status === 'signed-in' && state.status === 'signed-out') useCartStore.getState().clear();
    });
  }, [enabled]);
}
