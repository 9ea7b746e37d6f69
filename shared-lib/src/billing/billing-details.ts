// The customer's saved billing details (table billing_details, one row of their own): read by the checkout and the
// Profile, in the form's values and back.
import type { BillingInput } from '../validation/schemas';
import { callSupabase } from '../supabase/call-supabase';
import type { BillingSnapshot, Database } from '../supabase/database.types';
import type { BillingValues } from './BillingFields';

export type BillingDetailsRow = Database['public']['Tables']['billing_details']['Row'];
/** What a row holds for an order: the details, without the owner and the date. */
export type BillingDetails = BillingSnapshot;

/** The signed-in customer's saved details, or null when they have none yet. */
export const fetchBillingDetails = (): Promise<BillingDetailsRow | null> =>
  callSupabase((supabase) => supabase.from('billing_details').select('*').maybeSingle());

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
