// The billing details' fields, as the checkout and the account's Profile both ask for them: one component, so the
// two forms always ask the same, in the same words.
import { COUNTRIES } from './country-list';
import type { FormController } from '../forms/use-form-submit';
import { SelectField, TextField } from '../ui/text-field';

export type BillingValues = Record<
  'name' | 'company' | 'address' | 'postalCode' | 'city' | 'country' | 'vatNumber',
  string
>;

const BILLING_COPY = {
  name: 'Name',
  company: 'Company (optional)',
  address: 'Address',
  addressHint: 'Street and number',
  postalCode: 'Postal code (optional)',
  city: 'City',
  country: 'Country',
  countryPlaceholder: 'Select a country',
  vatNumber: 'VAT number (optional)',
  // Who confirms a reverse charge: the agency, since the shop cannot ask the EU's register (VIES) itself.
  vatHint:
    'For businesses in the EU. Prices include VAT; we check your number with the EU register before we invoice you without VAT (reverse charge).',
} as const;

const countryOptions = COUNTRIES.map(([value, label]) => ({ value, label }));

/** The fields, bound to a form whose values are BillingValues. */
export function BillingFields({ form }: { form: FormController<BillingValues> }) {
  return (
    <>
      <TextField {...form.field('name')} label={BILLING_COPY.name} autoComplete="name" required />
      <TextField {...form.field('company')} label={BILLING_COPY.company} autoComplete="organization" />
      <TextField
        {...form.field('address')}
        label={BILLING_COPY.address}
        hint={BILLING_COPY.addressHint}
        autoComplete="street-address"
        required
      />
      <TextField {...form.field('postalCode')} label={BILLING_COPY.postalCode} autoComplete="postal-code" />
      <TextField {...form.field('city')} label={BILLING_COPY.city} autoComplete="address-level2" required />
      <SelectField
        {...form.field('country')}
        label={BILLING_COPY.country}
        placeholder={BILLING_COPY.countryPlaceholder}
        options={countryOptions}
        autoComplete="country"
        required
      />
      <TextField
        {...form.field('vatNumber')}
        label={BILLING_COPY.vatNumber}
        hint={BILLING_COPY.vatHint}
        autoCapitalize="characters"
        spellCheck={false}
      />
    </>
  );
}
