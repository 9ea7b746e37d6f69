// The demo company's details that must never reach a real customer as a real firm's (issue #45.4): the example
// IBAN every IBAN tutorial uses, the zero VAT and register numbers and the "sample street". A local build shows
// them marked "demo" (PaymentInstructions, the e-mails); scripts/write-site-url.mjs and `npm run db:push-check`
// refuse a non-localhost SITE_URL while shared-lib's company file or the row private.company_details holds any.
import type { Company } from './company';

/** One example value: where it sits in the company file and in the row, and the value itself. */
export interface ExampleDetail {
  /** The field of shared-lib's company file (and of private.seller()'s JSON), e.g. 'bank.iban'. */
  field: string;
  /** The column of private.company_details, e.g. 'iban'. */
  column: string;
  value: string;
}

export const EXAMPLE_DETAILS: readonly ExampleDetail[] = [
  { field: 'bank.iban', column: 'iban', value: 'DE89370400440532013000' },
  { field: 'vatId', column: 'vat_id', value: 'DE000000000' },
  { field: 'register.number', column: 'register_number', value: 'HRB 000000 B' },
  { field: 'address.street', column: 'street', value: 'Musterstraße 1' },
];

/** The parts of a company (the file's, or the row as private.seller() gives it) the example values sit in. */
export type CompanyDetails = Pick<Company, 'vatId'> & {
  bank?: Pick<Company['bank'], 'iban'>;
  register?: Pick<Company['register'], 'number'>;
  address: Pick<Company['address'], 'street'>;
};

const valueOf = (company: CompanyDetails, field: string): unknown =>
  field
    .split('.')
    .reduce<unknown>((part, key) => (part as Record<string, unknown> | undefined)?.[key], company);

/** Every example value a company's details still hold (spaces in an IBAN do not hide it). */
export function exampleDetailsIn(company: CompanyDetails): ExampleDetail[] {
  const normal = (value: unknown) => (typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : value);
  return EXAMPLE_DETAILS.filter((example) => {
    const value = normal(valueOf(company, example.field));
    return example.field === 'bank.iban'
      ? typeof value === 'string' && value.replace(/ /g, '').toUpperCase() === example.value
      : value === example.value;
  });
}

/** Whether the details are the demo company's: where a customer sees bank details, the page says "demo". */
export const isDemoCompany = (company: CompanyDetails): boolean => exampleDetailsIn(company).length > 0;
