import { callSupabase } from 'shared-lib';

/** Gives an e-mail the outbox gave up on another full round of attempts (staff_resend_email). */
export async function resendEmail(emailId: number): Promise<void> {
  await callSupabase((supabase) => supabase.rpc('staff_resend_email', { email_id: emailId }));
}
