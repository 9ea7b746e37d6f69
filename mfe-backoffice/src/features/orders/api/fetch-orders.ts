import { callSupabase } from 'shared-lib';
import type { OrdersPage, StaffOrderRow } from './types';

export const ORDERS_PAGE_SIZE = 20;

export interface OrdersQuery {
  /** A status, or '' for all. */
  status: string;
  /** An order number, a customer's e-mail or an invoice number; '' for none. */
  search: string;
  /** 1-based. */
  page: number;
}

/** The orders desk's list: newest first, one page of it (staff_orders). */
export async function fetchOrders(
  { status, search, page }: OrdersQuery,
  signal?: AbortSignal,
): Promise<OrdersPage> {
  const rows = await callSupabase((supabase) => {
    const call = supabase.rpc('staff_orders', {
      status_filter: status || undefined,
      search: search.trim() || undefined,
      page,
      page_size: ORDERS_PAGE_SIZE,
    });
    return signal ? call.abortSignal(signal) : call;
  });
  // Each row carries the count of every match (the same on each), so an empty page has none.
  const orders: StaffOrderRow[] = rows;
  return { orders, total: rows[0]?.total_count ?? 0 };
}
