import { use, type ReactNode } from 'react';
import type { ExposedModules, RemoteKey } from 'shared-lib';
import { loadExposed } from './remotes';
import { RemoteBoundary } from './RemoteBoundary';
import { useAfterFirstLoad } from './use-after-first-load';

type ComponentExpose<K extends RemoteKey> = {
  [E in keyof ExposedModules[K]]: E extends './routes' ? never : E;
}[keyof ExposedModules[K]] &
  string;

function Widget<K extends RemoteKey>({ remote, expose }: { remote: K; expose: ComponentExpose<K> }) {
  const module = use(loadExposed(remote, expose)) as { default: React.ComponentType };
  const Exposed = module.default;
  return <Exposed />;
}

/**
 * A component a remote exposes for the shell's chrome (cart button, newsletter popup, purchase toast). It is
 * loaded once the page itself has loaded; until then the fallback shows, and if the remote is down, `unavailable`
 * (given the boundary's retry) or else the fallback.
 */
export function RemoteWidget<K extends RemoteKey>({
  remote,
  expose,
  fallback = null,
  unavailable,
}: {
  remote: K;
  expose: ComponentExpose<K>;
  fallback?: ReactNode;
  unavailable?: (retry: () => void) => ReactNode;
}) {
  const ready = useAfterFirstLoad();
  if (!ready) return <>{fallback}</>;
  return (
    <RemoteBoundary remote={remote} loading={fallback} fallback={unavailable ?? (() => fallback)}>
      <Widget remote={remote} expose={expose} />
    </RemoteBoundary>
  );
}
