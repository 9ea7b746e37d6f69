import { callSupabase } from 'shared-lib';

export interface Subscriber {
  name: string;
  email: string;
  subscribed_at: string;
}

/** Every subscriber of the newsletter, oldest first (staff_subscribers). */
export const fetchSubscribers = async (signal?: AbortSignal): Promise<Subscriber[]> =>
  await callSupabase((supabase) => {
    const call = supabase.rpc('staff_subscribers');
    return signal ? call.abortSignal(signal) : call;
  });
