// The promotion banner (spec section 1, beyond it on purpose: docs/architecture.md) and the offer's dialog. The
// banner shows the running promotion's words (20261203090000_promotions.sql), drawn by shared-lib's PromotionBar
// (`shared-lib/promotion-bar`, which the back office's preview draws too), and leads to the promotion's link when
// it has one (#42.5), else opens the newsletter offer below. It shows nothing when none runs or the
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
import { X } from 'lucide-react';
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
import { PromotionBar } from 'shared-lib/promotion-bar';
import { RemoteBoundary } from '../federation/RemoteBoundary';
import { loadExposed } from '../federation/remotes';
import { fetchRunningPromotion, type RunningPromotion } from '../promotions/fetch-running-promotion';

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
      <PromotionBar
        ref={bar}
        words={promotion.words}
        link={promotion.link ?? null}
        onOpenOffer={() => setOpen(true)}
        dismiss={
          <Dismiss aria-label="Dismiss promotion" onClick={dismiss}>
            <X size={18} aria-hidden />
          </Dismiss>
        }
      />
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
