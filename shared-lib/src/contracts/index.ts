// Typed contracts of every module a remote exposes, derived from the remotes' descriptors (each remote's
// federation.json, which its webpack build reads too). The shell depends on these types, never on a remote's
// source; each remote's contract test loads what its descriptor exposes and checks its shape. Adding an exposed
// module is one line in the descriptor: its type follows from its name. The descriptors' list is written by
// `npm run apps:generate` (TypeScript's JSON imports cannot be made at run time); a test keeps it in step.
import type { ComponentType } from 'react';
import { remoteDescriptors } from './remotes.generated';

export { remoteDescriptors };

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
