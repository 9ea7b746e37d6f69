// The user's meetings, newest first (spec section 7): those booked while signed in, and those the agency entered
// for them. A guest's booking joins no account by its address (issue #30); claim_guest_meetings, which this
// called first, links nothing any more.
import { callSupabase, type MeetingRow } from 'shared-lib';

export const fetchMeetings = (userId: string, signal: AbortSignal): Promise<MeetingRow[]> =>
  callSupabase((supabase) =>
    supabase
      .from('meetings')
      .select('*')
      .eq('user_id', userId)
      .order('created_at', { ascending: false })
      .abortSignal(signal),
  );
