import { callSupabase } from 'shared-lib';
import type { CallMoved } from './types';

/** A requested call is confirmed; the booker is e-mailed (staff_confirm_call). */
export const confirmCall = async (meetingId: string): Promise<CallMoved> =>
  await callSupabase((supabase) => supabase.rpc('staff_confirm_call', { meeting_id: meetingId }));
