import { Check, Plus } from 'lucide-react';
import { Button, selectIsInCart, useCartStore } from 'shared-lib';
import { toCartItem, type Service } from 'shared-lib/catalogue';

/** Add to Cart / Remove for one service (a service is in the cart at most once). */
export function CartToggle({ service }: { service: Service }) {
  const inCart = useCartStore(selectIsInCart(service.id));
  const toggle = useCartStore((s) => s.toggle);
  return (
    <Button
      $variant={inCart ? 'outline' : 'primary'}
      $block
      aria-label={inCart ? `Remove ${service.title} from cart` : `Add ${service.title} to cart`}
      onClick={() => toggle(toCartItem(service))}
    >
      {inCart ? <Check size={18} aria-hidden /> : <Plus size={18} aria-hidden />}
      {inCart ? 'Remove' : 'Add to Cart'}
    </Button>
  );
}
