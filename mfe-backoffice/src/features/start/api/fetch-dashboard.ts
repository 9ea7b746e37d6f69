import { callSupabase } from 'shared-lib';

export interface FailedEmail {
  id: number;
  template: string;
  recipient: string;
  created_at: string;
  attempts: number;
  last_error: string | null;
}

interface NextCall {
  id: string;
  meeting_type: string;
  scheduled_at: string;
  ends_at: string | null;
  status: string;
  name: string | null;
  email: string | null;
}

/** What needs doing today (staff_dashboard). */
export interface Dashboard {
  awaiting_payment: { count: number; total_cents: number };
  paid_this_month: { count: number; total_cents: number };
  next_calls: NextCall[];
  unhandled_leads: { contact_messages: number; project_requests: number };
  subscribers: number;
  failed_emails: FailedEmail[];
}

export const fetchDashboard = async (signal?: AbortSignal): Promise<Dashboard> =>
  await callSupabase((supabase) => {
    const call = supabase.rpc('staff_dashboard');
    return signal ? call.abortSignal(signal) : call;
  });
