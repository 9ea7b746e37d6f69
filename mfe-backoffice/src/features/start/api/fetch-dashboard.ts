import { callSupabase, type Database } from 'shared-lib';

/** What needs doing today (staff_dashboard), as shared-lib's database types give it. */
export type Dashboard = Database['public']['Functions']['staff_dashboard']['Returns'];

/** An e-mail the outbox gave up on, with a Resend button. */
export type FailedEmail = Dashboard['failed_emails'][number];

export const fetchDashboard = async (signal?: AbortSignal): Promise<Dashboard> =>
  await callSupabase((supabase) => {
    const call = supabase.rpc('staff_dashboard');
    return signal ? call.abortSignal(signal) : call;
  });
