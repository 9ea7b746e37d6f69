// `./CartButton`: the header's cart button with its count badge and dropdown panel. Keeping the cart in the
// backend is `./CartSync`'s job, which the shell mounts once.
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { ShoppingCart } from 'lucide-react';
import { CountBadge, IconButton, selectCount, useCartStore } from 'shared-lib';

// The panel's code loads on first open: the button is on every page's first paint, the panel is not.
const CartPanel = lazy(() => import('../features/cart/components/CartPanel'));

const Wrapper = styled.div`
  position: relative;
`;

export default function CartButton() {
  const count = useCartStore(selectCount);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault(); // the drawer's key, not also the newest toast's
      close(true);
    };
    const onPointer = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, close]);

  return (
    <Wrapper
      ref={wrapper}
      // Tabbing past the panel closes it, so it never covers the control that now has focus.
      onBlur={(event) => {
        const next = event.relatedTarget as Node | null;
        if (open && next && !wrapper.current?.contains(next)) close(false);
      }}
    >
      <IconButton
        ref={button}
        aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <ShoppingCart size={20} aria-hidden />
        {count > 0 ? <CountBadge aria-hidden>{count}</CountBadge> : null}
      </IconButton>
      {open ? (
        <Suspense fallback={null}>
          <CartPanel id={panelId} ref={panel} onNavigate={() => close(false)} onClose={() => close(true)} />
        </Suspense>
      ) : null}
    </Wrapper>
  );
}
