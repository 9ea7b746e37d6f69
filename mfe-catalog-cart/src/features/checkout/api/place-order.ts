import { callSupabase, type CartItem } from 'shared-lib';
import { cartLines } from './quote-cart';

/** place_order's refusal when its price is not the total the customer saw (nothing was recorded). */
export const PRICE_CHANGED = 'PT409';

/**
 * Records the order of exactly these items, priced on the server, which also marks the saved cart checked out.
 * `expectedTotalCents` is the total the customer saw: a different server price refuses the order with
 * PRICE_CHANGED.
 */
export const placeOrder = (
  items: readonly CartItem[],
  discountCode: string | null,
  expectedTotalCents: number,
): Promise<string> =>
  callSupabase((supabase) =>
    supabase.rpc('place_order', {
      items: cartLines(items),
      expected_total: expectedTotalCents,
      discount_code: discountCode,
    }),
  );
