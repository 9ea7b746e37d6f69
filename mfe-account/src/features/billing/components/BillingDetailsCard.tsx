// The Profile tab's billing details (issue #31.1, beyond the spec): who the customer's invoices are made out to.
// The checkout fills them in from here and saves what an order used; a change here applies to the next order
// (an invoice already issued never changes).
import { ReceiptText } from 'lucide-react';
import { fetchBillingDetails, LinesSkeleton, useFormSubmit, useLoad } from 'shared-lib';
import { BillingFields, billingValues, type BillingDetailsRow } from 'shared-lib/billing';
import { billingSchema } from 'shared-lib/validation';
import { LoadFailed } from '../../../components/panel-states';
import { SettingsActions, SettingsCard, SettingsForm } from '../../../components/settings-parts';
import { saveBillingDetails } from '../api/save-billing-details';

const BILLING_DETAILS_COPY = {
  heading: 'Billing details',
  intro:
    'Who your invoices are made out to. We fill them in at checkout; a change applies to your next order.',
  submit: 'Save billing details',
  savedTitle: 'Billing details saved',
  saved: 'Your next invoice will be made out to these details.',
} as const;

function BillingForm({ userId, saved }: { userId: string; saved: BillingDetailsRow | null }) {
  const form = useFormSubmit({
    initial: billingValues(saved),
    schema: billingSchema,
    send: (input) => saveBillingDetails(userId, input),
    note: BILLING_DETAILS_COPY.saved,
    success: { title: BILLING_DETAILS_COPY.savedTitle, description: BILLING_DETAILS_COPY.saved },
  });
  return (
    <SettingsForm form={form}>
      <BillingFields form={form} />
      <SettingsActions form={form} submit={BILLING_DETAILS_COPY.submit} />
    </SettingsForm>
  );
}

export function BillingDetailsCard({ userId }: { userId: string }) {
  const loaded = useLoad(fetchBillingDetails, [], { context: 'billing' });

  return (
    <SettingsCard icon={<ReceiptText size={20} aria-hidden />} title={BILLING_DETAILS_COPY.heading}>
      <p>{BILLING_DETAILS_COPY.intro}</p>
      {loaded.state === 'loading' ? <LinesSkeleton lines={4} /> : null}
      {loaded.state === 'failed' ? (
        <LoadFailed what="Your billing details" error={loaded.error} onRetry={loaded.retry} />
      ) : null}
      {loaded.state === 'ready' ? <BillingForm userId={userId} saved={loaded.data} /> : null}
    </SettingsCard>
  );
}
