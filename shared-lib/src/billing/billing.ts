// Billing details (issue #31.1): the countries an invoice may name and the EU VAT number formats. Pure data and
// functions; the form's rules are billingSchema (shared-lib/validation), and the database refuses the same values
// with its own constraints (private.countries and private.vat_number_valid, supabase/migrations
// 20261128101000_billing_details.sql), which a backend test keeps equal to what is written here.
//
// A VAT number is checked for its form only. Whether it is registered (VIES) cannot be asked from here, so the
// shop never applies a reverse charge by itself: every invoice charges VAT, and the agency, after checking the
// number, corrects an invoice that should not have (README, "Invoices").
import { COUNTRIES } from './country-list';

export { COUNTRIES };
export type CountryCode = (typeof COUNTRIES)[number][0];

const NAMES: ReadonlyMap<string, string> = new Map(COUNTRIES);

/** True for an ISO 3166-1 alpha-2 code the country list has. */
export const isCountryCode = (code: string): code is CountryCode => NAMES.has(code);

/** 'DE' -> 'Germany'; an unknown code is shown as it is. */
export const countryName = (code: string): string => NAMES.get(code) ?? code;

export interface VatNumberFormat {
  /** What a VAT number of the country starts with: its ISO code, except Greece's 'EL'. */
  prefix: string;
  /** The rest of the number, as a regular expression (POSIX ERE as well as JavaScript). */
  pattern: string;
  /** A number of that form, for the form's hint. */
  example: string;
}

/** The member states of the European Union and the form of their VAT numbers (the Commission's VIES rules). */
export const EU_VAT_FORMATS = {
  AT: { prefix: 'AT', pattern: 'U[0-9]{8}', example: 'ATU12345678' },
  BE: { prefix: 'BE', pattern: '[01][0-9]{9}', example: 'BE0123456789' },
  BG: { prefix: 'BG', pattern: '[0-9]{9,10}', example: 'BG123456789' },
  CY: { prefix: 'CY', pattern: '[0-9]{8}[A-Z]', example: 'CY12345678X' },
  CZ: { prefix: 'CZ', pattern: '[0-9]{8,10}', example: 'CZ12345678' },
  DE: { prefix: 'DE', pattern: '[0-9]{9}', example: 'DE123456789' },
  DK: { prefix: 'DK', pattern: '[0-9]{8}', example: 'DK12345678' },
  EE: { prefix: 'EE', pattern: '[0-9]{9}', example: 'EE123456789' },
  ES: { prefix: 'ES', pattern: '[A-Z0-9][0-9]{7}[A-Z0-9]', example: 'ESX1234567X' },
  FI: { prefix: 'FI', pattern: '[0-9]{8}', example: 'FI12345678' },
  FR: { prefix: 'FR', pattern: '[A-HJ-NP-Z0-9]{2}[0-9]{9}', example: 'FR12345678901' },
  GR: { prefix: 'EL', pattern: '[0-9]{9}', example: 'EL123456789' },
  HR: { prefix: 'HR', pattern: '[0-9]{11}', example: 'HR12345678901' },
  HU: { prefix: 'HU', pattern: '[0-9]{8}', example: 'HU12345678' },
  IE: {
    prefix: 'IE',
    pattern: '[0-9]{7}[A-W][A-I]?|[0-9][A-Z+*][0-9]{5}[A-W]',
    example: 'IE1234567WA',
  },
  IT: { prefix: 'IT', pattern: '[0-9]{11}', example: 'IT12345678901' },
  LT: { prefix: 'LT', pattern: '[0-9]{9}|[0-9]{12}', example: 'LT123456789' },
  LU: { prefix: 'LU', pattern: '[0-9]{8}', example: 'LU12345678' },
  LV: { prefix: 'LV', pattern: '[0-9]{11}', example: 'LV12345678901' },
  MT: { prefix: 'MT', pattern: '[0-9]{8}', example: 'MT12345678' },
  NL: { prefix: 'NL', pattern: '[0-9]{9}B[0-9]{2}', example: 'NL123456789B01' },
  PL: { prefix: 'PL', pattern: '[0-9]{10}', example: 'PL1234567890' },
  PT: { prefix: 'PT', pattern: '[0-9]{9}', example: 'PT123456789' },
  RO: { prefix: 'RO', pattern: '[1-9][0-9]{1,9}', example: 'RO1234567890' },
  SE: { prefix: 'SE', pattern: '[0-9]{10}01', example: 'SE123456789001' },
  SI: { prefix: 'SI', pattern: '[0-9]{8}', example: 'SI12345678' },
  SK: { prefix: 'SK', pattern: '[0-9]{10}', example: 'SK1234567890' },
} as const satisfies Partial<Record<CountryCode, VatNumberFormat>>;

/** The VAT number format of a country, or undefined outside the EU (no EU VAT number there). */
export const vatNumberFormat = (country: string): VatNumberFormat | undefined =>
  (EU_VAT_FORMATS as Partial<Record<string, VatNumberFormat>>)[country];

/** A VAT number as it is stored: upper case, without the spaces, dots and dashes people type in it. */
export const normaliseVatNumber = (value: string): string => value.toUpperCase().replace(/[\s.-]/g, '');

/** True when `vatNumber` (normalised) has the form of a VAT number of `country`. */
export function isVatNumberOf(country: string, vatNumber: string): boolean {
  const format = vatNumberFormat(country);
  return Boolean(format && new RegExp(`^${format.prefix}(?:${format.pattern})$`).test(vatNumber));
}
