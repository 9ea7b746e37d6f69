// An invoice or credit note as it was issued (issue #31.5): every detail comes from its row, which never changes,
// so it prints the same whenever it is opened. What an EU invoice must state (issue #45.2): the service period, per
// line quantity, unit price and net amount, and per VAT rate the net total, the VAT and the gross, as
// shared-lib's invoiceFigures computes them from the row.
import { Fragment } from 'react';
import styled from 'styled-components';
import { formatCents, media, VisuallyHidden } from 'shared-lib';
import {
  BillingAddress,
  countryName,
  formatDocumentDate,
  invoiceFigures,
  PaymentInstructions,
} from 'shared-lib/billing';
import type { InvoiceWithCorrected } from '../api/fetch-invoice';

const Sheet = styled.article`
  display: grid;
  gap: ${({ theme }) => theme.space[5]};
  padding: ${({ theme }) => theme.space[5]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.bg};
  h1,
  h2 {
    margin: 0;
  }
  h2 {
    font-size: ${({ theme }) => theme.fontSizes.md};
    text-transform: uppercase;
    letter-spacing: 0.04em;
    color: ${({ theme }) => theme.colors.muted};
  }
  ${media.md} {
    padding: ${({ theme }) => theme.space[7]};
  }
  @media print {
    padding: 0;
    border: 0;
    color: #000;
    background: #fff;
  }
`;

const Parties = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[5]};
  ${media.sm} {
    grid-template-columns: 1fr 1fr;
  }
  section {
    display: grid;
    gap: ${({ theme }) => theme.space[2]};
    align-content: start;
  }
`;

const SellerAddress = styled.address`
  font-style: normal;
  line-height: 1.5;
`;

const Dates = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => theme.space[1]} ${({ theme }) => theme.space[4]};
  margin: 0;
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
  }
`;

const Lines = styled.table`
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    padding: ${({ theme }) => theme.space[2]} 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
    vertical-align: top;
  }
  th.amount,
  td.amount {
    text-align: right;
    white-space: nowrap;
    padding-left: ${({ theme }) => theme.space[4]};
  }
  tfoot th {
    font-weight: 400;
  }
  tfoot tr.total th,
  tfoot tr.total td {
    font-weight: 700;
    border-bottom-width: 2px;
  }
`;

const Note = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export function InvoiceDocument({ invoice }: { invoice: InvoiceWithCorrected }) {
  const { seller, buyer } = invoice;
  const credit = invoice.kind === 'credit_note';
  const title = `${credit ? 'Credit note' : 'Invoice'} ${invoice.number}`;
  const figures = invoiceFigures(invoice);
  const oneDay = figures.serviceFrom === figures.serviceTo;
  return (
    <Sheet id="invoice" aria-labelledby="invoice-title">
      <h1 id="invoice-title">{title}</h1>
      <Parties>
        <section aria-labelledby="invoice-seller">
          <h2 id="invoice-seller">From</h2>
          <SellerAddress>
            {seller.legalName}
            <br />
            {seller.address.street}
            <br />
            {seller.address.postalCode} {seller.address.city}
            <br />
            {countryName(seller.address.country)}
            <br />
            VAT ID: {seller.vatId}
            <br />
            {seller.email.billing}
          </SellerAddress>
        </section>
        <section aria-labelledby="invoice-buyer">
          <h2 id="invoice-buyer">Billed to</h2>
          <BillingAddress details={buyer} email={buyer.email} />
        </section>
      </Parties>
      <Dates>
        <dt>{credit ? 'Credit note date' : 'Invoice date'}</dt>
        <dd>{formatDocumentDate(invoice.issued_on)}</dd>
        <dt>{oneDay ? 'Date of service' : 'Service period'}</dt>
        <dd>
          {oneDay
            ? formatDocumentDate(figures.serviceFrom)
            : `${formatDocumentDate(figures.serviceFrom)} – ${formatDocumentDate(figures.serviceTo)}`}
        </dd>
        {invoice.due_on ? (
          <>
            <dt>Due date</dt>
            <dd>{formatDocumentDate(invoice.due_on)}</dd>
          </>
        ) : null}
        {invoice.correctsNumber ? (
          <>
            <dt>Credits invoice</dt>
            <dd>{invoice.correctsNumber}</dd>
          </>
        ) : null}
      </Dates>
      <Lines>
        <VisuallyHidden as="caption">{`${title}: services and amounts`}</VisuallyHidden>
        <thead>
          <tr>
            <th scope="col">Service</th>
            <th scope="col" className="amount">
              Quantity
            </th>
            <th scope="col" className="amount">
              Unit price incl. VAT
            </th>
            <th scope="col" className="amount">
              Net amount
            </th>
          </tr>
        </thead>
        <tbody>
          {figures.lines.map((line, i) => (
            <tr key={i}>
              <td>{line.title}</td>
              <td className="amount">{line.quantity}</td>
              <td className="amount">{formatCents(line.unitCents)}</td>
              <td className="amount">{formatCents(line.netCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {figures.discount ? (
            <tr>
              <th scope="row" colSpan={3}>
                Discount ({figures.discount.percent}%, {formatCents(figures.discount.grossCents)} incl. VAT)
              </th>
              <td className="amount">-{formatCents(figures.discount.netCents)}</td>
            </tr>
          ) : null}
          {figures.rates.map((rate) => (
            <Fragment key={rate.ratePercent}>
              <tr>
                <th scope="row" colSpan={3}>
                  Net amount at {rate.ratePercent}% VAT
                </th>
                <td className="amount">{formatCents(rate.netCents)}</td>
              </tr>
              <tr>
                <th scope="row" colSpan={3}>
                  VAT {rate.ratePercent}%
                </th>
                <td className="amount">{formatCents(rate.vatCents)}</td>
              </tr>
            </Fragment>
          ))}
          <tr className="total">
            <th scope="row" colSpan={3}>
              {credit ? 'Total credited' : 'Total'}
            </th>
            <td className="amount">{formatCents(figures.grossCents)}</td>
          </tr>
        </tfoot>
      </Lines>
      {credit ? (
        <Note>
          This credit note cancels invoice {invoice.correctsNumber} in full. Anything you paid for it is
          refunded to the account you paid from.
        </Note>
      ) : (
        <section aria-labelledby="invoice-payment">
          <h2 id="invoice-payment">Payment by bank transfer</h2>
          <p>
            Please transfer the total within {seller.paymentTermDays} days, with the invoice number as the
            reference.
          </p>
          <PaymentInstructions
            seller={seller}
            amountCents={invoice.total_cents}
            dueOn={invoice.due_on!}
            reference={invoice.number}
          />
        </section>
      )}
      <Note>
        {seller.legalName} · {seller.address.street}, {seller.address.postalCode} {seller.address.city} ·
        Managing directors: {seller.managingDirectors.join(', ')} · {seller.register.court},{' '}
        {seller.register.number} · VAT ID {seller.vatId}
      </Note>
    </Sheet>
  );
}
