import { ORDER_STATUS_LABELS, paths, type OrderStatus } from 'shared-lib';

/** The back office's page of the order `orderId`. */
export const adminOrderPath = (orderId: string) => `${paths.adminOrder}?id=${encodeURIComponent(orderId)}`;

/** What staff can do with an order, as the database's status machine allows it (private.order_status_allowed). */
export type OrderAction = 'markPaid' | 'startWork' | 'markDelivered' | 'cancel';

const NEXT: Record<OrderStatus, readonly OrderAction[]> = {
  awaiting_payment: ['markPaid', 'cancel'],
  paid: ['startWork', 'cancel'],
  in_progress: ['markDelivered', 'cancel'],
  delivered: ['cancel'],
  cancelled: [],
};

/** The actions an order in `status` offers; none for a status this app does not know. */
export const actionsFor = (status: string): readonly OrderAction[] =>
  (NEXT as Record<string, readonly OrderAction[] | undefined>)[status] ?? [];

/** The statuses the list filters by, in the order an order goes through them. */
export const STATUS_FILTERS = (Object.keys(ORDER_STATUS_LABELS) as OrderStatus[]).map((value) => ({
  value,
  label: ORDER_STATUS_LABELS[value],
}));
