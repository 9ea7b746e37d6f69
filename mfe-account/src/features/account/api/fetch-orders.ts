// The user's orders with their items, queried as spec section 7 describes: orders newest first, then the items
// of those orders in one request (skipped when there are none), each order's in the order they were in the
// cart, and the numbers of their invoices and credit notes (beyond the spec, #31.5). RLS also limits all of them
// to the signed-in user.
import { callSupabase, type InvoiceRow, type OrderItemRow, type OrderRow } from 'shared-lib';

type InvoiceRef = Pick<InvoiceRow, 'order_id' | 'kind' | 'number'>;

export interface OrderWithItems extends OrderRow {
  items: OrderItemRow[];
  /** The order's invoice, then its credit note when it was cancelled. */
  invoices: InvoiceRef[];
}

export async function fetchOrders(userId: string, signal: AbortSignal): Promise<OrderWithItems[]> {
  const orders = await callSupabase((supabase) =>
    supabase
      .from('orders')
      .select('*')
      .eq('user_id', userId)
      .order('created_at', { ascending: false })
      .abortSignal(signal),
  );
  if (orders.length === 0) return [];
  const ids = orders.map((order) => order.id);
  const [items, invoices] = await Promise.all([
    callSupabase((supabase) =>
      supabase
        .from('order_items')
        .select('*')
        .in('order_id', ids)
        // As they were in the cart (place_order records each item's place).
        .order('sort_order')
        .abortSignal(signal),
    ),
    callSupabase((supabase) =>
      // 'credit_note' < 'invoice': descending puts the invoice first.
      supabase
        .from('invoices')
        .select('order_id, kind, number')
        .in('order_id', ids)
        .order('kind', { ascending: false })
        .abortSignal(signal),
    ),
  ]);
  return orders.map((order) => ({
    ...order,
    items: items.filter((item) => item.order_id === order.id),
    invoices: invoices.filter((invoice) => invoice.order_id === order.id),
  }));
}
