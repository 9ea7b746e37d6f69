// Saves run one after another and only the latest cart is written, so a burst of changes becomes at most one
// save in flight plus one queued. Checkout does not depend on it: place_order takes the cart's items itself.
import type { CartItem } from 'shared-lib';
import { saveStoredCart } from '../api/save-stored-cart';

let queue: Promise<void> = Promise.resolve();
let latest: readonly CartItem[] | null = null;

export function queueCartSave(items: readonly CartItem[]): void {
  latest = items;
  queue = queue.then(async () => {
    const next = latest;
    latest = null;
    if (!next) return; // a later call already saved a newer cart
    try {
      await saveStoredCart(next);
    } catch (error) {
      // Spec section 8: save failures are logged only; the cart keeps working in memory.
      console.error('[cart] could not save the cart', error);
    }
  });
}
