import { callSupabase } from 'shared-lib';
import type { CallMoved } from './types';

/** The call is cancelled; the booker is e-mailed, with the message when there is one (staff_cancel_call). */
export const cancelCall = async ({
  meetingId,
  message,
}: {
  meetingId: string;
  message: string;
}): Promise<CallMoved> =>
  await callSupabase((supabase) =>
    supabase.rpc('staff_cancel_call', { meeting_id: meetingId, message: message || undefined }),
  );
