import { reportError } from '../errors/describe-error';
import { getSupabase } from '../supabase/client';

/**
 * Asks the e-mail sender (the send-emails Edge Function) to send what a call queued (an order, a booking, a
 * newsletter code), now. Never fails: if it cannot be reached, its periodic sweep sends the e-mails a little
 * later, so the customer is not told.
 */
export async function sendQueuedEmails(): Promise<void> {
  try {
    const { error } = await (await getSupabase()).functions.invoke('send-emails');
    if (error) reportError('send-emails', error);
  } catch (error) {
    reportError('send-emails', error);
  }
}
