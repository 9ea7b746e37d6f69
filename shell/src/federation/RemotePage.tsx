import { use, useEffect } from 'react';
import type { RemoteKey } from 'shared-lib';
import { loadExposed } from './remotes';
import { RemoteBoundary } from './RemoteBoundary';
import { markPageRendered } from './use-after-first-load';

/** Renders the page a remote exposes for one route pattern of the shell's table. */
function RemoteRouteContent({ remote, path }: { remote: RemoteKey; path: string }) {
  const routes = use(loadExposed(remote, './routes')).default;
  const route = routes.find((r) => r.path === path);
  if (!route) throw new Error(`The ${remote} remote exposes no page for ${path}`);
  return (
    <>
      <route.Component />
      <PageRendered />
    </>
  );
}

/** Mounts after the page's own (possibly lazy) component has rendered. */
function PageRendered() {
  useEffect(markPageRendered, []);
  return null;
}

export function RemotePage({ remote, path }: { remote: RemoteKey; path: string }) {
  // Keyed by remote so moving between pages of one slice keeps its boundary, while another slice gets a fresh one.
  return (
    <RemoteBoundary key={remote} remote={remote}>
      <RemoteRouteContent remote={remote} path={path} />
    </RemoteBoundary>
  );
}
