import { useCallback, useEffect, useMemo, useState } from 'react';
import { volumeDiscount, type CartItem, type CartQuote, type PricedCart } from 'shared-lib';
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
 * and on `refresh()` (after place_order said the price had changed). An answer for a cart that has since
 * changed is dropped.
 */
export function useServerQuote(items: readonly CartItem[], code: string | null) {
  const [result, setResult] = useState<ServerQuote>({ state: 'loading' });
  const [round, setRound] = useState(0);
  const key = useMemo(() => items.map((item) => item.id).join(','), [items]);
  useEffect(() => {
    let current = true;
    setResult({ state: 'loading' });
    if (!key) return;
    quoteCart(
      key.split(',').map((id) => ({ id })),
      code,
    )
      .then((quote) => {
        if (current) setResult({ state: 'ready', quote, priced: pricedFromQuote(quote) });
      })
      .catch((error: unknown) => {
        console.error('[checkout] could not quote the cart', error);
        if (current) setResult({ state: 'failed' });
      });
    return () => {
      current = false;
    };
  }, [key, code, round]);
  const refresh = useCallback(() => setRound((r) => r + 1), []);
  return { ...result, refresh };
}
