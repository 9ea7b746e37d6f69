// Public pages are served with a snapshot of their markup and styles taken at build time (scripts/prerender.mjs),
// so a visitor reads the page before its JavaScript arrives. The snapshot is inert: the live app renders into the
// hidden #root beside it and replaces it in one step once the page's own content has rendered, so nothing flashes,
// shifts or answers a click that would be lost.

const PRERENDERED_ID = 'prerendered';
const PRERENDERED_STYLE_SELECTOR = 'style[data-prerendered]';

/** Shows the live app in place of the build-time snapshot (a no-op on pages served without one). */
export function revealLiveApp(): void {
  const snapshot = document.getElementById(PRERENDERED_ID);
  if (!snapshot) return;
  snapshot.remove();
  document.querySelector(PRERENDERED_STYLE_SELECTOR)?.remove();
  const root = document.getElementById('root');
  if (root) root.hidden = false;
}
