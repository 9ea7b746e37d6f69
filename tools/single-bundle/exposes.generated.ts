/// <reference types="webpack/module" />
// Written by `npm run apps:generate` from the remotes' descriptors (tools/webpack/app-lists.js): do not edit.
import type { RemoteKey } from 'shared-lib';

// Each remote's src/exposes/ folder, where its descriptor's exposed files are (tools/webpack/apps.js checks), each
// file in a chunk of its own, loaded when it is first asked for, as a remote's module would be. The folders are
// named by package: tools/single-bundle/remotes.ts replaces the shell's loader, from whose folder relative paths
// would resolve. (webpack reads these options as literals, so each call spells them out.)
export const exposesFolders: Record<RemoteKey, webpack.Context> = {
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
