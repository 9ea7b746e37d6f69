import { callSupabase } from 'shared-lib';
import { billingRow, type BillingDetailsRow } from 'shared-lib/billing';
import type { BillingInput } from 'shared-lib/validation';

/** Saves the customer's billing details (their one row, created or replaced) and returns what was stored. */
export const saveBillingDetails = (userId: string, input: BillingInput): Promise<BillingDetailsRow> =>
  callSupabase((supabase) =>
    supabase
      .from('billing_details')
      .upsert({ user_id: userId, ...billingRow(input) })
      .select()
      .single(),
  );
