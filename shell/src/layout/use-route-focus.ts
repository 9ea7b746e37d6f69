import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';

/** How long a new page (perhaps a remote still loading, then its data) may take to settle on its heading. */
const WAIT_FOR_HEADING_MS = 10_000;

/**
 * After every route change (not the first page load), focus moves to the new page's h1, so a keyboard or screen
 * reader user starts on the page they asked for instead of on <body> (the link they used is usually gone) or on
 * the previous page's header link. A page still loading is waited for, and a page that replaces its heading once
 * its data arrives (a placeholder h1, then the loaded one, as the order confirmation does) has the new heading
 * focused in turn, instead of focus falling to <body> with the old one. While there is no h1 yet and the control
 * the visitor used has gone (a link of the old page, a dialog's button after signing out), the main landmark holds
 * focus, so it never rests on <body>; without an h1 at all it keeps it. As soon as the visitor moves focus
 * themselves, it is left alone.
 */
export function useRouteFocus(main: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const container = main.current;
    if (!container) return;
    // The focus at navigation time: a header or menu link that stays, or nothing (<body>) when it went away.
    const from = document.activeElement;
    let focused: HTMLElement | null = null;
    const dropped = () => !document.activeElement || document.activeElement === document.body;
    const untouched = () => {
      const active = document.activeElement;
      return active === from || active === focused || active === container || dropped();
    };
    const settle = () => {
      const heading = container.querySelector<HTMLElement>('h1');
      if (heading && heading !== focused && untouched()) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        focused = heading;
        heading.focus({ preventScroll: true });
      } else if (!heading && dropped()) {
        container.focus({ preventScroll: true });
      }
    };
    // Focus the visitor moves elsewhere ends the watch.
    const onFocusIn = (event: FocusEvent) => {
      if (event.target !== focused && event.target !== container) cleanup();
    };
    // The whole document: a dialog that closes (in a portal, outside main) can take the focused control with it.
    const observer = new MutationObserver(settle);
    observer.observe(document.body, { childList: true, subtree: true });
    document.addEventListener('focusin', onFocusIn);
    const timer = window.setTimeout(() => {
      cleanup();
      if (!focused?.isConnected && untouched()) container.focus({ preventScroll: true });
    }, WAIT_FOR_HEADING_MS);
    settle();
    function cleanup() {
      observer.disconnect();
      document.removeEventListener('focusin', onFocusIn);
      window.clearTimeout(timer);
    }
    return cleanup;
  }, [pathname, main]);
}
