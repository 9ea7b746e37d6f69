import { Check, Plus } from 'lucide-react';
import { Button, selectIsInCart, useCartStore, VisuallyHidden } from 'shared-lib';
import { toCartItem, type Service } from 'shared-lib/catalogue';

/** Add to Cart / Remove for one service (a service is in the cart at most once). */
export function CartToggle({ service }: { service: Service }) {
  const inCart = useCartStore(selectIsInCart(service.id));
  const toggle = useCartStore((s) => s.toggle);
  return (
    <Button $variant={inCart ? 'outline' : 'primary'} $block onClick={() => toggle(toCartItem(service))}>
      {inCart ? <Check size={18} aria-hidden /> : <Plus size={18} aria-hidden />}
      {inCart ? 'Remove' : 'Add to Cart'}
      {/* The visible label names the action; the service's name completes it for screen readers. */}
      <VisuallyHidden> {service.title}</VisuallyHidden>
    </Button>
  );
}
