import { callSupabase } from 'shared-lib';

/** Ends a campaign now: a running one stops, one not started yet is removed (staff_end_promotion). */
export const endPromotion = async (id: string): Promise<void> => {
  await callSupabase((supabase) => supabase.rpc('staff_end_promotion', { promotion_id: id }));
};
