import type { AccountData } from '../hooks/use-account-data';
import type { OrderWithItems } from '../api/fetch-orders';
import { List, PanelNote } from './card-parts';
import { OrderCard } from './OrderCard';

export function OrdersPanel({ data: orders, loading }: AccountData<OrderWithItems>) {
  if (loading) return <PanelNote role="status">Loading orders...</PanelNote>;
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
