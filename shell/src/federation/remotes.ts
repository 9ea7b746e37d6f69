// Where remotes come from and how their modules are loaded. Locations are read from config.json at boot,
// never baked into the bundle, so a team can redeploy its remote without a shell rebuild.
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { remoteDescriptors, type ExposedModules, type RemoteKey, type RuntimeConfig } from 'shared-lib';

let locations: RuntimeConfig['remotes'] | null = null;
const attempts = new Map<RemoteKey, number>();
const loaded = new Map<string, Promise<unknown>>();

export function registerStorefrontRemotes(remotes: RuntimeConfig['remotes']): void {
  locations = remotes;
  registerRemotes(
    (Object.keys(remoteDescriptors) as RemoteKey[]).map((key) => ({
      name: remoteDescriptors[key].scope,
      entry: remotes[key],
    })),
  );
}

class RemoteUnavailableError extends Error {
  constructor(
    readonly remote: RemoteKey,
    cause: unknown,
  ) {
    super(`The ${remote} remote could not be loaded`, { cause });
    this.name = 'RemoteUnavailableError';
  }
}

/** Loads one exposed module; the promise is cached so every caller shares one request. */
export function loadExposed<K extends RemoteKey, E extends keyof ExposedModules[K] & string>(
  remote: K,
  expose: E,
): Promise<ExposedModules[K][E]> {
  const key = `${remote}:${expose}`;
  let promise = loaded.get(key);
  if (!promise) {
    promise = loadRemote<unknown>(`${remoteDescriptors[remote].scope}/${expose.slice(2)}`)
      .then((module) => {
        if (!module) throw new Error('empty module');
        return normaliseDefault(module);
      })
      .catch((error: unknown) => {
        throw new RemoteUnavailableError(remote, error);
      });
    loaded.set(key, promise);
  }
  return promise as Promise<ExposedModules[K][E]>;
}

/** Forgets a failed remote and registers it again under a fresh URL, so Retry works without a page reload. */
export function retryRemote(remote: RemoteKey): void {
  for (const key of [...loaded.keys()]) if (key.startsWith(`${remote}:`)) loaded.delete(key);
  if (!locations) return;
  const attempt = (attempts.get(remote) ?? 0) + 1;
  attempts.set(remote, attempt);
  const entry = new URL(locations[remote]);
  entry.searchParams.set('retry', String(attempt));
  registerRemotes([{ name: remoteDescriptors[remote].scope, entry: entry.toString() }], { force: true });
}

// With differing interop an exposed module may arrive as { default: { default: X } }; unwrap it once here.
function normaliseDefault(module: unknown): unknown {
  const outer = module as { default?: unknown };
  const inner = outer.default as { default?: unknown } | undefined;
  if (inner && typeof inner === 'object' && 'default' in inner && !Array.isArray(inner)) return inner;
  return module;
}
