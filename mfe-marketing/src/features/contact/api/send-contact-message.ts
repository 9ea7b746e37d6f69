// The contact form's one call: the message stored for the agency.
import { callSupabase } from 'shared-lib';
import type { ContactInput } from 'shared-lib/validation';

export async function sendContactMessage(message: ContactInput): Promise<void> {
  await callSupabase((supabase) => supabase.from('contact_messages').insert(message));
}
