import { getSupabase, normaliseDiscountCode, type CartItem } from 'shared-lib';
import { saveStoredCart } from '../cart/cart-api';
import { whenCartSaved } from '../cart/cart-saver';

/** True when the backend knows the code (a newsletter subscriber's). */
export async function validateDiscountCode(code: string): Promise<boolean> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('validate_discount_code', { code: normaliseDiscountCode(code) });
  if (error) throw error;
  return Boolean(data);
}

/**
 * Records the order, priced on the server. Any pending save finishes first, then the cart shown is written
 * once more, so the order is exactly what the customer saw.
 */
export async function placeOrder(items: readonly CartItem[], discountCode: string | null): Promise<string> {
  await whenCartSaved();
  await saveStoredCart(items);
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('place_order', { discount_code: discountCode });
  if (error) throw error;
  return data;
}
