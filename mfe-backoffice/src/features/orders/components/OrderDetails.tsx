import styled from 'styled-components';
import { formatCents, formatLongDate, formatTime, orderStatusLabel } from 'shared-lib';
import { BillingAddress, formatDocumentDate } from 'shared-lib/billing';
import { CaptionedTable } from '../../../components/table';
import type { StaffOrder } from '../api/types';

export const Block = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => `${theme.space[1]} ${theme.space[4]}`};
  margin: 0;
  dt {
    color: ${({ theme }) => theme.colors.muted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const day = formatDocumentDate;

/** The order's facts, items, billing details, invoice, credit note and payment. */
export function OrderSummary({ order }: { order: StaffOrder }) {
  return (
    <>
      <Facts>
        <dt>Status</dt>
        <dd>
          <strong>{orderStatusLabel(order.status)}</strong> since {formatLongDate(order.status_changed_at)} at{' '}
          {formatTime(order.status_changed_at)}
        </dd>
        <dt>Placed</dt>
        <dd>{formatLongDate(order.created_at)}</dd>
        <dt>Customer</dt>
        <dd>{order.customer.email ?? 'No account any more'}</dd>
        <dt>Total</dt>
        <dd>
          {formatCents(order.total_cents)}
          {order.discount_code && order.discount_cents
            ? ` (code ${order.discount_code}, -${formatCents(order.discount_cents)})`
            : null}
        </dd>
      </Facts>

      <Block aria-labelledby="order-items">
        <h2 id="order-items">Items</h2>
        <CaptionedTable label="Items" caption={`Items of ${order.order_number}`}>
          <thead>
            <tr>
              <th scope="col">Service</th>
              <th scope="col" className="amount">
                Price
              </th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item) => (
              <tr key={`${item.service_id ?? item.title}`}>
                <th scope="row">{item.title}</th>
                <td className="amount">{formatCents(item.price_cents)}</td>
              </tr>
            ))}
          </tbody>
        </CaptionedTable>
      </Block>

      <Block aria-labelledby="order-billing">
        <h2 id="order-billing">Billing details</h2>
        {order.billing ? <BillingAddress details={order.billing} /> : <p>None given.</p>}
      </Block>

      <Block aria-labelledby="order-documents">
        <h2 id="order-documents">Invoice and payment</h2>
        <Facts>
          <dt>Invoice</dt>
          <dd>
            {order.invoice
              ? `${order.invoice.number}, issued ${day(order.invoice.issued_on)}, due ${day(order.invoice.due_on)}`
              : 'None'}
          </dd>
          <dt>Credit note</dt>
          <dd>
            {order.credit_note
              ? `${order.credit_note.number}, issued ${day(order.credit_note.issued_on)}, ${formatCents(order.credit_note.total_cents)}`
              : 'None'}
          </dd>
          <dt>Paid on</dt>
          <dd>{order.paid_on ? day(order.paid_on) : 'Not yet'}</dd>
          <dt>Bank reference</dt>
          <dd>{order.payment_reference ?? '—'}</dd>
        </Facts>
      </Block>
    </>
  );
}

/** The audit trail: every status change, who made it, when, and the note. */
export function OrderHistory({ order }: { order: StaffOrder }) {
  return (
    <Block aria-labelledby="order-history">
      <h2 id="order-history">History</h2>
      {order.history.length === 0 ? (
        <p>No changes yet.</p>
      ) : (
        <CaptionedTable label="History" caption={`Status changes of ${order.order_number}, oldest first`}>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">From</th>
              <th scope="col">To</th>
              <th scope="col">Note</th>
            </tr>
          </thead>
          <tbody>
            {order.history.map((change, index) => (
              <tr key={`${change.changed_at}-${index}`}>
                <td>
                  {formatLongDate(change.changed_at)} at {formatTime(change.changed_at)}
                </td>
                <td>{change.changed_by ?? 'The agency (service role)'}</td>
                <td>{orderStatusLabel(change.from_status)}</td>
                <td>{orderStatusLabel(change.to_status)}</td>
                <td>{change.note ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </CaptionedTable>
      )}
    </Block>
  );
}
