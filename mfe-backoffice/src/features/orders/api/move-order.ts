import { callSupabase } from 'shared-lib';
import type { OrderMove, StaffOrder } from './types';

/** The staff functions that move an order on with nothing but an optional note. */
type NoteMove = 'staff_start_order_work' | 'staff_mark_order_delivered' | 'staff_cancel_order';

/** An action that calls `fn`; it resolves with the order as it now is. */
const moveWith =
  (fn: NoteMove) =>
  async ({ orderId, expectedStatus, note }: OrderMove): Promise<StaffOrder> =>
    await callSupabase((supabase) =>
      supabase.rpc(fn, { order_id: orderId, expected_status: expectedStatus, note: note || undefined }),
    );

/** Work on the order starts (staff_start_order_work). */
export const startOrderWork = moveWith('staff_start_order_work');

/** The project is handed over (staff_mark_order_delivered). */
export const markOrderDelivered = moveWith('staff_mark_order_delivered');

/** The order is cancelled; the database issues its credit note (staff_cancel_order). */
export const cancelOrder = moveWith('staff_cancel_order');
