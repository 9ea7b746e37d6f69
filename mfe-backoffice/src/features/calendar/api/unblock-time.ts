import { callSupabase } from 'shared-lib';

/** The block-out is removed: its times can be booked again (staff_unblock_time). */
export const unblockTime = async (blockoutId: string): Promise<void> => {
  await callSupabase((supabase) => supabase.rpc('staff_unblock_time', { blockout_id: blockoutId }));
};
