// The promotion banner (spec section 1, beyond it on purpose: docs/architecture.md) and the offer's dialog. The
// banner shows the running promotion's words (20261203090000_promotions.sql) and nothing when none runs or the
// backend does not answer. The pages are prerendered and served from a CDN, so the promotion is asked for in the
// browser, never baked into their HTML; and since it arrives after the page has drawn, the banner is a bar fixed
// to the bottom of the window, which moves nothing on the page (no layout shift). While it shows, its height is
// --promo-bar-height on <html>, which the page's end, focus scrolling and the toasts keep clear of.
//
// Beyond the spec (#33.3): a phone has little room for a bar that never goes, so it has a close button; the
// promotion stays dismissed for the browser session (sessionStorage, by its id: a new promotion shows again), and
// focus goes to the main content (as the skip link takes it) instead of falling to <body> with the button.
//
// The offer is the newsletter code, which the server gives: the dialog says how to get and use it, and shows the
// newsletter form itself (`./NewsletterForm` of the marketing remote). With a marketing remote that lacks it
// (built before it), a link leads to the newsletter popup instead.
import { use, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Gift, X } from 'lucide-react';
import {
  darkSurfaceFocus,
  Dialog,
  FormSkeleton,
  IconButton,
  paths,
  safeLocalStorage,
  safeSessionStorage,
  useLoad,
} from 'shared-lib';
import { RemoteBoundary } from '../federation/RemoteBoundary';
import { loadExposed } from '../federation/remotes';
import { fetchRunningPromotion, type RunningPromotion } from '../promotions/fetch-running-promotion';

const Bar = styled.aside`
  display: flex;
  position: fixed;
  z-index: ${({ theme }) => theme.z.header};
  right: 0;
  bottom: 0;
  left: 0;
  /* Clear of a phone's home indicator. */
  padding-bottom: env(safe-area-inset-bottom, 0px);
  background: ${({ theme }) => theme.colors.dark};
  @media print {
    display: none;
  }
`;

const Banner = styled.button`
  flex: 1;
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  min-height: 2.5rem;
  padding: 0.5rem 1rem;
  border: 0;
  background: ${({ theme }) => theme.colors.dark};
  color: ${({ theme }) => theme.colors.onDark};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  cursor: pointer;
  text-align: center;
  /* The ring goes inside: outside it would fall off the bottom of the window. */
  ${darkSurfaceFocus}
  &:focus-visible {
    outline-offset: -5px;
  }
  u {
    text-underline-offset: 3px;
  }
`;

const Dismiss = styled(IconButton)`
  align-self: center;
  margin-right: 0.25rem;
  color: ${({ theme }) => theme.colors.onDark};
  &:hover {
    background: color-mix(in srgb, ${({ theme }) => theme.colors.onDark} 15%, transparent);
  }
  ${darkSurfaceFocus}
  &:focus-visible {
    outline-offset: -3px;
  }
`;

/** The promotion this browser session dismissed (its id). */
const DISMISSED_KEY = 'promotion_dismissed';

const Steps = styled.ol`
  padding-left: 1.25rem;
  li {
    margin-bottom: 0.5rem;
  }
`;

function NewsletterForm() {
  const Form = use(loadExposed('marketing', './NewsletterForm')).default;
  return <Form />;
}

/**
 * The fallback: the older marketing remote offers its form only in the popup, which opens on a page load for a
 * visitor who has not closed it before (spec section 1), so the link clears that flag and loads the home page.
 */
function SubscribeLink() {
  return (
    <p>
      <a href={paths.home} onClick={() => safeLocalStorage.removeItem('newsletter_popup_seen')}>
        Subscribe to AI Insights
      </a>
    </p>
  );
}

/** The running promotion once the backend has named it; null until then, when none runs, or on a failure. */
function useRunningPromotion(): RunningPromotion | null {
  // A failure shows no banner and no message (only a console warning says why): it is an extra, and the pages
  // that need the backend say when it is down.
  const promotion = useLoad(fetchRunningPromotion, [], { context: 'promotion', optional: true });
  return promotion.state === 'ready' ? promotion.data : null;
}

/** Keeps --promo-bar-height on <html> equal to the bar's height while it shows (its words may wrap). */
function usePromoBarHeight(bar: RefObject<HTMLElement | null>, shown: boolean) {
  useLayoutEffect(() => {
    const element = bar.current;
    if (!shown || !element) return;
    const root = document.documentElement;
    const measure = () => root.style.setProperty('--promo-bar-height', `${element.offsetHeight}px`);
    measure();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--promo-bar-height');
    };
  }, [bar, shown]);
}

/** `afterDismiss` is where focus goes once the bar is closed (the main content). */
export function PromoBanner({ afterDismiss }: { afterDismiss: RefObject<HTMLElement | null> }) {
  const promotion = useRunningPromotion();
  const [open, setOpen] = useState(false);
  const [dismissed, setDismissed] = useState(() => safeSessionStorage.getItem(DISMISSED_KEY));
  const bar = useRef<HTMLElement>(null);
  // An offer this shell cannot open (named by a newer database) shows no banner.
  const shown = promotion?.offer === 'newsletter' && promotion.id !== dismissed;
  usePromoBarHeight(bar, shown);
  if (!shown) return null;
  const dismiss = () => {
    safeSessionStorage.setItem(DISMISSED_KEY, promotion.id);
    setDismissed(promotion.id);
    // Without scrolling: the visitor stays where they read, and Tab goes on from the content's start.
    afterDismiss.current?.focus({ preventScroll: true });
  };
  return (
    <>
      <Bar ref={bar} aria-label="Promotion">
        <Banner type="button" onClick={() => setOpen(true)} aria-haspopup="dialog">
          <Gift size={16} aria-hidden />
          <span>
            {promotion.words} <u>See the details</u>
          </span>
        </Banner>
        <Dismiss aria-label="Dismiss promotion" onClick={dismiss}>
          <X size={18} aria-hidden />
        </Dismiss>
      </Bar>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="10% off your first project order"
        description="Subscribe to AI Insights, our newsletter, and get a code for 10% off your first project order."
        wide
      >
        <Steps>
          <li>Subscribe below with your name and email.</li>
          <li>You receive your discount code at once. Copy it: it is also kept in this browser.</li>
          <li>
            Choose your services on{' '}
            <Link to={paths.howWeWork} onClick={() => setOpen(false)}>
              Our Services
            </Link>
            , sign in, and enter the code at checkout. Each code can be used once. If your cart already earns
            a larger volume discount, you get the larger one: discounts never stack.
          </li>
        </Steps>
        <RemoteBoundary
          remote="marketing"
          loading={<FormSkeleton fields={2} />}
          fallback={() => <SubscribeLink />}
        >
          <NewsletterForm />
        </RemoteBoundary>
        <p>
          Questions?{' '}
          <Link to={paths.contact} onClick={() => setOpen(false)}>
            Contact us
          </Link>{' '}
          and we reply within 24 hours.
        </p>
      </Dialog>
    </>
  );
}
