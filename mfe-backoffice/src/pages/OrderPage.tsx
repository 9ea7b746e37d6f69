import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { paths, useLoad } from 'shared-lib';
import { LoadFailed, Loading, Note } from '../components/load-states';
import { PageFrame } from '../features/desks/components/PageFrame';
import { fetchOrder } from '../features/orders/api/fetch-order';
import { OrderActions } from '../features/orders/components/OrderActions';
import { Block, OrderHistory, OrderSummary } from '../features/orders/components/OrderDetails';

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
 * database returned (useLoad's `set`); when someone else acted first, it says what changed and reads the order
 * as it now is.
 */
export default function OrderPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const load = useLoad((signal) => fetchOrder(id, signal), [id], {
    context: 'backoffice',
    enabled: Boolean(id),
  });
  const [notice, setNotice] = useState<PageNotice | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);

  // The forms go or change with the status: focus moves to what happened rather than dropping on <body>.
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const order = load.state === 'ready' ? load.data : null;
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
      {notice ? (
        <Notice ref={noticeRef} tabIndex={-1} $tone={notice.tone}>
          {notice.text}
        </Notice>
      ) : null}
      {load.state === 'failed' ? (
        <LoadFailed what="The order" error={load.error} onRetry={load.retry} />
      ) : !order ? (
        <Loading label="Loading the order..." />
      ) : (
        <>
          <OrderSummary order={order} />
          <Block aria-labelledby="order-actions">
            <h2 id="order-actions">Actions</h2>
            <OrderActions
              key={order.status}
              order={order}
              onDone={(next, text) => {
                // What the action returned is the order as it now is: shown until the next read.
                load.set(next);
                setNotice({ tone: 'done', text });
              }}
              onChanged={(text) => {
                setNotice({ tone: 'changed', text });
                load.retry();
              }}
            />
          </Block>
          <OrderHistory order={order} />
        </>
      )}
    </PageFrame>
  );
}
