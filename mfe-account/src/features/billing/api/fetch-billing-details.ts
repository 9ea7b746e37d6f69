import { callSupabase } from 'shared-lib';
import type { BillingDetailsRow } from 'shared-lib/billing';

/** The signed-in customer's saved billing details, or null when they have none yet. */
export const fetchBillingDetails = (): Promise<BillingDetailsRow | null> =>
  callSupabase((supabase) => supabase.from('billing_details').select('*').maybeSingle());
