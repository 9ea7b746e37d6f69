import { useMemo } from 'react';
import { useLoad, volumeDiscount, type CartItem, type CartQuote, type PricedCart } from 'shared-lib';
import { quoteCart } from '../api/quote-cart';

/** A server quote in the shape the price lines show. */
function pricedFromQuote(quote: CartQuote): PricedCart {
  const volume = volumeDiscount(quote.item_count);
  return {
    count: quote.item_count,
    subtotal: quote.subtotal_cents / 100,
    discountPercent: quote.discount_percent,
    discountAmount: quote.discount_cents / 100,
    total: quote.total_cents / 100,
    freeAftercare: volume.freeAftercare,
    source:
      quote.discount_percent === 0 ? 'none' : quote.discount_percent > volume.percent ? 'code' : 'volume',
  };
}

type ServerQuote =
  { state: 'loading' } | { state: 'ready'; quote: CartQuote; priced: PricedCart } | { state: 'failed' };

/**
 * The server's price for the cart with the applied code, asked again whenever the services or the code change,
 * and on `refresh()` (after place_order said the price had changed). A quote for a cart that has since changed
 * is aborted and its answer dropped (shared-lib's useLoad).
 */
export function useServerQuote(
  items: readonly CartItem[],
  code: string | null,
): ServerQuote & { refresh: () => void } {
  const key = useMemo(() => items.map((item) => item.id).join(','), [items]);
  const quote = useLoad(
    async (signal) => {
      const answer = await quoteCart(
        key.split(',').map((id) => ({ id })),
        code,
        signal,
      );
      // Shaped here, so an answer that cannot be read counts as a failed quote.
      return { quote: answer, priced: pricedFromQuote(answer) };
    },
    [key, code],
    // An empty cart is not quoted (the checkout shows no prices for it).
    { context: 'checkout', enabled: key !== '' },
  );
  const refresh = quote.retry;
  return quote.state === 'ready'
    ? { state: 'ready', ...quote.data, refresh }
    : { state: quote.state, refresh };
}
