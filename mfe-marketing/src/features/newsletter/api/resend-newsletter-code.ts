// "Already Subscribed" is no dead end (#33.5): resend_newsletter_code queues the address's code in the e-mail
// outbox for that address (never in the answer), at most once a day; sooner it is refused with
// code_recently_sent. The sender is then asked to send it now, as checkout does; if it cannot be reached, its sweep
// sends it a little later.
import { callSupabase, sendQueuedEmails } from 'shared-lib';

export const CODE_RECENTLY_SENT = 'code_recently_sent';

export async function resendNewsletterCode(email: string): Promise<void> {
  await callSupabase((supabase) => supabase.rpc('resend_newsletter_code', { email }));
  void sendQueuedEmails();
}
