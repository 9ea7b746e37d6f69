// The one cart store every slice shares (shared-lib is a federation singleton, so this module runs once).
// The guest cart lives in local storage so it survives a reload and follows other tabs; saving a signed-in
// user's cart to the backend is mfe-catalog-cart's job (its `./CartSync`, which subscribes to `items` alone
// through subscribeWithSelector: `useCartStore.subscribe(selectItems, listener)`).
import { create } from 'zustand';
import { createJSONStorage, persist, subscribeWithSelector } from 'zustand/middleware';
import { discountHint, priceCart } from '../pricing/pricing';
import { safeLocalStorage } from '../storage/browser-storage';
import { announce } from './announcer';

export interface CartItem {
  id: string;
  title: string;
  price: number;
  icon: string;
  path: string;
}

export interface CartState {
  items: CartItem[];
  /** The applied discount code, held in memory only (spec section 4). */
  appliedCode: string | null;
  add: (item: CartItem) => void;
  remove: (id: string) => void;
  toggle: (item: CartItem) => void;
  /** Replaces the whole cart, e.g. with the one loaded from the backend. */
  replace: (items: CartItem[]) => void;
  clear: () => void;
  /** Applies a code, or with null removes the applied one (the visitor keeps it for a later order). */
  applyCode: (code: string | null) => void;
}

export const CART_STORAGE_KEY = 'storefront-cart';

export const useCartStore = create<CartState>()(
  subscribeWithSelector(
    persist(
      (set, get) => {
        // The visitor's own changes (add, remove, toggle) are read out; a cart loaded from the backend or
        // another tab (replace, rehydration) is not something they just did.
        const change = (items: CartItem[], item: CartItem | undefined, added: boolean) => {
          if (!item) return;
          set({ items });
          announce(cartChangeMessage(item.title, added, items, get().appliedCode));
        };
        return {
          items: [],
          appliedCode: null,
          // A service is in the cart at most once, matched by id.
          add: (item) => {
            const { items } = get();
            if (!items.some((i) => i.id === item.id)) change([...items, item], item, true);
          },
          remove: (id) => {
            const { items } = get();
            change(
              items.filter((i) => i.id !== id),
              items.find((i) => i.id === id),
              false,
            );
          },
          toggle: (item) => {
            const { items } = get();
            if (items.some((i) => i.id === item.id)) {
              change(
                items.filter((i) => i.id !== item.id),
                item,
                false,
              );
            } else {
              change([...items, item], item, true);
            }
          },
          replace: (items) => set({ items: dedupeById(items) }),
          clear: () => set({ items: [], appliedCode: null }),
          applyCode: (code) => set({ appliedCode: code }),
        };
      },
      {
        name: CART_STORAGE_KEY,
        version: 1,
        storage: createJSONStorage(() => safeLocalStorage),
        partialize: (s) => ({ items: s.items }),
      },
    ),
  ),
);

/**
 * What the live region says after a service is added or removed: "Smart Website added. Cart: 3 items, 10%
 * discount. Add 2 more for 15% off" (the spec's hint and empty-cart texts where they exist).
 */
export function cartChangeMessage(
  title: string,
  added: boolean,
  items: readonly { price: number }[],
  appliedCode: string | null,
): string {
  const what = `${title} ${added ? 'added' : 'removed'}.`;
  if (items.length === 0) return `${what} Your cart is empty`;
  const priced = priceCart(items, appliedCode);
  const count = `${priced.count} ${priced.count === 1 ? 'item' : 'items'}`;
  const discount = priced.discountPercent > 0 ? `, ${priced.discountPercent}% discount` : '';
  const aftercare = priced.freeAftercare ? ' + FREE aftercare' : '';
  const hint = discountHint(priced.count);
  return `${what} Cart: ${count}${discount}${aftercare}.${hint ? ` ${hint}` : ''}`;
}

export function dedupeById(items: readonly CartItem[]): CartItem[] {
  const seen = new Set<string>();
  return items.filter((i) => (seen.has(i.id) ? false : (seen.add(i.id), true)));
}

// Selectors: components read through these so they re-render only when their slice changes.
export const selectItems = (s: CartState) => s.items;
export const selectCount = (s: CartState) => s.items.length;
export const selectAppliedCode = (s: CartState) => s.appliedCode;
export const selectIsInCart = (id: string) => (s: CartState) => s.items.some((i) => i.id === id);

/**
 * Keeps tabs in step: another tab's change to the stored cart is read back into this one, zustand's documented
 * storage-event rehydration. It runs synchronously inside the event, between the store's `persist.onHydrate` and
 * `persist.onFinishHydration` listeners, which is how a subscriber tells this tab's own changes from another's.
 */
export function syncCartAcrossTabs(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_STORAGE_KEY) void useCartStore.persist.rehydrate();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
