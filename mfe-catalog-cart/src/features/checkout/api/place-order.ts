import { getSupabase, type CartItem } from 'shared-lib';
import { saveStoredCart } from '../../cart/api/save-stored-cart';
import { whenCartSaved } from '../../cart/utils/cart-saver';

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
