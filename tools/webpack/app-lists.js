// The two lists of the remotes that cannot read their descriptors when they run: TypeScript types the contracts
// from JSON imports, and webpack reads import.meta.webpackContext's folder as a literal. They are written from the
// descriptors by `npm run apps:generate`, and a test (app-lists.test.js) fails while a file is not what it writes,
// so adding a remote is still its descriptor (and its route entry) and this command.
const fs = require('node:fs');
const path = require('node:path');
const { readApps } = require('./apps');

const root = path.join(__dirname, '..', '..');
const HEADER =
  "// Written by `npm run apps:generate` from the remotes' descriptors (tools/webpack/app-lists.js): do not edit.";

const byKey = (apps) => apps.filter((app) => app.remote).sort((a, b) => a.remote.localeCompare(b.remote));

/** shared-lib's contract types: each remote's descriptor under its key in config.json. */
function contracts(apps) {
  const remotes = byKey(apps);
  return [
    HEADER,
    ...remotes.map(({ remote, package: pkg }) => `import ${remote} from '../../../${pkg}/federation.json';`),
    '',
    '/**',
    " * Each remote's descriptor under its key in config.json (the same as the descriptor's `remote`, which its contract",
    " * test checks): `scope` is the federation name, the first part of `loadRemote('scope/expose')`.",
    ' */',
    `export const remoteDescriptors = { ${remotes.map(({ remote }) => remote).join(', ')} };`,
    '',
  ].join('\n');
}

/** The single bundle's loaders: each remote's src/exposes/ folder, each file a lazily loaded chunk. */
function singleBundle(apps) {
  const folders = byKey(apps).flatMap(({ remote, package: pkg }) => [
    `  ${remote}: import.meta.webpackContext('${pkg}/src/exposes', {`,
    '    recursive: false,',
    '    regExp: /^\\.\\/\\w+\\.tsx$/,',
    "    mode: 'lazy',",
    '  }),',
  ]);
  return [
    '/// <reference types="webpack/module" />',
    HEADER,
    "import type { RemoteKey } from 'shared-lib';",
    '',
    "// Each remote's src/exposes/ folder, where its descriptor's exposed files are (tools/webpack/apps.js checks), each",
    "// file in a chunk of its own, loaded when it is first asked for, as a remote's module would be. The folders are",
    "// named by package: tools/single-bundle/remotes.ts replaces the shell's loader, from whose folder relative paths",
    '// would resolve. (webpack reads these options as literals, so each call spells them out.)',
    'export const exposesFolders: Record<RemoteKey, webpack.Context> = {',
    ...folders,
    '};',
    '',
  ].join('\n');
}

/** Each generated file (relative to the repository) with what it must hold for `apps`. */
function appLists(apps = readApps()) {
  return {
    'shared-lib/src/contracts/remotes.generated.ts': contracts(apps),
    'tools/single-bundle/exposes.generated.ts': singleBundle(apps),
  };
}

/** Writes the files; returns the ones that changed. */
function writeAppLists(repo = root) {
  const changed = [];
  for (const [file, text] of Object.entries(appLists(readApps(repo)))) {
    const target = path.join(repo, file);
    if (fs.existsSync(target) && fs.readFileSync(target, 'utf8') === text) continue;
    fs.writeFileSync(target, text);
    changed.push(file);
  }
  return changed;
}

module.exports = { appLists, writeAppLists };
