// `./PurchaseToast`: a recent purchase, bottom-left: first after 10 s, then every 30 s, visible for 5 s (spec
// section 1's timing and place). Beyond the spec on purpose (#31.7, #44): it tells only of real recent paid orders
// whose customers agreed to it at checkout, as recent_purchases() gives them (the service, the billing country's
// name, the age; no name and no word a customer typed),
// each once per page, and shows nothing when there are none; the spec's invented buyers would mislead. It waits
// while the tab is hidden. WCAG 2.2.2: it stays while the pointer is over it or focus is in it, its close control
// stops it for the rest of the visit (the browser session), and it is not a live region, so screen readers are not
// interrupted every 30 s.
import { useEffect, useRef, useState } from 'react';
import styled, { keyframes } from 'styled-components';
import { ShoppingBag, X } from 'lucide-react';
import { IconButton, media, reportError, safeSessionStorage } from 'shared-lib';
import {
  fetchRecentPurchases,
  type RecentPurchase,
} from '../features/recent-purchases/api/fetch-recent-purchases';
import { formatAge } from '../features/recent-purchases/utils/age';
import { msUntilAfterLoad } from '../utils/since-load';

export const FIRST_AFTER_MS = 10_000;
export const EVERY_MS = 30_000;
export const VISIBLE_MS = 5_000;
/** Session storage flag: the visitor closed the purchase toast, so it stays away until the browser closes. */
export const STOPPED_KEY = 'purchase_toast_stopped';

interface Shown {
  service: string;
  country: string;
  age: string;
}

const rise = keyframes`from { opacity: 0; transform: translateY(0.5rem); } to { opacity: 1; transform: none; }`;

const Card = styled.div`
  position: fixed;
  z-index: ${({ theme }) => theme.z.toast};
  left: 0.75rem;
  /* Above the shell's promotion bar at the bottom of the window, when one shows (shared-lib's global style). */
  bottom: calc(0.75rem + var(--promo-bar-height, 0px));
  display: flex;
  align-items: center;
  gap: 0.75rem;
  max-width: min(20rem, calc(100vw - 1.5rem));
  padding: 0.625rem 0.875rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.bg};
  box-shadow: ${({ theme }) => theme.shadows.md};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  animation: ${rise} 0.25s ease-out;
  ${media.md} {
    left: 1rem;
    bottom: calc(1rem + var(--promo-bar-height, 0px));
  }
  svg {
    flex: none;
    color: ${({ theme }) => theme.colors.accent};
  }
  p {
    margin: 0;
  }
`;

const Close = styled(IconButton)`
  margin: -0.25rem -0.375rem -0.25rem 0;
  color: ${({ theme }) => theme.colors.muted};
`;

const wasStopped = () => safeSessionStorage.getItem(STOPPED_KEY) === 'true';

export default function PurchaseToast() {
  const [shown, setShown] = useState<Shown | null>(null);
  const [stopped, setStopped] = useState(wasStopped);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // The purchases to tell of, asked for when the first toast is due (null until then), and when they came.
  const [purchases, setPurchases] = useState<RecentPurchase[] | null>(null);
  const loadedAt = useRef(0);
  const count = useRef(0);
  const enabled = !stopped;

  // The next one: 10 s after load for the first, then 30 s from one appearing to the next, until each recent
  // purchase has been told once. The purchases are read when the first is due, not on mount (useLoad's moment),
  // so this timer reads them; leaving the page aborts that read as useLoad would, and drops its answer.
  useEffect(() => {
    if (!enabled || shown || (purchases && count.current >= purchases.length)) return;
    const controller = new AbortController();
    const { signal } = controller;
    const present = (list: readonly RecentPurchase[]) => {
      const purchase = list[count.current++];
      if (!purchase) return;
      const minutes = purchase.age_minutes + (Date.now() - loadedAt.current) / 60_000;
      setShown({ service: purchase.service, country: purchase.country, age: formatAge(minutes) });
    };
    let timer = window.setTimeout(
      function show() {
        // A hidden tab shows nothing; try again on the normal rhythm.
        if (document.hidden) {
          timer = window.setTimeout(show, EVERY_MS);
          return;
        }
        if (purchases) return present(purchases);
        fetchRecentPurchases(signal).then(
          (list) => {
            if (signal.aborted) return;
            loadedAt.current = Date.now();
            setPurchases(list);
            present(list);
          },
          // Nothing to tell, then: a toast is never worth an error message.
          (error: unknown) => {
            if (signal.aborted) return;
            reportError('purchase-toast', error);
            setPurchases([]);
          },
        );
      },
      count.current === 0 ? msUntilAfterLoad(FIRST_AFTER_MS) : EVERY_MS - VISIBLE_MS,
    );
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [enabled, shown, purchases]);

  // Visible for 5 s, counted again from the start once the pointer and focus have left it.
  const paused = hovered || focused;
  useEffect(() => {
    if (!shown || paused) return;
    const timer = window.setTimeout(() => setShown(null), VISIBLE_MS);
    return () => window.clearTimeout(timer);
  }, [shown, paused]);

  const stop = () => {
    safeSessionStorage.setItem(STOPPED_KEY, 'true');
    setStopped(true);
    setShown(null);
    // The close button goes away with the toast; focus goes to the page, not to <body>.
    document.querySelector<HTMLElement>('main')?.focus({ preventScroll: true });
  };

  if (!enabled || !shown) return null;
  return (
    <Card
      data-testid="purchase-toast"
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <ShoppingBag size={20} aria-hidden />
      <p>
        A customer from <strong>{shown.country}</strong> bought <strong>{shown.service}</strong>, {shown.age}
      </p>
      <Close $size="sm" aria-label="Stop showing recent purchases" onClick={stop}>
        <X size={16} aria-hidden />
      </Close>
    </Card>
  );
}
