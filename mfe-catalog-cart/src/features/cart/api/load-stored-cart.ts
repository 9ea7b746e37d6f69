// Reading the signed-in user's open cart back (spec section 7).
import { callSupabase, type CartItem } from 'shared-lib';
import { getServiceById } from 'shared-lib/catalogue';

/**
 * The user's open cart, in the order it was built; the backend does not store paths or icons, so they come from
 * the catalogue.
 */
export async function loadStoredCart(userId: string, signal: AbortSignal): Promise<CartItem[]> {
  const rows = await callSupabase((supabase) =>
    supabase
      .from('cart_items')
      .select('*')
      .eq('user_id', userId)
      .eq('checked_out', false)
      .order('sort_order')
      .abortSignal(signal),
  );
  return rows.map((row) => {
    const service = getServiceById(row.service_id);
    return {
      id: row.service_id,
      title: row.service_title,
      price: Number(row.service_price),
      icon: service?.icon ?? '',
      path: service?.path ?? '',
    };
  });
}
