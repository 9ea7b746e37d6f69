// The newsletter form's one call: subscribe_newsletter stores the subscriber and returns the discount code the
// database made for them (the name's first three letters, upper-cased, and six random characters). An address
// already subscribed is refused with 23505.
import { callSupabase } from 'shared-lib';
import type { NewsletterInput } from 'shared-lib/validation';

export const subscribeToNewsletter = ({ name, email }: NewsletterInput): Promise<string> =>
  callSupabase((supabase) => supabase.rpc('subscribe_newsletter', { name, email }));
