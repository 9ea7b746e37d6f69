/// <reference types="webpack/module" />
// The single-bundle build (`npm run build:single`): the same loader contract as shell/src/federation/remotes.ts,
// but every exposed module is imported from its slice's source, so the whole site is one webpack build.
// It is the yardstick the federated build is measured against (docs/performance.md), and a simple mode for
// integrators who want one artefact.
import { remoteDescriptors, type ExposedModules, type RemoteKey, type RuntimeConfig } from 'shared-lib';

// Each remote's src/exposes/ folder, where its descriptor's exposed files are (tools/webpack/apps.js checks), each
// file in a chunk of its own, loaded when it is first asked for, as a remote's module would be. The folders are
// named by package: this file replaces the shell's loader, from whose folder relative paths would resolve (so the
// list is written here, not imported). webpack reads these options as literals, so each call spells them out.
// apps:generate begin: written from the descriptors by `npm run apps:generate` (tools/webpack/app-lists.js)
const exposesFolders: Record<RemoteKey, webpack.Context> = {
  account: import.meta.webpackContext('mfe-account/src/exposes', {
    recursive: false,
    regExp: /^\.\/\w+\.tsx$/,
    mode: 'lazy',
  }),
  backoffice: import.meta.webpackContext('mfe-backoffice/src/exposes', {
    recursive: false,
    regExp: /^\.\/\w+\.tsx$/,
    mode: 'lazy',
  }),
  catalog: import.meta.webpackContext('mfe-catalog-cart/src/exposes', {
    recursive: false,
    regExp: /^\.\/\w+\.tsx$/,
    mode: 'lazy',
  }),
  marketing: import.meta.webpackContext('mfe-marketing/src/exposes', {
    recursive: false,
    regExp: /^\.\/\w+\.tsx$/,
    mode: 'lazy',
  }),
};
// apps:generate end

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
