// The newsletter form's one call: the subscriber stored with the discount code generated for them.
import { getSupabase } from 'shared-lib';
import type { NewsletterInput } from 'shared-lib/validation';

/** The backend's answer to an e-mail that is already subscribed (a unique-key violation). */
export function isDuplicate(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return code === '23505' || Boolean(message?.includes('duplicate'));
}

/** Stores the subscriber; throws the backend's error (see `isDuplicate`). */
export async function subscribeToNewsletter(
  subscriber: NewsletterInput,
  discountCode: string,
): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase
    .from('newsletter_subscribers')
    .insert({ ...subscriber, discount_code: discountCode });
  if (error) throw error;
}
