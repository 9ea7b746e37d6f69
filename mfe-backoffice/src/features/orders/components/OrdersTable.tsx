import { Link } from 'react-router-dom';
import { formatCents, formatLongDate, orderStatusLabel } from 'shared-lib';
import { CaptionedTable } from '../../../components/table';
import type { StaffOrderRow } from '../api/types';
import { adminOrderPath } from '../utils/order-actions';

/** One page of orders, newest first; the order number opens the order. */
export function OrdersTable({ orders, caption }: { orders: StaffOrderRow[]; caption: string }) {
  return (
    <CaptionedTable caption={caption}>
      <thead>
        <tr>
          <th scope="col">Order</th>
          <th scope="col">Placed</th>
          <th scope="col">Customer</th>
          <th scope="col">Status</th>
          <th scope="col">Invoice</th>
          <th scope="col" className="amount">
            Total
          </th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order.id}>
            <th scope="row">
              <Link to={adminOrderPath(order.id)}>{order.order_number}</Link>
            </th>
            <td>{formatLongDate(order.created_at)}</td>
            <td>
              {order.customer_name ? (
                <>
                  {order.customer_name}
                  <br />
                </>
              ) : null}
              {order.customer_email}
            </td>
            <td>{orderStatusLabel(order.status)}</td>
            <td>
              {order.invoice_number ?? '—'}
              {order.credit_note_number ? (
                <>
                  <br />
                  Credit note {order.credit_note_number}
                </>
              ) : null}
            </td>
            <td className="amount">{formatCents(order.total_cents)}</td>
          </tr>
        ))}
      </tbody>
    </CaptionedTable>
  );
}
