import { SkeletonText } from 'shared-lib';
import type { AccountData } from '../hooks/use-account-data';
import type { OrderWithItems } from '../api/fetch-orders';
import { LoadFailed, PanelNote, SecondFactorNeeded } from '../../../components/panel-states';
import { ItemCard, List } from './card-parts';
import { OrderCard, OrderItems, OrderTop } from './OrderCard';
import { LoadingCards } from './LoadingCards';

/** An order card's shape: number and date, total, two item lines. */
function OrderCardSkeleton() {
  return (
    <ItemCard>
      <OrderTop>
        <div>
          <SkeletonText $w="9rem" $size="1.125rem" />
          <SkeletonText $w="7rem" $size="0.875rem" />
        </div>
        <SkeletonText $w="6rem" $size="1.375rem" />
      </OrderTop>
      <div>
        <SkeletonText $w="3rem" $size="0.875rem" />
        <OrderItems>
          <li>
            <SkeletonText $w="10rem" />
            <SkeletonText $w="3rem" />
          </li>
          <li>
            <SkeletonText $w="8rem" />
            <SkeletonText $w="3rem" />
          </li>
        </OrderItems>
      </div>
    </ItemCard>
  );
}

export function OrdersPanel({ status, data: orders, error, retry }: AccountData<OrderWithItems>) {
  if (status === 'loading')
    return (
      <LoadingCards label="Loading orders...">
        <OrderCardSkeleton />
      </LoadingCards>
    );
  if (status === 'error') return <LoadFailed what="Your orders" error={error} onRetry={retry} />;
  if (status === 'second-factor') return <SecondFactorNeeded what="orders" />;
  if (orders.length === 0) return <PanelNote>No orders yet</PanelNote>;
  return (
    <List>
      {orders.map((order) => (
        <li key={order.id}>
          <OrderCard order={order} />
        </li>
      ))}
    </List>
  );
}
