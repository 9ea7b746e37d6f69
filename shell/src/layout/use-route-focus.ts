import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';

/** How long to wait for a new page (perhaps a remote still loading) to show its heading. */
const WAIT_FOR_HEADING_MS = 10_000;

/**
 * After every route change (not the first page load), focus moves to the new page's h1, so a keyboard or screen
 * reader user starts on the page they asked for instead of on <body> (the link they used is usually gone) or on
 * the previous page's header link. A page still loading is waited for; without an h1 the main landmark gets
 * focus. Focus the visitor has moved meanwhile is left alone.
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
    const untouched = () => document.activeElement === from || document.activeElement === document.body;
    const focusHeading = () => {
      const heading = container.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      if (untouched()) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
      }
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) cleanup();
    });
    observer.observe(container, { childList: true, subtree: true });
    const timer = window.setTimeout(() => {
      cleanup();
      if (untouched()) container.focus({ preventScroll: true });
    }, WAIT_FOR_HEADING_MS);
    function cleanup() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    return cleanup;
  }, [pathname, main]);
}
