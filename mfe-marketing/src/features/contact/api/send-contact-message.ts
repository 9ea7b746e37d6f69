// The contact form's one call: the message stored for the agency.
import { getSupabase } from 'shared-lib';
import type { ContactInput } from 'shared-lib/validation';

export async function sendContactMessage(message: ContactInput): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.from('contact_messages').insert(message);
  if (error) throw error;
}
