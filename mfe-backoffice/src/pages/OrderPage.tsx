import { Link, useSearchParams } from 'react-router-dom';
import { paths, useLoad } from 'shared-lib';
import { useActionNotice } from '../components/action-notice';
import { LoadFailed, Loading, Note } from '../components/load-states';
import { PageFrame } from '../features/desks/components/PageFrame';
import { fetchOrder } from '../features/orders/api/fetch-order';
import { OrderActions } from '../features/orders/components/OrderActions';
import { Block, OrderHistory, OrderSummary } from '../features/orders/components/OrderDetails';

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
  const { notice, say } = useActionNotice();

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
      {notice}
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
                say('done', text);
              }}
              onChanged={(text) => {
                say('changed', text);
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
