// Public pages are served with a snapshot of their markup and styles taken at build time (scripts/prerender.mjs),
// so a visitor reads the page before its JavaScript arrives. The snapshot is inert: the live app renders into the
// hidden #root beside it and replaces it in one step once the page's own content has rendered, so nothing flashes,
// shifts or answers a click that would be lost.

const PRERENDERED_ID = 'prerendered';
const PRERENDERED_STYLE_SELECTOR = 'style[data-prerendered]';
const PRERENDERED_HEAD_SELECTOR = 'meta[data-prerendered], link[data-prerendered]';

/**
 * Takes the snapshot's description, canonical and preview tags out of <head> before the live app renders its own
 * (shared-lib's PageMeta), so a page never carries two of them, even where the live page's differ from the
 * build's. The title stays until the live page has its own (dropServerTitle), so the tab is never without one.
 */
export function dropSnapshotMetadata(): void {
  for (const element of document.head.querySelectorAll(PRERENDERED_HEAD_SELECTOR)) element.remove();
}

/**
 * Once the live page has rendered: React puts the page's <title> before the one the HTML came with, and leaves
 * that one in place, so it goes now. (A page that rendered no title of its own keeps the HTML's.)
 */
export function dropServerTitle(): void {
  const [, ...older] = document.head.querySelectorAll('title');
  for (const title of older) title.remove();
}

/** Shows the live app in place of the build-time snapshot (a no-op on pages served without one). */
export function revealLiveApp(): void {
  const snapshot = document.getElementById(PRERENDERED_ID);
  if (!snapshot) return;
  snapshot.remove();
  document.querySelector(PRERENDERED_STYLE_SELECTOR)?.remove();
  const root = document.getElementById('root');
  if (root) root.hidden = false;
}
