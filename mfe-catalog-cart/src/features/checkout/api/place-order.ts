import { callSupabase, type CartItem } from 'shared-lib';
import type { BillingDetails } from 'shared-lib/billing';
import { cartLines } from './quote-cart';

/** place_order's refusal when its price is not the total the customer saw (nothing was recorded). */
export const PRICE_CHANGED = 'PT409';
/** place_order's refusal while the account has as many orders awaiting payment as it may (nothing was recorded). */
export const TOO_MANY_UNPAID = 'too_many_unpaid_orders';

export interface OrderRequest {
  items: readonly CartItem[];
  discountCode: string | null;
  /** The total the customer saw: a different server price refuses the order with PRICE_CHANGED. */
  expectedTotalCents: number;
  /** Who the invoice is made out to; the database checks them and saves them for the next order. */
  billing: BillingDetails;
  /** The customer agreed that the purchase toast may tell of this order (its service and billing country only, once paid). */
  showInRecentPurchases: boolean;
}

/**
 * Records the order of exactly these items, priced on the server, with its invoice and its e-mails queued, and
 * marks the saved cart checked out. Resolves to the order's id.
 */
export const placeOrder = (order: OrderRequest): Promise<string> =>
  callSupabase((supabase) =>
    supabase.rpc('place_order', {
      items: cartLines(order.items),
      expected_total: order.expectedTotalCents,
      discount_code: order.discountCode,
      billing: order.billing,
      show_in_recent_purchases: order.showInRecentPurchases,
    }),
  );
