import { useId } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import {
  formatCents,
  formatEuro,
  formatLongDate,
  invoicePath,
  media,
  orderStatusLabel,
  shortOrderId,
} from 'shared-lib';
import type { OrderWithItems } from '../api/fetch-orders';
import { CardTitle, ItemCard, Line, Subtle } from './card-parts';

// Stacked on a phone, so every card has the same shape whatever the length of its total; side by side above.
export const OrderTop = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  ${media.sm} {
    flex-direction: row;
    justify-content: space-between;
    align-items: flex-start;
  }
`;

const Amounts = styled.div`
  display: grid;
  justify-items: start;
  gap: ${({ theme }) => theme.space[1]};
  ${media.sm} {
    justify-items: end;
  }
`;

const Total = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: 700;
  color: ${({ theme }) => theme.colors.ink};
`;

const Saved = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
  color: ${({ theme }) => theme.colors.success};
`;

const ItemsHeading = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  text-transform: uppercase;
  letter-spacing: 0.04em;
  color: ${({ theme }) => theme.colors.muted};
`;

export const OrderItems = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  li {
    display: flex;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space[3]};
    padding: ${({ theme }) => theme.space[2]} 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  /* The price keeps to one line; a long title wraps instead. */
  li > span:last-child {
    flex-shrink: 0;
    white-space: nowrap;
  }
`;

const Code = styled.code`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-weight: 600;
`;

export function OrderCard({ order }: { order: OrderWithItems }) {
  const titleId = useId();
  return (
    <ItemCard aria-labelledby={titleId}>
      <OrderTop>
        <div>
          <CardTitle id={titleId}>Order #{shortOrderId(order.id)}</CardTitle>
          <Subtle>{formatLongDate(order.created_at)}</Subtle>
        </div>
        <Amounts>
          <Total>{formatCents(order.total_amount)}</Total>
          {order.discount_amount > 0 ? <Saved>Saved {formatCents(order.discount_amount)}</Saved> : null}
        </Amounts>
      </OrderTop>
      <div>
        <ItemsHeading>Items</ItemsHeading>
        <OrderItems>
          {order.items.map((item) => (
            <li key={item.id}>
              <span>{item.service_title}</span>
              <span>{formatEuro(item.service_price)}</span>
            </li>
          ))}
        </OrderItems>
      </div>
      {order.discount_code ? (
        <Line>
          Discount code: <Code>{order.discount_code}</Code>
        </Line>
      ) : null}
      {/* Beyond the spec's card (#31.3): where the order stands, and since when. */}
      <Line>
        Status: <strong>{orderStatusLabel(order.status)}</strong> (since{' '}
        {formatLongDate(order.status_changed_at)})
      </Line>
      {order.invoices.map((invoice) => (
        <Line key={invoice.number}>
          {invoice.kind === 'invoice' ? 'Invoice' : 'Credit note'}:{' '}
          <Link to={invoicePath(invoice.number)}>{invoice.number}</Link>
        </Line>
      ))}
    </ItemCard>
  );
}
