// The newsletter form's one call: subscribe_newsletter stores the subscriber and returns the discount code the
// database made for them (the name's first three letters, upper-cased, and six random characters).
import { getSupabase } from 'shared-lib';
import type { NewsletterInput } from 'shared-lib/validation';

/** The backend's answer to an e-mail that is already subscribed (a unique-key violation). */
export function isDuplicate(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return code === '23505' || Boolean(message?.includes('duplicate'));
}

/** Subscribes and returns the issued code; throws the backend's error (see `isDuplicate`). */
export async function subscribeToNewsletter(subscriber: NewsletterInput): Promise<string> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('subscribe_newsletter', {
    name: subscriber.name,
    email: subscriber.email,
  });
  if (error) throw error;
  return data;
}
