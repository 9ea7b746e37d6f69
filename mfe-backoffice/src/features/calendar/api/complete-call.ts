import { callSupabase } from 'shared-lib';
import type { CallMoved } from './types';

/** A confirmed call took place (staff_complete_call). */
export const completeCall = async (meetingId: string): Promise<CallMoved> =>
  await callSupabase((supabase) => supabase.rpc('staff_complete_call', { meeting_id: meetingId }));
