import type { Dispatch, SetStateAction } from 'react';
import { fetchBillingDetails, useLoad } from 'shared-lib';
import { billingValues, type BillingValues } from 'shared-lib/billing';

export type SavedBilling = 'loading' | 'ready' | 'failed';

/**
 * Fills the checkout's billing fields with the customer's saved details (their last order's, or Profile's). The
 * fields are shown once this is no longer 'loading', so nothing typed is overwritten; when the details cannot be
 * read ('failed'), the customer types them.
 */
export function useSavedBilling<V extends BillingValues>(
  setValues: Dispatch<SetStateAction<V>>,
): SavedBilling {
  const saved = useLoad(
    async (signal) => {
      const row = await fetchBillingDetails(signal);
      // Not for a read that was left: its fields are gone, or a newer read fills them. The billing fields only:
      // the form's others (the checkout's consent) keep their values.
      if (row && !signal.aborted) setValues((values) => ({ ...values, ...billingValues(row) }));
      return row;
    },
    [setValues],
    { context: 'billing' },
  );
  return saved.state;
}
