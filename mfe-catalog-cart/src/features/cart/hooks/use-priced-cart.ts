import { useMemo } from 'react';
import { priceCart, selectAppliedCode, selectItems, useCartStore } from 'shared-lib';

/** The cart's items and their price with the applied code, recomputed only when either changes. */
export function usePricedCart() {
  const items = useCartStore(selectItems);
  const code = useCartStore(selectAppliedCode);
  const priced = useMemo(() => priceCart(items, code), [items, code]);
  return { items, code, priced };
}
