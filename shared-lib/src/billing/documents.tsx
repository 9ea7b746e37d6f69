// The parts of the documents a purchase makes, which the order confirmation (mfe-catalog-cart) and the printable
// invoice (mfe-account) show alike: the buyer's address and how to pay by bank transfer.
import styled from 'styled-components';
import { formatIban, type Company } from '../company/company';
import { isDemoCompany } from '../company/example-details';
import { formatCents, formatLongDate } from '../format/format';
import type { BillingSnapshot } from '../supabase/database.types';
import { countryName } from './billing';

const Address = styled.address`
  font-style: normal;
  line-height: 1.5;
`;

/** Who an invoice is made out to, line by line, as a letter's address. */
export function BillingAddress({ details, email }: { details: BillingSnapshot; email?: string | null }) {
  const lines = [
    details.name,
    details.company,
    details.address,
    [details.postal_code, details.city].filter(Boolean).join(' '),
    countryName(details.country),
    details.vat_number ? `VAT number: ${details.vat_number}` : null,
    email,
  ].filter((line): line is string => Boolean(line));
  return (
    <Address>
      {lines.map((line, i) => (
        <span key={i}>
          {line}
          {i < lines.length - 1 ? <br /> : null}
        </span>
      ))}
    </Address>
  );
}

const Details = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => theme.space[1]} ${({ theme }) => theme.space[4]};
  margin: 0;
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

/** A date of a document ('2026-12-12'), a calendar day wherever it is read. */
export const formatDocumentDate = (isoDate: string): string => formatLongDate(isoDate, 'UTC');

const DemoNote = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[2]};
  font-weight: 600;
`;

/**
 * How to pay an invoice: the amount, by when, to which account (the seller's on the invoice), with the invoice
 * number as the reference. The demo company's example account is marked as such (issue #45.4): a local build
 * never shows it as a real one.
 */
export function PaymentInstructions({
  seller,
  amountCents,
  dueOn,
  reference,
}: {
  seller: Company;
  amountCents: number;
  dueOn: string;
  reference: string;
}) {
  const demo = isDemoCompany(seller);
  return (
    <>
      {demo ? (
        <DemoNote>Demo shop: these are example bank details. Do not transfer money to them.</DemoNote>
      ) : null}
      <Details>
        <dt>Amount</dt>
        <dd>{formatCents(amountCents)}</dd>
        <dt>Due by</dt>
        <dd>{formatDocumentDate(dueOn)}</dd>
        <dt>Account holder</dt>
        <dd>{seller.legalName}</dd>
        <dt>IBAN</dt>
        <dd>
          {formatIban(seller.bank.iban)}
          {demo ? ' (demo)' : ''}
        </dd>
        <dt>BIC</dt>
        <dd>{seller.bank.bic}</dd>
        <dt>Bank</dt>
        <dd>{seller.bank.name}</dd>
        <dt>Reference</dt>
        <dd>{reference}</dd>
      </Details>
    </>
  );
}
