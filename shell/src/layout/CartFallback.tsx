// The header's cart control while the catalogue remote (which owns the cart button and panel) loads, and when it
// cannot be loaded. It never claims a cart it cannot open: loading, it says so; down, its button opens a short
// explanation with Retry instead of a dead click or a silent redirect.
import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { ShoppingCart } from 'lucide-react';
import { Button, IconButton } from 'shared-lib';

const Wrapper = styled.div`
  position: relative;
`;

const Popover = styled.div`
  position: absolute;
  z-index: ${({ theme }) => theme.z.dropdown};
  right: 0;
  top: calc(100% + 0.5rem);
  width: min(18rem, calc(100vw - 2rem));
  padding: ${({ theme }) => theme.space[4]};
  background: ${({ theme }) => theme.colors.bg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.md};
  p {
    margin: 0 0 ${({ theme }) => theme.space[3]};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

const Dimmed = styled(IconButton)`
  opacity: 0.6;
  cursor: progress;
`;

/** While the cart loads: the icon, marked busy and disabled for assistive technology (it has nothing to open). */
export function CartLoading() {
  return (
    <Dimmed aria-label="Cart (loading)" aria-disabled="true" aria-busy="true">
      <ShoppingCart size={20} aria-hidden />
    </Dimmed>
  );
}

/** The catalogue remote is down: the button explains that and offers Retry. */
export function CartUnavailable({ onRetry }: { onRetry: () => void }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault(); // the popover's key, not also the newest toast's
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <Wrapper ref={wrapper}>
      <IconButton
        ref={button}
        aria-label="Cart unavailable"
        aria-describedby={`${id}-why`}
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen((o) => !o)}
      >
        <ShoppingCart size={20} aria-hidden />
      </IconButton>
      <Popover id={`${id}-panel`} hidden={!open}>
        <p id={`${id}-why`}>
          The cart could not be loaded right now. Your items are kept; please try again in a moment.
        </p>
        <Button $size="sm" onClick={onRetry}>
          Retry
        </Button>
      </Popover>
    </Wrapper>
  );
}
