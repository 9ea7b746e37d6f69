// How and when a customer pays, in the words the checkout says before the order and the confirmation page and the
// order e-mail repeat after it (beyond the spec, #45.1). The e-mail (supabase/functions/send-emails/templates.ts,
// Deno) cannot import this file: local-supabase/test/email-templates.test.ts checks it says the same.
import { company } from '../company/company';
import { paths } from '../routes/paths';

export const PAYMENT_WORDS = {
  /** The method and the term, at the checkout. */
  method: `Payment: bank transfer on invoice, due within ${company.paymentTermDays} days of the order. The invoice comes by e-mail with the order confirmation.`,
  /** When work starts (the spec's "results in 7-14 days"), at the checkout, on the confirmation and in the e-mail. */
  workStarts: 'Work starts once your payment arrives; results in 7-14 days.',
  /** Beside "Complete Purchase": the press is an order the customer must pay for. */
  obligation: 'Order with obligation to pay',
} as const;

/** A consumer's withdrawal period (EU law), counted from the order. */
export const WITHDRAWAL_DAYS = 14;

/** The Terms' section on the right of withdrawal (mfe-marketing's TermsPage gives it this id). */
export const WITHDRAWAL_SECTION_ID = 'withdrawal';
export const withdrawalPath = `${paths.terms}#${WITHDRAWAL_SECTION_ID}`;

/** A consumer's agreement that work may start within the withdrawal period (the checkout's required box). */
export const START_CONSENT = {
  label: `I agree that work starts once my payment arrives, within the ${WITHDRAWAL_DAYS}-day withdrawal period, and I know that my right of withdrawal ends once the service is fully delivered.`,
  required: 'Please agree that work may start within the withdrawal period',
} as const;
