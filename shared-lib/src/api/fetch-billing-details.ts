// Read by two slices (the checkout fills its fields from it, Profile edits it), so written once here, in the
// main entry: 'shared-lib/billing' is bundled into each remote that imports it, whose copy of the Supabase client
// would have no runtime config, while the main entry is the shell's one copy (docs/architecture.md).
import { callSupabase } from '../supabase/call-supabase';
import type { BillingDetailsRow } from '../billing/billing-details';

/** The signed-in customer's saved billing details (their last order's, or Profile's), or null when none yet. */
export const fetchBillingDetails = (signal?: AbortSignal): Promise<BillingDetailsRow | null> =>
  callSupabase((supabase) => {
    const query = supabase.from('billing_details').select('*');
    return (signal ? query.abortSignal(signal) : query).maybeSingle();
  });
