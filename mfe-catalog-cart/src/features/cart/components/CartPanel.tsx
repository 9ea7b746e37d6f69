import { forwardRef, useEffect, useRef, useState, type ForwardedRef, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { X } from 'lucide-react';
import { ButtonLink, formatEuro, IconButton, media, paths, theme } from 'shared-lib';
import { CartLine } from './CartLine';
import { DiscountHint } from './DiscountHint';
import { PriceLines } from '../../../components/PriceLines';
import { usePricedCart } from '../hooks/use-priced-cart';
import { useRemoveKeepingFocus } from '../hooks/use-remove-keeping-focus';

/** Narrow screens show the cart as a full-height drawer over a backdrop; from `sm` up, the spec's dropdown. */
const isDrawer = () => !window.matchMedia(`(min-width: ${theme.breakpoints.sm})`).matches;

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.z.dropdown};
  background: rgba(11, 16, 32, 0.55);
  ${media.sm} {
    display: none;
  }
`;

const Panel = styled.div`
  position: fixed;
  z-index: ${({ theme }) => theme.z.dropdown};
  top: 0;
  right: 0;
  bottom: 0;
  width: min(24rem, calc(100vw - 3rem));
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  padding: ${({ theme }) => theme.space[5]};
  background: ${({ theme }) => theme.colors.bg};
  border-left: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  overflow-y: auto;
  overscroll-behavior: contain;
  ${media.sm} {
    display: grid;
    position: absolute;
    top: calc(100% + 0.5rem);
    bottom: auto;
    width: 24rem;
    max-height: calc(100dvh - 5rem);
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.lg};
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

const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
`;

interface CartPanelProps {
  id: string;
  onNavigate: () => void;
  /** Closes the panel and returns focus to the cart button (the drawer's backdrop and close button). */
  onClose: () => void;
}

const focusable = 'a[href], button:not(:disabled), input:not(:disabled), [tabindex]:not([tabindex="-1"])';

/** Keeps Tab and Shift+Tab inside the drawer: from the last control to the first, and back. */
function trapFocus(event: KeyboardEvent<HTMLDivElement>) {
  if (event.key !== 'Tab' || !isDrawer()) return;
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(focusable)];
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === event.currentTarget)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/** The cart dropdown of spec section 2: items, subtotal, discount, total and the way to checkout. */
const CartPanel = forwardRef(function CartPanel(
  { id, onNavigate, onClose }: CartPanelProps,
  ref: ForwardedRef<HTMLDivElement>,
) {
  const { items, priced } = usePricedCart();
  const own = useRef<HTMLDivElement | null>(null);
  const list = useRef<HTMLUListElement>(null);
  // After a removal focus goes to the next line, or to Browse Services once the cart is empty.
  const remove = useRemoveKeepingFocus(list, () => own.current?.querySelector<HTMLElement>('a[href]'));
  // Decided once on opening: a phone turned sideways while the cart is open keeps the form it opened in.
  const [drawer] = useState(isDrawer);
  // Focus moves into the panel when it opens, so keyboard users land on its content.
  useEffect(() => own.current?.focus(), []);
  // The drawer is modal: the page behind it does not scroll.
  useEffect(() => {
    if (!drawer) return;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, [drawer]);
  const setRefs = (node: HTMLDivElement | null) => {
    own.current = node;
    if (typeof ref === 'function') ref(node);
    else if (ref) ref.current = node;
  };
  return (
    <>
      {drawer ? <Backdrop data-testid="cart-backdrop" aria-hidden onClick={onClose} /> : null}
      <Panel
        id={id}
        ref={setRefs}
        role="dialog"
        aria-modal={drawer || undefined}
        aria-labelledby={`${id}-title`}
        tabIndex={-1}
        onKeyDown={trapFocus}
      >
        <Head>
          <h2 id={`${id}-title`}>Your Cart</h2>
          {/* The dropdown closes from the cart button; the drawer covers that button, so it has its own. */}
          {drawer ? (
            <IconButton $size="sm" aria-label="Close cart" onClick={onClose}>
              <X size={18} aria-hidden />
            </IconButton>
          ) : null}
        </Head>
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
                  price={<Price>{formatEuro(item.price)}</Price>}
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
            <PriceLines priced={priced} />
            <DiscountHint count={items.length} />
            <ButtonLink to={paths.checkout} $block onClick={onNavigate}>
              Go to Checkout
            </ButtonLink>
          </>
        )}
      </Panel>
    </>
  );
});

export default CartPanel;
