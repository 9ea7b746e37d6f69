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

/**
 * Moves the snapshot's styles from <head> into the snapshot, after every stylesheet, before the live app renders.
 * The live app renders in slices, and styled-components adds each component's rules to <head> as it goes: a rule
 * arriving after the snapshot's styles would win over them, so a base component's padding could briefly beat its
 * extension's on the snapshot, which then moves. (Moved now, not written there by the build: written into <body>,
 * they let the browser paint the top of a half-read page, which then moved as the rest arrived.)
 */
export function keepSnapshotStylesLast(): void {
  const snapshot = document.getElementById(PRERENDERED_ID);
  const styles = document.querySelector(PRERENDERED_STYLE_SELECTOR);
  if (snapshot && styles) snapshot.prepend(styles);
}

/** Shows the live app in place of the build-time snapshot and its styles (a no-op on pages served without one). */
export function revealLiveApp(): void {
  const snapshot = document.getElementById(PRERENDERED_ID);
  if (!snapshot) return;
  snapshot.remove();
  document.querySelector(PRERENDERED_STYLE_SELECTOR)?.remove();
  const root = document.getElementById('root');
  if (root) root.hidden = false;
}
