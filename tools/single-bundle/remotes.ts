// The single-bundle build (`npm run build:single`): the same loader contract as shell/src/federation/remotes.ts,
// but every exposed module is imported from its slice's source, so the whole site is one webpack build.
// It is the yardstick the federated build is measured against (docs/performance.md), and a simple mode for
// integrators who want one artefact.
import type { ExposedModules, RemoteKey, RuntimeConfig } from 'shared-lib';

const sources: { [K in RemoteKey]: { [E in keyof ExposedModules[K]]: () => Promise<ExposedModules[K][E]> } } =
  {
    marketing: {
      './routes': () => import('mfe-marketing/src/exposes/routes'),
      './NewsletterPopup': () => import('mfe-marketing/src/exposes/NewsletterPopup'),
      './PurchaseToast': () => import('mfe-marketing/src/exposes/PurchaseToast'),
      './NewsletterForm': () => import('mfe-marketing/src/exposes/NewsletterForm'),
    },
    catalog: {
      './routes': () => import('mfe-catalog-cart/src/exposes/routes'),
      './CartButton': () => import('mfe-catalog-cart/src/exposes/CartButton'),
      './CartSync': () => import('mfe-catalog-cart/src/exposes/CartSync'),
    },
    account: {
      './routes': () => import('mfe-account/src/exposes/routes'),
    },
  };

const loaded = new Map<string, Promise<unknown>>();

export function registerStorefrontRemotes(_remotes: RuntimeConfig['remotes']): void {
  // Nothing to register: the slices are part of this bundle.
}

export function loadExposed<K extends RemoteKey, E extends keyof ExposedModules[K] & string>(
  remote: K,
  expose: E,
): Promise<ExposedModules[K][E]> {
  const key = `${remote}:${expose}`;
  if (!loaded.has(key)) loaded.set(key, sources[remote][expose]());
  return loaded.get(key) as Promise<ExposedModules[K][E]>;
}

export function retryRemote(remote: RemoteKey): void {
  for (const key of [...loaded.keys()]) if (key.startsWith(`${remote}:`)) loaded.delete(key);
}
