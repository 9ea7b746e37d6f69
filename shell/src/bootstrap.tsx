import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import {
  fetchRuntimeConfig,
  remoteForPath,
  setRuntimeConfig,
  staffPaths,
  startSessionSync,
  syncCartAcrossTabs,
} from 'shared-lib';
import { App } from './app/App';
import { dropSnapshotMetadata, keepSnapshotStylesLast, revealLiveApp } from './app/prerendered';
import { collectStylesForSnapshot } from './app/snapshot-styles';
import { loadExposed, registerStorefrontRemotes } from './federation/remotes';

async function boot() {
  const config = await fetchRuntimeConfig();
  setRuntimeConfig(config);
  registerStorefrontRemotes(config.remotes);
  // Start fetching the current route's slice before React renders, in parallel with everything else; not the back
  // office's, which the staff guard decides on first (nobody else downloads any of it).
  const { pathname } = window.location;
  const remote = remoteForPath(pathname);
  const staffOnly = staffPaths.includes(pathname.replace(/\/+$/, ''));
  if (remote && !staffOnly) void loadExposed(remote, './routes').catch(() => undefined);

  // A transition renders in short slices that yield to the browser: the page is on screen already (prerendered)
  // or about to be, and a visitor's scroll or tap is not held up behind one long render.
  dropSnapshotMetadata();
  keepSnapshotStylesLast();
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => root.render(collectStylesForSnapshot(<App />)));
  syncCartAcrossTabs();
  startSessionSync().catch((error: unknown) => console.error('[shell] session check failed', error));
}

boot().catch((error: unknown) => {
  console.error('[shell] could not start', error);
  revealLiveApp();
  const root = document.getElementById('root');
  if (root) {
    root.innerHTML =
      '<main style="font-family:system-ui;padding:3rem;text-align:center"><h1>We will be right back</h1>' +
      '<p>The site could not start. Please reload the page in a moment.</p></main>';
  }
});
