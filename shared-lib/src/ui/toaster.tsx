// Shows the toast bus's toasts. The shell mounts one; standalone remote hosts mount their own.
// (@radix-ui/react-toast would fit the Radix already used, but it is not a dependency of the workspace; this
// toaster does what it would: timers pause under the pointer, with keyboard focus inside and while the page is
// hidden; errors stay until dismissed; at most three at once.)
import { useEffect, useRef, useState, useSyncExternalStore, type FocusEvent } from 'react';
import { createPortal } from 'react-dom';
import styled, { css, keyframes } from 'styled-components';
import { X } from 'lucide-react';
import { useToastStore, type Toast } from '../stores/toast';
import { IconButton } from './primitives';

const slideIn = keyframes`from { transform: translateY(0.75rem); opacity: 0; } to { transform: none; opacity: 1; }`;

const Region = styled.ol`
  position: fixed;
  z-index: ${({ theme }) => theme.z.toast};
  right: 1rem;
  bottom: 1rem;
  display: grid;
  gap: 0.5rem;
  width: min(24rem, calc(100vw - 2rem));
  margin: 0;
  padding: 0;
  list-style: none;
  /*
   * On a phone the toasts sit at the top, over the sticky header, and only the newest shows (the others wait
   * behind it): at the bottom they covered the checkout's Discount and Total lines and its purchase button.
   */
  @media (width < ${({ theme }) => theme.breakpoints.sm}) {
    top: 0.5rem;
    right: 0.5rem;
    bottom: auto;
    width: calc(100vw - 1rem);
    & > li:not(:last-child) {
      display: none;
    }
  }
`;

const Item = styled.li<{ $variant: Toast['variant'] }>`
  position: relative;
  padding: 0.875rem 2.75rem 0.875rem 1rem;
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  animation: ${slideIn} 0.2s ease-out;
  ${({ theme, $variant }) =>
    $variant === 'destructive'
      ? css`
          background: ${theme.colors.danger};
          color: ${theme.colors.onDanger};
          /* A ring and hover in the text colour on red: the blue ring would be 1:1 here, the light hover would
             hide the X. */
          --focus-ring: ${theme.colors.onDanger};
          button:hover {
            background: color-mix(in srgb, currentColor 20%, transparent);
          }
        `
      : css`
          background: ${theme.colors.bg};
          color: ${theme.colors.text};
          border: 1px solid ${theme.colors.border};
        `}
`;

const Title = styled.p`
  margin: 0;
  font-weight: 700;
`;
const Description = styled.p`
  margin: 0.125rem 0 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
const CloseButton = styled(IconButton)`
  position: absolute;
  top: 0.5rem;
  right: 0.5rem;
`;

function ToastItem({ toast, paused }: { toast: Toast; paused: boolean }) {
  const dismiss = useToastStore((s) => s.dismiss);
  // The time left to show, counted down only while not paused.
  const remaining = useRef(toast.duration);
  useEffect(() => {
    if (paused || !Number.isFinite(remaining.current)) return;
    const started = Date.now();
    const timer = window.setTimeout(() => dismiss(toast.id), remaining.current);
    return () => {
      window.clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [paused, dismiss, toast.id]);
  return (
    // An error is an alert (inside the list item: on the <li> itself it would unmake the list, axe 'list'); any
    // other toast was already read out through the live region by toast(), so it is not a live region itself.
    <Item $variant={toast.variant} data-toast-id={toast.id}>
      <div role={toast.variant === 'destructive' ? 'alert' : undefined}>
        <Title>{toast.title}</Title>
        {toast.description ? <Description>{toast.description}</Description> : null}
      </div>
      <CloseButton $size="sm" aria-label="Dismiss notification" onClick={() => closeToast(toast.id)}>
        <X size={16} aria-hidden />
      </CloseButton>
    </Item>
  );
}

/** Dismisses a toast from its own button; focus moves to the next toast's button, else to the main content. */
function closeToast(id: number) {
  const own = document.querySelector(`[data-toast-id="${id}"]`);
  const hadFocus = own?.contains(document.activeElement) ?? false;
  useToastStore.getState().dismiss(id);
  if (!hadFocus) return;
  // The newest other toast (on a phone the only one showing), else the page's main landmark.
  const others = document.querySelectorAll<HTMLElement>(
    `[data-toast-id]:not([data-toast-id="${id}"]) button`,
  );
  const next = others[others.length - 1] ?? document.getElementById('main');
  next?.focus();
}

const subscribeVisibility = (onChange: () => void) => {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
};
const pageHidden = () => document.visibilityState === 'hidden';

/**
 * Rendered straight into <body> and only while there are toasts, so a toast raised while a modal dialog is open
 * (which hides everything else from assistive technology) is still announced.
 */
export function Toaster() {
  const toasts = useToastStore((s) => s.toasts);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const hidden = useSyncExternalStore(subscribeVisibility, pageHidden, () => false);
  const empty = toasts.length === 0;
  // The region leaves the page with its last toast, without a mouseleave or blur: start the next one afresh.
  useEffect(() => {
    if (!empty) return;
    setHovered(false);
    setFocused(false);
  }, [empty]);
  if (empty) return null;
  const paused = hovered || focused || hidden;
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };
  return createPortal(
    <Region
      aria-label="Notifications"
      data-paused={paused ? 'true' : undefined}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} paused={paused} />
      ))}
    </Region>,
    document.body,
  );
}
