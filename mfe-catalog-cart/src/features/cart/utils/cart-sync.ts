// The cart's backend sync, as one named part with a start and a stop (`./CartSync` mounts it once).
//
// - Signed in: the stored cart is loaded and merged with what the visitor added as a guest; from then on every
//   change of `items` made in this tab is saved once (replace_cart, through the queue in cart-saver.ts).
// - Another tab's change reaches this store through zustand's storage-event rehydration (shared-lib's
//   syncCartAcrossTabs, which the shell starts). That tab saves it; this one only tells it apart: rehydration
//   runs between the store's `persist.onHydrate` and `persist.onFinishHydration` listeners.
// - Signing out (not a page load without a session) empties the cart here; the account keeps its copy.
// - A session that still lacks its second factor (two-factor turned on elsewhere since it began) reads an empty
//   cart: the database hides the account's rows from it (issue #30). It neither merges nor saves, so the stored
//   cart is never overwritten with what that empty read suggests.
import { dedupeById, lacksSecondFactor, selectItems, useCartStore, useSessionStore } from 'shared-lib';
import { loadStoredCart } from '../api/load-stored-cart';
import { queueCartSave, resetCartSaver } from './cart-saver';

const sameIds = (a: readonly { id: string }[], b: readonly { id: string }[]) =>
  a.length === b.length && a.every((item, i) => item.id === b[i]!.id);

/**
 * Loads, merges and then saves `userId`'s cart until the returned function is called. Not a component's read
 * (useLoad's): it runs for the session, not for a page, and what it reads goes into the cart store. It cancels
 * the same way, though: stopping aborts the read in flight and drops its answer.
 */
function followUser(userId: string, fromOtherTab: () => boolean): () => void {
  const stop = new AbortController();
  let loaded = false;
  // Changes count only once the stored cart is in: before that the local cart may be empty, and saving it
  // would wipe what the account holds.
  const unsubscribe = useCartStore.subscribe(selectItems, (items) => {
    // Still this user's cart? (Signing out clears the cart while this subscription still runs.)
    const current = useSessionStore.getState().user?.id === userId;
    if (loaded && current && !fromOtherTab()) queueCartSave(items);
  });
  loadStoredCart(userId, stop.signal)
    .then(async (stored) => {
      if (stored.length === 0 && (await lacksSecondFactor())) {
        console.warn('[cart] not synced: this session needs the code from the authenticator app');
        return;
      }
      if (stop.signal.aborted) return;
      const local = useCartStore.getState().items;
      const merged = dedupeById([...stored, ...local]);
      if (!sameIds(merged, local)) useCartStore.getState().replace(merged);
      loaded = true;
      if (!sameIds(merged, stored)) queueCartSave(merged);
    })
    // Spec section 8: load failures are logged only (not the read that stopping aborted).
    .catch((error: unknown) => {
      if (!stop.signal.aborted) console.error('[cart] could not load the saved cart', error);
    });
  return () => {
    stop.abort();
    unsubscribe();
    resetCartSaver();
  };
}

/** Starts the sync; the returned function stops it. */
export function startCartSync(): () => void {
  let rehydrating = false;
  const stopHydrate = useCartStore.persist.onHydrate(() => {
    rehydrating = true;
  });
  const stopFinish = useCartStore.persist.onFinishHydration(() => {
    rehydrating = false;
  });
  let stopUser: (() => void) | null = null;
  const follow = (userId: string | null) => {
    stopUser?.();
    stopUser = userId ? followUser(userId, () => rehydrating) : null;
  };
  follow(useSessionStore.getState().user?.id ?? null);
  const stopSession = useSessionStore.subscribe((state, previous) => {
    // Not when the session turns out to need its second factor: the visitor is asked for the code, not signed out.
    if (previous.status === 'signed-in' && state.status === 'signed-out' && !state.awaitingSecondFactor) {
      useCartStore.getState().clear();
    }
    const userId = state.user?.id ?? null;
    if (userId !== (previous.user?.id ?? null)) follow(userId);
  });
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    stopSession();
    stopUser?.();
    stopHydrate();
    stopFinish();
  };
}
