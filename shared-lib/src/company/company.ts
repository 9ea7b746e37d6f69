// The company behind the site, in one place (issue #31.6): the imprint, the footer and the JSON-LD read it at
// build time, and a migration copies it into the database row `private.company_details`, from which invoices and
// e-mails take the seller's details (local-supabase/test/company.test.ts fails when the two differ). A change here
// is a new migration that updates that row, committed with it (README, "Data").
//
// These are the DEMO company's details, not a real firm's: the `.example` domain (reserved, RFC 2606) is the
// site's own in every example of the docs (`https://shop.example.com`), the street is the German "sample street",
// the register number and VAT number are zeros, and the bank account is the IBAN every IBAN tutorial uses. An
// agency deploying the shop puts its own details here.

/** The site's origin in the docs' examples; the company's e-mail addresses are on its domain. */
const DOMAIN = 'shop.example.com';

/** A company's details, as the file below gives them and as an invoice keeps its seller's. */
export interface Company {
  name: string;
  legalName: string;
  address: { street: string; postalCode: string; city: string; country: string };
  managingDirectors: readonly string[];
  register: { court: string; number: string };
  vatId: string;
  email: { contact: string; billing: string; privacy: string; legal: string; careers: string };
  bank: { name: string; iban: string; bic: string };
  vat: { ratePercent: number; pricesIncludeVat: boolean };
  paymentTermDays: number;
  timeZone: string;
}

export const company = {
  /** The name the site trades under (the header, the footer, page titles). */
  name: 'AI Made Simple',
  /** The name in the commercial register: the seller on every invoice. */
  legalName: 'AI Made Simple GmbH',
  address: {
    street: 'Musterstraße 1',
    postalCode: '10115',
    city: 'Berlin',
    /** ISO 3166-1 alpha-2. */
    country: 'DE',
  },
  /** Who may act for the company (the founders on the About page). */
  managingDirectors: ['Lena Hoffmann', 'Marco Rossi'],
  register: { court: 'Amtsgericht Berlin-Charlottenburg', number: 'HRB 000000 B' },
  /** The EU VAT identification number (Umsatzsteuer-Identifikationsnummer). */
  vatId: 'DE000000000',
  email: {
    /** General enquiries; the imprint's contact. */
    contact: `hello@${DOMAIN}`,
    /** Invoices and payments: the sender of order e-mails and where the agency's copies go. */
    billing: `billing@${DOMAIN}`,
    privacy: `privacy@${DOMAIN}`,
    legal: `legal@${DOMAIN}`,
    careers: `careers@${DOMAIN}`,
  },
  /** Where invoices are paid by bank transfer. */
  bank: {
    name: 'Commerzbank',
    iban: 'DE89370400440532013000',
    bic: 'COBADEFFXXX',
  },
  /**
   * How the shop charges VAT. Catalogue prices include VAT (the totals a customer sees are what they pay, as the
   * spec's totals are); an invoice shows the VAT its total contains at this rate.
   */
  vat: { ratePercent: 19, pricesIncludeVat: true },
  /** An invoice is due this many days after it is issued. */
  paymentTermDays: 14,
  /** The zone of the company's calendar: an invoice's date and year (its number) are its days. */
  timeZone: 'Europe/Berlin',
} as const satisfies Company;

/** An IBAN in groups of four, as it is printed ('DE89 3704 0044 0532 0130 00'). */
export const formatIban = (iban: string): string => iban.replace(/(.{4})(?=.)/g, '$1 ');
