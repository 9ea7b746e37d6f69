// The cart's backend calls (spec section 7, with replace_cart for the save: DESIGN.md section 3).
import { getSupabase, type CartItem } from 'shared-lib';
import { getServiceById } from 'shared-lib/catalogue';

/**
 * The user's open cart, in the order it was built; the backend does not store paths or icons, so they come from
 * the catalogue.
 */
export async function loadStoredCart(userId: string): Promise<CartItem[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('cart_items')
    .select('*')
    .eq('user_id', userId)
    .eq('checked_out', false)
    .order('sort_order');
  if (error) throw error;
  return data.map((row) => {
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

/** Replaces the user's open cart in one transaction; an empty list empties it. */
export async function saveStoredCart(items: readonly CartItem[]): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('replace_cart', {
    items: items.map((i) => ({ service_id: i.id, service_title: i.title, service_price: i.price })),
  });
  if (error) throw error;
}
