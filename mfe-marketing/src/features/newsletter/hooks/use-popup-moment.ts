// When the newsletter popup may open: it waits its turn (issue 33, beyond the spec's plain "about 2 s after
// load", which stays the first possible moment). A modal that opens while someone types takes their keys ("only
// 'hello.worl' reached the field") and their focus, so the popup opens only once the visitor is idle: no key,
// pointer, input or scroll for QUIET_MS, no form field focused and no form half filled in. Never on the pages
// where the visitor is busy with their own business: signing in, their account, the checkout, the contact form.
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { paths, personalPaths } from 'shared-lib';
import { msUntilAfterLoad } from '../../../utils/since-load';
import { POPUP_DELAY_MS } from '../utils/storage';

/** How long the visitor must have done nothing before the popup opens. */
const QUIET_MS = 5000;

const ACTIVITY = ['keydown', 'pointerdown', 'input', 'wheel', 'scroll', 'touchstart'] as const;
const QUIET_PAGES: readonly string[] = [...personalPaths, paths.contact];

/** The page or one below it (/auth/reset under /auth). */
const onQuietPage = (pathname: string) =>
  QUIET_PAGES.some((path) => pathname === path || pathname.startsWith(`${path}/`));

/** A field has focus, or a form on the page holds something typed. */
function busyWithAForm(): boolean {
  const focused = document.activeElement;
  if (
    focused instanceof HTMLElement &&
    focused.matches('input, textarea, select, [contenteditable="true"]')
  ) {
    return true;
  }
  return Array.from(
    document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('form textarea, form input'),
  ).some(
    (field) =>
      !['checkbox', 'radio', 'hidden', 'submit', 'button'].includes(field.type) && field.value !== '',
  );
}

/** True once the popup may open (and from then on); false while `wanted` is false. */
export function usePopupMoment(wanted: boolean): boolean {
  const { pathname } = useLocation();
  const quietPage = onQuietPage(pathname);
  const [due, setDue] = useState(false);
  // Across pages too: a click that opened the next page is activity on it.
  const lastActivity = useRef(-Infinity);
  useEffect(() => {
    if (!wanted || quietPage || due) return;
    const earliest = Date.now() + msUntilAfterLoad(POPUP_DELAY_MS);
    let timer = 0;
    const schedule = () => {
      window.clearTimeout(timer);
      const at = Math.max(earliest, lastActivity.current + QUIET_MS);
      timer = window.setTimeout(check, Math.max(0, at - Date.now()));
    };
    const check = () => {
      if (!busyWithAForm()) return setDue(true);
      // Still at a form: a focused field or typed text counts as activity until it is left.
      lastActivity.current = Date.now();
      schedule();
    };
    const onActivity = () => {
      lastActivity.current = Date.now();
      schedule();
    };
    for (const type of ACTIVITY) window.addEventListener(type, onActivity, { capture: true, passive: true });
    schedule();
    return () => {
      window.clearTimeout(timer);
      for (const type of ACTIVITY) window.removeEventListener(type, onActivity, { capture: true });
    };
  }, [wanted, quietPage, due]);
  return wanted && due && !quietPage;
}
