// The two lists of the remotes that cannot read their descriptors when they run: TypeScript types the contracts
// from JSON imports, and webpack reads import.meta.webpackContext's folder as a literal. They are written from the
// descriptors by `npm run apps:generate` (the first a file of its own, the second a marked part of the single
// bundle's loader), and a test (app-lists.test.js) fails while either is not what it writes, so adding a remote is
// still its descriptor (and its route entry) and this command.
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

const BEGIN = '// apps:generate begin';
const END = '// apps:generate end';

/**
 * The single bundle's loaders, each remote's src/exposes/ folder with each file a lazily loaded chunk, written
 * between the markers of tools/single-bundle/remotes.ts: that file replaces the shell's loader at build time, so
 * a module it imported by a relative path would be looked for in the shell's folder.
 */
function singleBundle(apps, current) {
  const begin = current.indexOf(BEGIN);
  const end = current.indexOf(END);
  if (begin < 0 || end < begin)
    throw new Error(`tools/single-bundle/remotes.ts: the lines '${BEGIN}' and '${END}' are missing`);
  const folders = byKey(apps).flatMap(({ remote, package: pkg }) => [
    `  ${remote}: import.meta.webpackContext('${pkg}/src/exposes', {`,
    '    recursive: false,',
    '    regExp: /^\\.\\/\\w+\\.tsx$/,',
    "    mode: 'lazy',",
    '  }),',
  ]);
  const startOfRegion = current.indexOf('\n', begin) + 1;
  return [
    current.slice(0, startOfRegion),
    'const exposesFolders: Record<RemoteKey, webpack.Context> = {\n',
    ...folders.map((line) => `${line}\n`),
    '};\n',
    current.slice(end),
  ].join('');
}

/** Each generated file (relative to the repository) with what it must hold for `apps`. */
function appLists(apps = readApps(), repo = root) {
  const loader = 'tools/single-bundle/remotes.ts';
  return {
    'shared-lib/src/contracts/remotes.generated.ts': contracts(apps),
    [loader]: singleBundle(apps, fs.readFileSync(path.join(repo, loader), 'utf8')),
  };
}

/** Writes the files; returns the ones that changed. */
function writeAppLists(repo = root) {
  const changed = [];
  for (const [file, text] of Object.entries(appLists(readApps(repo), repo))) {
    const target = path.join(repo, file);
    if (fs.existsSync(target) && fs.readFileSync(target, 'utf8') === text) continue;
    fs.writeFileSync(target, text);
    changed.push(file);
  }
  return changed;
}

module.exports = { appLists, writeAppLists };
