import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { reportError } from 'shared-lib';
import { billingValues, type BillingValues } from 'shared-lib/billing';
import { fetchBillingDetails } from '../api/fetch-billing-details';

export type SavedBilling = 'loading' | 'ready' | 'failed';

/**
 * Fills the checkout's billing fields with the customer's saved details (their last order's, or Profile's). The
 * fields are shown once this is no longer 'loading', so nothing typed is overwritten; when the details cannot be
 * read ('failed'), the customer types them.
 */
export function useSavedBilling<V extends BillingValues>(
  setValues: Dispatch<SetStateAction<V>>,
): SavedBilling {
  const [state, setState] = useState<SavedBilling>('loading');
  useEffect(() => {
    let current = true;
    fetchBillingDetails().then(
      (row) => {
        if (!current) return;
        // The billing fields only: the form's others (the checkout's consent) keep their values.
        if (row) setValues((current) => ({ ...current, ...billingValues(row) }));
        setState('ready');
      },
      (error: unknown) => {
        reportError('billing', error);
        if (current) setState('failed');
      },
    );
    return () => {
      current = false;
    };
  }, [setValues]);
  return state;
}
