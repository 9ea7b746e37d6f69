// Typed contracts of every module a remote exposes, derived from the remotes' descriptors (each remote's
// federation.json, which its webpack build reads too). The shell depends on these types, never on a remote's
// source; each remote's contract test loads what its descriptor exposes and checks its shape. Adding an exposed
// module is one line in the descriptor: its type follows from its name.
import type { ComponentType } from 'react';
import account from '../../../mfe-account/federation.json';
import catalog from '../../../mfe-catalog-cart/federation.json';
import marketing from '../../../mfe-marketing/federation.json';

/**
 * Each remote's descriptor under its key in config.json (the same as the descriptor's `remote`, which its contract
 * test checks): `scope` is the federation name, the first part of `loadRemote('scope/expose')`.
 */
export const remoteDescriptors = { marketing, catalog, account };

export type RemoteKey = keyof typeof remoteDescriptors;

export interface RemoteRoute {
  /** A path pattern from `remotePaths` (react-router syntax). */
  path: string;
  Component: ComponentType;
}

/** `./routes` of every remote: its pages, one per path it owns in `remotePaths`. */
export type RoutesModule = { default: readonly RemoteRoute[] };
/** Every other exposed module is a React component the shell mounts (each remote's README says what it does). */
export type ComponentModule = { default: ComponentType };

type ExposedModule<E> = E extends './routes' ? RoutesModule : ComponentModule;

/** What `loadExposed(remote, expose)` resolves to, for every module each remote's descriptor exposes. */
export type ExposedModules = {
  [K in RemoteKey]: { [E in keyof (typeof remoteDescriptors)[K]['exposes']]: ExposedModule<E> };
};
