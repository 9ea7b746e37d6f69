// The single-bundle build (`npm run build:single`): the same loader contract as shell/src/federation/remotes.ts,
// but every exposed module is imported from its slice's source, so the whole site is one webpack build.
// It is the yardstick the federated build is measured against (docs/performance.md), and a simple mode for
// integrators who want one artefact.
import { remoteDescriptors, type ExposedModules, type RemoteKey, type RuntimeConfig } from 'shared-lib';
import { exposesFolders } from './exposes.generated';

const loaded = new Map<string, Promise<unknown>>();

export function registerStorefrontRemotes(_remotes: RuntimeConfig['remotes']): void {
  // Nothing to register: the slices are part of this bundle.
}

export function loadExposed<K extends RemoteKey, E extends keyof ExposedModules[K] & string>(
  remote: K,
  expose: E,
): Promise<ExposedModules[K][E]> {
  const key = `${remote}:${expose}`;
  if (!loaded.has(key)) {
    const exposes: Record<string, string> = remoteDescriptors[remote].exposes;
    const file = exposes[expose]!.replace('./src/exposes/', './');
    loaded.set(key, exposesFolders[remote](file) as Promise<unknown>);
  }
  return loaded.get(key) as Promise<ExposedModules[K][E]>;
}

export function retryRemote(remote: RemoteKey): void {
  for (const key of [...loaded.keys()]) if (key.startsWith(`${remote}:`)) loaded.delete(key);
}
