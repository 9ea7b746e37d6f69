// What a customer sees once "Complete Purchase" has placed their order (issue #31.2, beyond the spec: the spec's
// checkout ends in an alert). Everything comes from the order's own rows: its number, lines, discount and total,
// the billing details it was placed with, and what happens next: the invoice by e-mail, payment within the
// invoice's term to the account shown, and a call to kick off the project.
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { CheckCircle2 } from 'lucide-react';
import {
  ButtonLink,
  Card,
  formatCents,
  formatLongDate,
  invoicePath,
  media,
  orderStatusLabel,
  paths,
  shortOrderId,
} from 'shared-lib';
import { BillingAddress, formatDocumentDate, PAYMENT_WORDS, PaymentInstructions } from 'shared-lib/billing';
import { PriceLines } from '../../../components/PriceLines';
import type { PlacedOrder } from '../api/fetch-placed-order';
import { pricedOrder } from '../utils/priced-order';

const Layout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[5]};
  align-items: start;
  ${media.md} {
    grid-template-columns: 3fr 2fr;
  }
`;

const Panel = styled(Card).attrs({ as: 'section' })`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
  p {
    margin: 0;
  }
`;

const Heading = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  h1 {
    margin: 0;
  }
  svg {
    flex: none;
    color: ${({ theme }) => theme.colors.success};
  }
`;

const Lines = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: flex;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space[3]};
    padding: ${({ theme }) => theme.space[2]} 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  li > span:last-child {
    flex-shrink: 0;
    white-space: nowrap;
  }
`;

const Steps = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  margin: 0;
  padding-left: 1.25rem;
  li {
    display: grid;
    gap: ${({ theme }) => theme.space[2]};
  }
`;

const CONFIRMATION_COPY = {
  heading: 'Thank you for your order',
  kickoff: 'Book your kick-off call',
} as const;

export function OrderConfirmation({ placed, email }: { placed: PlacedOrder; email: string | null }) {
  const { order, items, invoice } = placed;
  const title = `Order #${shortOrderId(order.id)}`;
  return (
    <>
      <Heading>
        <CheckCircle2 size={32} aria-hidden />
        <h1>{CONFIRMATION_COPY.heading}</h1>
      </Heading>
      <p>
        {title}, placed on {formatLongDate(order.created_at)}. Status: {orderStatusLabel(order.status)}.
      </p>
      <Layout>
        <Panel aria-labelledby="confirmation-order">
          <h2 id="confirmation-order">{title}</h2>
          <Lines>
            {items.map((item) => (
              <li key={item.id}>
                <span>{item.service_title}</span>
                <span>{formatCents(Math.round(item.service_price * 100))}</span>
              </li>
            ))}
          </Lines>
          <PriceLines priced={pricedOrder(order, items)} />
          {order.discount_code ? <p>Discount code: {order.discount_code}</p> : null}
          {order.billing ? (
            <>
              <h2 id="confirmation-billing">Billing details</h2>
              <BillingAddress details={order.billing} email={email} />
            </>
          ) : null}
        </Panel>
        <Panel aria-labelledby="confirmation-next">
          <h2 id="confirmation-next">What happens next</h2>
          <Steps>
            {invoice && invoice.due_on ? (
              <>
                <li>
                  <p>
                    We have e-mailed your invoice {invoice.number}
                    {email ? ` to ${email}` : ''}.{' '}
                    <Link to={invoicePath(invoice.number)}>View your invoice</Link>
                  </p>
                </li>
                <li>
                  {/* The order e-mail's words (supabase/functions/send-emails/templates.ts), #45.1. */}
                  <p>
                    Please pay {formatCents(invoice.total_cents)} by bank transfer by{' '}
                    {formatDocumentDate(invoice.due_on)}, with the invoice number {invoice.number} as the
                    payment reference, to:
                  </p>
                  <PaymentInstructions
                    seller={invoice.seller}
                    amountCents={invoice.total_cents}
                    dueOn={invoice.due_on}
                    reference={invoice.number}
                  />
                  <p>{PAYMENT_WORDS.workStarts}</p>
                </li>
              </>
            ) : null}
            <li>
              <p>Let’s plan your project together: choose a time for a call with us.</p>
              <div>
                <ButtonLink to={paths.contact}>{CONFIRMATION_COPY.kickoff}</ButtonLink>
              </div>
            </li>
            <li>
              <p>
                You can find this order, its status and its invoice any time under{' '}
                <Link to={`${paths.account}?tab=orders`}>My Account</Link>.
              </p>
            </li>
          </Steps>
        </Panel>
      </Layout>
    </>
  );
}
