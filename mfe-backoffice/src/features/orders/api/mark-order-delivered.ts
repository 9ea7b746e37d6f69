import { callSupabase } from 'shared-lib';
import type { OrderMove, StaffOrder } from './types';

/** The project is handed over (staff_mark_order_delivered). */
export const markOrderDelivered = async ({ orderId, expectedStatus, note }: OrderMove): Promise<StaffOrder> =>
  await callSupabase((supabase) =>
    supabase.rpc('staff_mark_order_delivered', {
      order_id: orderId,
      expected_status: expectedStatus,
      note: note || undefined,
    }),
  );
