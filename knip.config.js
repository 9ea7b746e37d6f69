// knip, run by `npm run lint`: every dependency is declared in the package that imports it (or runs its binary),
// or in the root package, whose node_modules every workspace resolves from; and nothing is declared that nothing
// uses. Unused exports, types and files fail it too (shared-lib's public API, src/index.ts, included): a name
// nothing imports is either made private to its module or removed.
const { SINGLETONS } = require('./tools/webpack/shared-singletons');
const { readApps } = require('./tools/webpack/apps');

// Every app declares each federation singleton, used or not: tools/webpack/shared-singletons.js shares the version
// the app itself resolves, so the app's package.json is where that version is chosen.
// One pattern rather than a list: knip hints at each listed name an app also imports.
const escape = (name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const singletons = new RegExp(`^(${[...SINGLETONS, 'shared-lib'].map(escape).join('|')})$`);
const app = (entry = []) => ({ entry, ignoreDependencies: [singletons] });
// What a remote exposes (its federation.json) is an entry: the shell loads it at run time, by name.
const exposed = Object.fromEntries(
  readApps().map((a) => [a.package, Object.values(a.exposes ?? {}).map((file) => file.replace(/^\.\//, ''))]),
);

/** @type {import('knip').KnipConfig} */
module.exports = {
  workspaces: {
    '.': {
      entry: [
        'scripts/*.mjs',
        // Swapped in for shell/src/federation/remotes.ts by tools/webpack/create-config.js (`--env single`).
        'tools/single-bundle/remotes.ts',
        'types/*.d.ts',
      ],
      // The system's: scripts install Debian's chromium and PostgreSQL with it.
      ignoreBinaries: ['apt-get'],
      // scripts/db-generate.mjs runs its command-line script by path (createRequire().resolve), which knip does not
      // follow.
      ignoreDependencies: ['@pgkit/migra'],
      project: [
        'scripts/**/*.mjs',
        'tools/{jest,single-bundle}/**',
        'tools/swc.js',
        'types/**',
        '*.{js,mjs}',
      ],
    },
    // Named by path in its webpack.config.js (runtimePlugins) and in scripts/prerender.mjs (the prerendered pages'
    // loader), which knip does not follow.
    shell: app(['src/federation/runtime-plugin.ts', 'src/app/paint-first.ts']),
    // Every remote, as the descriptors list them.
    ...Object.fromEntries(
      readApps()
        .filter((a) => a.remote)
        .map((a) => [a.package, app(exposed[a.package])]),
    ),
    // A script the discount tests run in a child process, and the one Deno runs for each Edge Function (by path,
    // which knip does not follow).
    // `deno` is required through createRequire (src/functions/runtime.ts: its install_api.cjs finds the binary),
    // which knip does not follow.
    'local-supabase': {
      // supabase-js-port.cjs: the jest setup file bin/supabase-js-suites.sh hands supabase-js's own suites.
      entry: ['test/pglite-query.mjs', 'deno/serve-function.ts', 'bin/supabase-js-port.cjs'],
      ignoreDependencies: ['deno'],
    },
    // Its public API, src/index.ts, is an entry whose unused exports are reported too.
    'shared-lib': { includeEntryExports: true },
    'tools/webpack': {
      // The shared react-router-dom facade, named by path in router-contract.js.
      entry: ['react-router-dom.js'],
      // create-config.js names swc-loader as a loader string, which knip does not follow.
      ignoreDependencies: ['swc-loader'],
    },
  },
  // Written by `npm run db:generate` (Supabase CLI): its helper types are the CLI's, used or not.
  ignoreIssues: {
    'shared-lib/src/supabase/database.generated.ts': ['exports', 'types'],
    // Its reference to webpack/module (the types of import.meta.webpackContext): it is compiled only by the webpack
    // of tools/webpack, which lists it.
    'tools/single-bundle/remotes.ts': ['unlisted'],
  },
};
