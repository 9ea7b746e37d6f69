import type { DiscountCodeStatus } from 'shared-lib';
import { quoteCart } from './quote-cart';

/** Where a code stands ('valid', 'unknown' or 'redeemed'), from the server's quote of an empty cart. */
export async function discountCodeStatus(code: string): Promise<DiscountCodeStatus> {
  const quote = await quoteCart([], code);
  return quote.code_status ?? 'unknown';
}
