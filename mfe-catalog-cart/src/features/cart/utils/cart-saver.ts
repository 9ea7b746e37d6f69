// Saves run one after another and only the latest cart is written, so a burst of changes becomes at most one
// save in flight plus one queued. Checkout does not depend on it: place_order takes the cart's items itself.
//
// A save that fails (the backend or the connection down) is said once, and retried (#33.6, beyond the spec,
// whose save failures were logged only: a signed-in customer's add was announced while the account never got
// it): after 2, 5, 15 and then every 30 seconds, at once when the browser is back online, until it is saved or a
// newer cart takes its place. Once saved after a failure, the customer is told so. Words: docs/architecture.md.
// Signing out ends all of it: the failure toast's "we will keep trying" no longer holds, so it is taken back, and
// a save still in flight then says nothing when it ends.
import { dismissToast, toast, type CartItem } from 'shared-lib';
import { saveStoredCart } from '../api/save-stored-cart';

const RETRY_SECONDS = [2, 5, 15, 30];
const TOASTS = 'cart-save';

let queue: Promise<void> = Promise.resolve();
let latest: readonly CartItem[] | null = null;
let failures = 0;
/** The failure toast on screen, taken back when the customer signs out. */
let failureToast: number | null = null;
/** Counts sign-outs: a save that began before the latest one no longer speaks for this customer. */
let session = 0;
let retry: { timer: ReturnType<typeof setTimeout>; online: () => void } | null = null;

/** Forgets a pending retry (a newer cart is queued, or the customer signed out). */
function cancelCartRetry(): void {
  if (!retry) return;
  clearTimeout(retry.timer);
  window.removeEventListener('online', retry.online);
  retry = null;
}

function retryLater(items: readonly CartItem[]) {
  const again = () => {
    cancelCartRetry();
    queueCartSave(items);
  };
  const seconds = RETRY_SECONDS[Math.min(failures, RETRY_SECONDS.length) - 1]!;
  retry = { timer: setTimeout(again, seconds * 1000), online: again };
  window.addEventListener('online', again);
}

export function queueCartSave(items: readonly CartItem[]): void {
  latest = items;
  cancelCartRetry();
  queue = queue.then(async () => {
    const next = latest;
    latest = null;
    if (!next) return; // a later call already saved a newer cart
    const started = session;
    try {
      await saveStoredCart(next);
      if (started !== session) return;
      if (failures > 0) toast({ title: 'Your cart is saved.', group: TOASTS });
      failures = 0;
      failureToast = null;
    } catch (error) {
      console.error('[cart] could not save the cart', error);
      if (started !== session) return;
      failures += 1;
      if (failures === 1) {
        failureToast = toast({
          title: 'Your cart could not be saved.',
          description: 'We will keep trying. Until then it is kept in this browser only.',
          variant: 'destructive',
          group: TOASTS,
        });
      }
      if (latest === null) retryLater(next);
    }
  });
}

/** Stops saving and forgets past failures (the customer signed out: their next session starts afresh). */
export function resetCartSaver(): void {
  cancelCartRetry();
  session += 1;
  latest = null;
  failures = 0;
  if (failureToast !== null) dismissToast(failureToast);
  failureToast = null;
}
