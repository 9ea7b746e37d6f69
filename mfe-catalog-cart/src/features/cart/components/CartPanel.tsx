import { forwardRef, useEffect, useRef, type ForwardedRef } from 'react';
import styled from 'styled-components';
import { X } from 'lucide-react';
import { ButtonLink, formatEuroRaw, IconButton, media, paths } from 'shared-lib';
import { CartLine } from './CartLine';
import { DiscountHint } from './DiscountHint';
import { PriceLines } from './PriceLines';
import { usePricedCart } from '../hooks/use-priced-cart';
import { useRemoveKeepingFocus } from '../hooks/use-remove-keeping-focus';

const Panel = styled.div`
  position: fixed;
  z-index: ${({ theme }) => theme.z.dropdown};
  top: 4rem;
  left: 0.5rem;
  right: 0.5rem;
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  padding: ${({ theme }) => theme.space[5]};
  background: ${({ theme }) => theme.colors.bg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  max-height: calc(100dvh - 5rem);
  overflow-y: auto;
  ${media.sm} {
    position: absolute;
    top: calc(100% + 0.5rem);
    left: auto;
    right: 0;
    width: 24rem;
  }
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const Items = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
  max-height: 24rem;
  overflow-y: auto;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled(CartLine)`
  padding: ${({ theme }) => theme.space[2]} 0;
  a {
    text-decoration: none;
  }
  a:hover {
    text-decoration: underline;
  }
`;

const Price = styled.span`
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

const RemoveButton = styled(IconButton)`
  color: ${({ theme }) => theme.colors.muted};
  &:hover {
    color: ${({ theme }) => theme.colors.danger};
  }
`;

const Empty = styled.div`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[4]} 0;
  text-align: center;
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.muted};
  }
`;

interface CartPanelProps {
  id: string;
  onNavigate: () => void;
}

/** The cart dropdown of spec section 2: items, subtotal, discount, total and the way to checkout. */
const CartPanel = forwardRef(function CartPanel(
  { id, onNavigate }: CartPanelProps,
  ref: ForwardedRef<HTMLDivElement>,
) {
  const { items, priced } = usePricedCart();
  const own = useRef<HTMLDivElement | null>(null);
  const list = useRef<HTMLUListElement>(null);
  // After a removal focus goes to the next line, or to Browse Services once the cart is empty.
  const remove = useRemoveKeepingFocus(list, () => own.current?.querySelector<HTMLElement>('a[href]'));
  // Focus moves into the panel when it opens, so keyboard users land on its content.
  useEffect(() => own.current?.focus(), []);
  const setRefs = (node: HTMLDivElement | null) => {
    own.current = node;
    if (typeof ref === 'function') ref(node);
    else if (ref) ref.current = node;
  };
  return (
    <Panel id={id} ref={setRefs} role="dialog" aria-labelledby={`${id}-title`} tabIndex={-1}>
      <h2 id={`${id}-title`}>Your Cart</h2>
      {items.length === 0 ? (
        <Empty>
          <p>Your cart is empty</p>
          <ButtonLink to={paths.howWeWork} $variant="outline" onClick={onNavigate}>
            Browse Services
          </ButtonLink>
        </Empty>
      ) : (
        <>
          <Items ref={list}>
            {items.map((item) => (
              <Item
                key={item.id}
                item={item}
                price={<Price>{formatEuroRaw(item.price)}</Price>}
                onNavigate={onNavigate}
              >
                <RemoveButton
                  data-remove
                  $size="sm"
                  aria-label={`Remove ${item.title} from cart`}
                  onClick={() => remove(item.id)}
                >
                  <X size={16} aria-hidden />
                </RemoveButton>
              </Item>
            ))}
          </Items>
          <PriceLines priced={priced} rawSubtotal />
          <DiscountHint count={items.length} />
          <ButtonLink to={paths.checkout} $block onClick={onNavigate}>
            Go to Checkout
          </ButtonLink>
        </>
      )}
    </Panel>
  );
});

export default CartPanel;
