import { callSupabase } from 'shared-lib';
import type { OrderMove, StaffOrder } from './types';

/** Work on the order starts (staff_start_order_work). */
export const startOrderWork = async ({ orderId, expectedStatus, note }: OrderMove): Promise<StaffOrder> =>
  await callSupabase((supabase) =>
    supabase.rpc('staff_start_order_work', {
      order_id: orderId,
      expected_status: expectedStatus,
      note: note || undefined,
    }),
  );
