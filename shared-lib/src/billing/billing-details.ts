// The customer's saved billing details (table billing_details, one row of their own), in the form's values and back.
// No call lives here: 'shared-lib/billing' is not the federation's shared singleton, so a remote bundles its own
// copy, whose Supabase client has no runtime config; the row is read by shared-lib's main entry
// (api/fetch-billing-details.ts).
import type { BillingInput } from '../validation/schemas';
import type { BillingSnapshot, Database } from '../supabase/database.types';
import type { BillingValues } from './BillingFields';

export type BillingDetailsRow = Database['public']['Tables']['billing_details']['Row'];
/** What a row holds for an order: the details, without the owner and the date. */
export type BillingDetails = BillingSnapshot;

const EMPTY: BillingValues = {
  name: '',
  company: '',
  address: '',
  postalCode: '',
  city: '',
  country: '',
  vatNumber: '',
};

/** A form's starting values: the saved details, or empty fields. */
export const billingValues = (row: BillingDetails | null): BillingValues =>
  row
    ? {
        name: row.name,
        company: row.company ?? '',
        address: row.address,
        postalCode: row.postal_code ?? '',
        city: row.city,
        country: row.country,
        vatNumber: row.vat_number ?? '',
      }
    : EMPTY;

/** The form's checked values as the database stores them. */
export const billingRow = (input: BillingInput): BillingDetails => ({
  name: input.name,
  company: input.company ?? null,
  address: input.address,
  postal_code: input.postalCode ?? null,
  city: input.city,
  country: input.country,
  vat_number: input.vatNumber ?? null,
});
