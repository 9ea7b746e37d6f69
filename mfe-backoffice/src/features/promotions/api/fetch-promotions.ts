import { callSupabase } from 'shared-lib';
import type { StaffPromotion } from './types';

/** Every campaign, newest start first (staff_promotions). */
export const fetchPromotions = async (signal?: AbortSignal): Promise<StaffPromotion[]> =>
  await callSupabase((supabase) => {
    const call = supabase.rpc('staff_promotions');
    return signal ? call.abortSignal(signal) : call;
  });
