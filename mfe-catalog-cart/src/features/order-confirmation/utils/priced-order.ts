import { toCents, volumeDiscount, type OrderItemRow, type OrderRow, type PricedCart } from 'shared-lib';

/** A placed order in the shape the price lines show: what it was priced at when placed, from its own rows. */
export function pricedOrder(order: OrderRow, items: readonly OrderItemRow[]): PricedCart {
  const subtotalCents = items.reduce((sum, item) => sum + toCents(item.service_price), 0);
  const volume = volumeDiscount(items.length);
  const percent = subtotalCents === 0 ? 0 : Math.round((order.discount_amount * 100) / subtotalCents);
  return {
    count: items.length,
    subtotal: subtotalCents / 100,
    discountPercent: percent,
    discountAmount: order.discount_amount / 100,
    total: order.total_amount / 100,
    freeAftercare: volume.freeAftercare,
    source: percent === 0 ? 'none' : percent > volume.percent ? 'code' : 'volume',
  };
}
