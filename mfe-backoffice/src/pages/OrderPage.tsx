import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { paths } from 'shared-lib';
import { LoadFailed, Loading, Note } from '../components/load-states';
import { PageFrame } from '../features/desks/components/PageFrame';
import { fetchOrder } from '../features/orders/api/fetch-order';
import type { StaffOrder } from '../features/orders/api/types';
import { OrderActions } from '../features/orders/components/OrderActions';
import { Block, OrderHistory, OrderSummary } from '../features/orders/components/OrderDetails';
import { useLoad } from '../hooks/use-load';

const Notice = styled.p<{ $tone: 'done' | 'changed' }>`
  margin: 0;
  padding: ${({ theme }) => theme.space[3]};
  border: 1px solid
    ${({ theme, $tone }) => ($tone === 'done' ? theme.colors.success : theme.colors.highlight)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $tone }) => ($tone === 'done' ? theme.colors.successSoft : theme.colors.highlightSoft)};
  color: ${({ theme }) => theme.colors.text};
`;

interface PageNotice {
  tone: 'done' | 'changed';
  text: string;
}

/**
 * /admin/order?id=<id>: one order, its actions and its audit trail. After an action the page shows the order the
 * database returned; when someone else acted first, it says what changed and loads the order as it now is.
 */
export default function OrderPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const load = useLoad(id, () => fetchOrder(id));
  const [fresh, setFresh] = useState<StaffOrder | null>(null);
  const [notice, setNotice] = useState<PageNotice | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);

  // The forms go or change with the status: focus moves to what happened rather than dropping on <body>.
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  // What an action returned is newer than the load, for this order only (not once another order is open).
  const latest = fresh?.id === id ? fresh : null;
  const order = latest ?? load.data;
  const back = <Link to={paths.adminOrders}>All orders</Link>;

  if (!id) {
    return (
      <PageFrame title="Order">
        <Note>No order chosen. {back}</Note>
      </PageFrame>
    );
  }

  return (
    <PageFrame title={order ? `Order ${order.order_number}` : 'Order'}>
      <p>{back}</p>
      {load.status === 'error' && !latest ? (
        <LoadFailed what="The order" error={load.error} onRetry={load.reload} />
      ) : !order ? (
        <Loading label="Loading the order..." />
      ) : (
        <>
          {notice ? (
            <Notice ref={noticeRef} tabIndex={-1} $tone={notice.tone}>
              {notice.text}
            </Notice>
          ) : null}
          <OrderSummary order={order} />
          <Block aria-labelledby="order-actions">
            <h2 id="order-actions">Actions</h2>
            <OrderActions
              key={order.status}
              order={order}
              onDone={(next, text) => {
                setFresh(next);
                setNotice({ tone: 'done', text });
              }}
              onChanged={(text) => {
                setFresh(null);
                setNotice({ tone: 'changed', text });
                load.reload();
              }}
            />
          </Block>
          <OrderHistory order={order} />
        </>
      )}
    </PageFrame>
  );
}
