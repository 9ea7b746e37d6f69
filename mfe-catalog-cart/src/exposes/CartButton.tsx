import { ShoppingCart } from 'lucide-react';
import { selectCount, useCartStore } from 'shared-lib';

export default function CartButton() {
  const count = useCartStore(selectCount);
  return (
    <button type="button" aria-label={`Cart, ${count} items`}>
      <ShoppingCart size={20} aria-hidden />
      <span data-testid="cart-count">{count}</span>
    </button>
  );
}
