// 'shared-lib/billing': billing details, for the pages that ask for them or show them (checkout, Profile, the
// order confirmation, the invoice, the imprint). A separate entry point: its country list stays out of the pages
// that do not need it.
export * from './billing';
export * from './BillingFields';
export * from './billing-details';
export * from './documents';
export * from './invoice-figures';
export * from './payment-words';
