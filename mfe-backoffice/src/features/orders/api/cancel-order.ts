import { callSupabase } from 'shared-lib';
import type { OrderMove, StaffOrder } from './types';

/** The order is cancelled; the database issues its credit note (staff_cancel_order). */
export const cancelOrder = async ({ orderId, expectedStatus, note }: OrderMove): Promise<StaffOrder> =>
  await callSupabase((supabase) =>
    supabase.rpc('staff_cancel_order', {
      order_id: orderId,
      expected_status: expectedStatus,
      note: note || undefined,
    }),
  );
