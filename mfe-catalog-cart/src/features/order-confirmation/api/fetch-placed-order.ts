import { callSupabase, type InvoiceRow, type OrderItemRow, type OrderRow } from 'shared-lib';

/** An order as its confirmation shows it: the order, its items in cart order, and its invoice (if it has one). */
export interface PlacedOrder {
  order: OrderRow;
  items: OrderItemRow[];
  invoice: InvoiceRow | null;
}

/** The customer's order `orderId` (RLS shows only theirs), or null when they have none of that id. */
export async function fetchPlacedOrder(orderId: string, signal: AbortSignal): Promise<PlacedOrder | null> {
  const order = await callSupabase((supabase) =>
    supabase.from('orders').select('*').eq('id', orderId).abortSignal(signal).maybeSingle(),
  );
  if (!order) return null;
  const [items, invoice] = await Promise.all([
    callSupabase((supabase) =>
      supabase
        .from('order_items')
        .select('*')
        .eq('order_id', order.id)
        .order('sort_order')
        .abortSignal(signal),
    ),
    callSupabase((supabase) =>
      supabase
        .from('invoices')
        .select('*')
        .eq('order_id', order.id)
        .eq('kind', 'invoice')
        .abortSignal(signal)
        .maybeSingle(),
    ),
  ]);
  return { order, items, invoice };
}
