// Shows the toast bus's toasts. The shell mounts one; standalone remote hosts mount their own.
// (@radix-ui/react-toast would fit the Radix already used, but it is not a dependency of the workspace; this
// toaster does what it would: timers pause under the pointer, with keyboard focus inside and while the page is
// hidden; errors stay until dismissed; at most three at once; Escape dismisses the newest.)
//
// Where: inside the page's <ToastDock> (right after the header, so the toasts' buttons come next in the tab order
// and, on a phone, the toasts sit just below the header wherever it is), else in <body>: a host without a dock,
// and while a modal dialog hides the rest of the page from assistive technology (a toast raised then must still be
// read out).
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type FocusEvent,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import styled, { css, keyframes } from 'styled-components';
import { X } from 'lucide-react';
import { useToastStore, type Toast } from '../stores/toast';
import { IconButton } from './primitives';

const slideIn = keyframes`from { transform: translateY(0.75rem); opacity: 0; } to { transform: none; opacity: 1; }`;

const TOAST_DOCK_ID = 'toast-dock';

/**
 * Where the shell's toasts go: put it right after the header, inside the sticky block that holds the header, so
 * on a phone the toasts hang just below the header (never over it) as it sticks or scrolls.
 */
export const ToastDock = styled.div.attrs({ id: TOAST_DOCK_ID })`
  position: relative;
`;

const Region = styled.section<{ $docked: boolean }>`
  position: fixed;
  z-index: ${({ theme }) => theme.z.toast};
  right: 1rem;
  /* Above the promotion bar at the bottom of the window, when one shows (global-style.ts). */
  bottom: calc(1rem + var(--promo-bar-height, 0px));
  width: min(24rem, calc(100vw - 2rem));
  /*
   * On a phone the toasts hang below the header (at the bottom they covered the checkout's Discount and Total
   * lines and its purchase button; over the header they hid the menu, cart and account buttons), and only the
   * newest shows (the others wait behind it). What has focus is scrolled out from under them (useUncovered).
   */
  @media (width < ${({ theme }) => theme.breakpoints.sm}) {
    position: ${({ $docked }) => ($docked ? 'absolute' : 'fixed')};
    top: ${({ $docked }) => ($docked ? 'calc(100% + 0.5rem)' : '0.5rem')};
    right: 0.5rem;
    bottom: auto;
    width: calc(100vw - 1rem);
    li:not(:last-child) {
      display: none;
    }
  }
`;

const List = styled.ol`
  display: grid;
  gap: 0.5rem;
  margin: 0;
  padding: 0;
  list-style: none;
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

/** Dismisses a toast (its button, Escape); if it had focus, focus moves to the next toast's button, else to the main content. */
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

/** The dock, unless a modal dialog has hidden the page around it from assistive technology. */
function toastContainer(): HTMLElement {
  const dock = document.getElementById(TOAST_DOCK_ID);
  return dock && !dock.closest('[aria-hidden="true"]') ? dock : document.body;
}

/**
 * Escape dismisses the newest toast, unless something else (a dialog, a menu) has taken the key already: heard on
 * the window, after every listener on the document.
 */
function useEscapeDismisses(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const newest = useToastStore.getState().toasts.at(-1);
      if (!newest) return;
      event.preventDefault();
      closeToast(newest.id);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active]);
}

/**
 * Keeps the toasts off what has focus (WCAG 2.4.11): while they show, the page's scroll padding grows by their
 * height (so focus and anchors scroll clear of them), and a focused control they cover is scrolled out from under
 * them, when they appear or when it gets focus.
 */
function useUncovered(region: RefObject<HTMLElement | null>, toastCount: number) {
  useLayoutEffect(() => {
    const element = region.current;
    if (!element) return;
    const root = document.documentElement;
    const uncover = () => {
      const box = element.getBoundingClientRect();
      // Only toasts hanging from the top push the scroll padding (on a phone); the corner ones cover no control.
      const inset = box.top < window.innerHeight / 2 ? box.bottom : 0;
      root.style.setProperty('--toast-inset', `${Math.max(0, Math.round(inset))}px`);
      const focused = document.activeElement;
      if (!(focused instanceof HTMLElement) || element.contains(focused) || focused === document.body) return;
      const target = focused.getBoundingClientRect();
      if (
        target.bottom > box.top &&
        target.top < box.bottom &&
        target.right > box.left &&
        target.left < box.right
      ) {
        focused.scrollIntoView({ block: 'nearest', behavior: 'instant' });
      }
    };
    uncover();
    // After the browser's own scroll to the newly focused control.
    let frame = 0;
    const onFocusIn = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(uncover);
    };
    document.addEventListener('focusin', onFocusIn);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('focusin', onFocusIn);
      root.style.removeProperty('--toast-inset');
    };
  }, [region, toastCount]);
}

/**
 * Rendered straight into <body> and only while there are toasts, so a toast raised while a modal dialog is open
 * (which hides everything else from assistive technology) is still announced.
 */
export function Toaster() {
  const toasts = useToastStore((s) => s.toasts);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const region = useRef<HTMLElement>(null);
  const hidden = useSyncExternalStore(subscribeVisibility, pageHidden, () => false);
  const empty = toasts.length === 0;
  useEscapeDismisses(!empty);
  useUncovered(region, toasts.length);
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
  const container = toastContainer();
  // A landmark (axe's 'region': content outside every landmark), named like its list.
  return createPortal(
    <Region
      ref={region}
      aria-label="Notifications"
      $docked={container !== document.body}
      data-paused={paused ? 'true' : undefined}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <List aria-label="Notifications">
        {toasts.map((t) => (
          <ToastItem key={t.id} toast={t} paused={paused} />
        ))}
      </List>
    </Region>,
    container,
  );
}
