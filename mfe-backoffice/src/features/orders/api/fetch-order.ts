import { callSupabase } from 'shared-lib';
import type { StaffOrder } from './types';

/** One order with its items, billing details, invoice, credit note and audit trail (staff_order). */
export const fetchOrder = async (orderId: string, signal?: AbortSignal): Promise<StaffOrder> =>
  await callSupabase((supabase) => {
    const call = supabase.rpc('staff_order', { order_id: orderId });
    return signal ? call.abortSignal(signal) : call;
  });
