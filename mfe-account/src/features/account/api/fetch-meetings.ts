// The user's meetings, newest first (spec section 7).
import { getSupabase, type MeetingRow } from 'shared-lib';

export async function fetchMeetings(userId: string): Promise<MeetingRow[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('meetings')
    .select('*')
    .eq('user_id', userId)
    .order('created_at', { ascending: false });
  if (error) throw error;
  return data;
}
