import { useSearchParams } from 'react-router-dom';
import { paths, useLoad } from 'shared-lib';
import { LoadFailed, Loading, Note } from '../components/load-states';
import { PageFrame } from '../features/desks/components/PageFrame';
import { fetchOrders, ORDERS_PAGE_SIZE } from '../features/orders/api/fetch-orders';
import { OrderFilters } from '../features/orders/components/OrderFilters';
import { OrdersTable } from '../features/orders/components/OrdersTable';
import { Pager } from '../components/pager';

/** The query string's page, 1 for anything that is not a whole number from 1 up. */
const pageOf = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

/**
 * /admin/orders, the orders desk: newest first, filtered by status, searched, paged. The filter, the search and the
 * page live in the address, so Back, a reload and a shared link show the same list.
 */
export default function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const search = params.get('q') ?? '';
  const page = pageOf(params.get('page'));
  const orders = useLoad((signal) => fetchOrders({ status, search, page }, signal), [status, search, page], {
    context: 'backoffice',
  });

  const addressOf = (next: { status?: string; search?: string; page?: number }) => {
    const merged = { status, search, page: 1, ...next };
    const out = new URLSearchParams();
    if (merged.status) out.set('status', merged.status);
    if (merged.search) out.set('q', merged.search);
    if (merged.page > 1) out.set('page', String(merged.page));
    return out;
  };

  const caption = search ? `Orders matching “${search}”` : 'Orders, newest first';

  return (
    <PageFrame title="Orders">
      <div>
        <OrderFilters
          key={search}
          status={status}
          search={search}
          onStatus={(next) => setParams(addressOf({ status: next }))}
          onSearch={(next) => setParams(addressOf({ search: next }))}
        />
        {orders.state === 'failed' ? (
          <LoadFailed what="The orders" error={orders.error} onRetry={orders.retry} />
        ) : orders.state === 'loading' ? (
          <Loading label="Loading orders..." />
        ) : orders.data.orders.length === 0 ? (
          <Note role="status">{search || status ? 'No orders match.' : 'No orders yet.'}</Note>
        ) : (
          <>
            <OrdersTable orders={orders.data.orders} caption={caption} />
            <Pager
              page={page}
              pages={Math.max(1, Math.ceil(orders.data.total / ORDERS_PAGE_SIZE))}
              href={(n) => `${paths.adminOrders}?${addressOf({ page: n })}`}
            />
          </>
        )}
      </div>
    </PageFrame>
  );
}
