// An order's status (issue #31.3, beyond the spec), as the database keeps it (orders.status, changed only by the
// agency) and as the account and the order confirmation show it.
export const ORDER_STATUS_LABELS = {
  awaiting_payment: 'Awaiting payment',
  paid: 'Paid',
  in_progress: 'In progress',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
} as const;

export type OrderStatus = keyof typeof ORDER_STATUS_LABELS;

/** 'awaiting_payment' -> 'Awaiting payment'; a status a newer database added is shown in words too. */
export const orderStatusLabel = (status: string): string => {
  const known = (ORDER_STATUS_LABELS as Record<string, string>)[status];
  if (known) return known;
  const words = status.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};
