import { callSupabase } from 'shared-lib';
import type { OrderMove, StaffOrder } from './types';

/** The bank transfer arrived (staff_mark_order_paid); resolves with the order as it now is. */
export const markOrderPaid = async ({
  orderId,
  expectedStatus,
  paidOn,
  bankReference,
  note,
}: OrderMove & { paidOn: string; bankReference: string }): Promise<StaffOrder> =>
  await callSupabase((supabase) =>
    supabase.rpc('staff_mark_order_paid', {
      order_id: orderId,
      expected_status: expectedStatus,
      paid_on: paidOn,
      bank_reference: bankReference,
      note: note || undefined,
    }),
  );
