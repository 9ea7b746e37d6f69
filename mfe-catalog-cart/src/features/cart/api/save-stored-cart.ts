// Saving the cart: replace_cart (docs/architecture.md, "Beyond the spec").
import { getSupabase, type CartItem } from 'shared-lib';

/** Replaces the user's open cart in one transaction; an empty list empties it. */
export async function saveStoredCart(items: readonly CartItem[]): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('replace_cart', {
    items: items.map((i) => ({ service_id: i.id, service_title: i.title, service_price: i.price })),
  });
  if (error) throw error;
}
