import { callSupabase } from 'shared-lib';
import type { BillingDetailsRow } from 'shared-lib/billing';

/** The signed-in customer's saved billing details (their last order's, or Profile's), or null when none yet. */
export const fetchBillingDetails = (): Promise<BillingDetailsRow | null> =>
  callSupabase((supabase) => supabase.from('billing_details').select('*').maybeSingle());
