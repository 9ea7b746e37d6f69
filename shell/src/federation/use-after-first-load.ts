import { useEffect, useState } from 'react';
import { dropServerTitle, revealLiveApp } from '../app/prerendered';

// Widgets that are not what the visitor came for (the newsletter popup, the purchase toast, the full cart
// button) wait until the page has loaded, its content has rendered and the browser is idle, so they never
// compete with the page's own code on the first load.
let ready = false;
let pageRendered = false;
let loaded = document.readyState === 'complete';
const waiting = new Set<() => void>();

function release() {
  if (ready || !pageRendered || !loaded) return;
  const go = () => {
    ready = true;
    for (const notify of waiting) notify();
    waiting.clear();
  };
  // Safari has no requestIdleCallback.
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(go, { timeout: 2000 });
  else setTimeout(go, 200);
}

if (!loaded) {
  window.addEventListener(
    'load',
    () => {
      loaded = true;
      release();
    },
    { once: true },
  );
}

/**
 * Called once the first page's content is rendered: the live page replaces the build-time snapshot, and a
 * performance mark records the moment for measuring the first load.
 */
export function markPageRendered(): void {
  if (pageRendered) return;
  pageRendered = true;
  revealLiveApp();
  dropServerTitle();
  performance.mark?.('storefront:page-rendered');
  release();
}

export function useAfterFirstLoad(): boolean {
  const [done, setDone] = useState(ready);
  useEffect(() => {
    if (ready) return;
    const mark = () => setDone(true);
    waiting.add(mark);
    release();
    return () => {
      waiting.delete(mark);
    };
  }, []);
  return done;
}
