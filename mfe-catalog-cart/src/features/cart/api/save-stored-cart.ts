// Saving the cart: replace_cart (docs/architecture.md, "Beyond the spec").
import { callSupabase, type CartItem } from 'shared-lib';

/** Replaces the user's open cart in one transaction; an empty list empties it. */
export async function saveStoredCart(items: readonly CartItem[]): Promise<void> {
  await callSupabase((supabase) =>
    supabase.rpc('replace_cart', {
      items: items.map((i) => ({ service_id: i.id, service_title: i.title, service_price: i.price })),
    }),
  );
}
