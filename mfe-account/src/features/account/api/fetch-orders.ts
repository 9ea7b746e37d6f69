// The user's orders with their items, queried as spec section 7 describes: orders newest first, then the items
// of those orders in one request (skipped when there are none), each order's in the order they were in the
// cart. RLS also limits both to the signed-in user.
import { callSupabase, type OrderItemRow, type OrderRow } from 'shared-lib';

export interface OrderWithItems extends OrderRow {
  items: OrderItemRow[];
}

export async function fetchOrders(userId: string): Promise<OrderWithItems[]> {
  const orders = await callSupabase((supabase) =>
    supabase.from('orders').select('*').eq('user_id', userId).order('created_at', { ascending: false }),
  );
  if (orders.length === 0) return [];
  const items = await callSupabase((supabase) =>
    supabase
      .from('order_items')
      .select('*')
      .in(
        'order_id',
        orders.map((order) => order.id),
      )
      // As they were in the cart (place_order records each item's place).
      .order('sort_order'),
  );
  return orders.map((order) => ({ ...order, items: items.filter((item) => item.order_id === order.id) }));
}
