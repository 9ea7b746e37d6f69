// The prerendered page's styles in styled-components' own server format (scripts/prerender.mjs), so the live app
// does not generate them again. While a page is snapshotted, the prerender marks it (`storefrontPrerender` on
// window before any script runs) and the app renders with a ServerStyleSheet (styled-components' server-side
// rendering API), which records every rule with the component and class name it was made for; the prerender asks
// for its style tag when the page has rendered.
// In a visitor's browser styled-components finds that tag in <head> when it starts, takes its rules and the class
// names each component made (its rehydration, as after server rendering), and a component whose styles are
// already there skips generating its CSS (stylis) and inserting it: the largest part of styled-components' work
// on a prerendered page (docs/performance.md, "Main-thread work").
import type { ReactElement } from 'react';
import { ServerStyleSheet } from 'styled-components';

declare global {
  interface Window {
    /** Set by scripts/prerender.mjs; `styles` returns the page's style tag, set by the app. */
    storefrontPrerender?: { styles?: () => string };
  }
}

/** `app`, collecting its styles for the snapshot when the prerender snapshots the page; else `app` unchanged. */
export function collectStylesForSnapshot(app: ReactElement): ReactElement {
  const prerender = window.storefrontPrerender;
  if (!prerender) return app;
  const sheet = new ServerStyleSheet();
  prerender.styles = () => sheet.getStyleTags();
  return sheet.collectStyles(app);
}
