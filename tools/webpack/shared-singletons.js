// The one list of modules every app shares as a federation singleton, with versions read from the installed
// packages so the ranges never drift from package.json.
const { ROUTER_FACADE } = require('./router-contract');
const installedVersion = (pkg, dir) =>
  require(require.resolve(`${pkg}/package.json`, { paths: [dir] })).version;
const caret = (version) => `^${version.split('.')[0]}.0.0`;

// react-router and @remix-run/router are not listed: the apps import react-router-dom only (ESLint refuses a
// direct react-router import), so both come inside its one shared copy, tree-shaken to what it uses.
// docs/performance.md has the figures for this and the choices below.
const SINGLETONS = [
  'react',
  'react-dom',
  'react-router-dom',
  'zustand',
  'styled-components',
  '@supabase/supabase-js',
];

// What the shell bundles in its initial chunks (`eager`, in the vendor chunk beside main) rather than in one chunk
// each: every page needs them before it renders, so they are fetched at once with the federation runtime instead of
// one request each after it (fewer response headers, one round trip less). supabase-js stays lazy: a visitor with
// no session never downloads it. Only the shell: an eager module in a remote would be in its remoteEntry.js, fetched
// whether or not the shell's copy is used.
const HOST_EAGER = new Set(SINGLETONS.filter((pkg) => pkg !== '@supabase/supabase-js'));

/**
 * @param {string} dir the app being built: versions are those it resolves.
 * @param {{ host?: boolean }} [options] host: the shell, which provides the singletons every remote uses.
 */
function sharedConfig(dir, { host = false } = {}) {
  const shared = {};
  for (const pkg of SINGLETONS) {
    const version = installedVersion(pkg, dir);
    shared[pkg] = { singleton: true, requiredVersion: caret(version), version };
    if (host && HOST_EAGER.has(pkg)) shared[pkg].eager = true;
  }
  // The shared react-router-dom is the part of it the storefront uses (react-router-dom.js), under the package's
  // own name and version, so a remote built before this change shares the same singleton.
  shared['react-router-dom'].import = ROUTER_FACADE;
  // `react-dom` does not cover `react-dom/client`: share the subpaths too, or React is bundled twice.
  shared['react-dom/'] = { ...shared['react-dom'] };
  // zustand's subpaths are not shared: only shared-lib (itself a singleton) imports them, and zustand/middleware
  // shared whole would ship devtools, redux and the rest where the cart needs only persist.
  const sharedLibVersion = installedVersion('shared-lib', dir);
  // Every remote runs with the shell's copy of shared-lib (the host's loads first), so a remote needs at least the
  // version it was built against: one built against a newer minor (an export the shell's copy lacks) or another
  // major is refused with the unavailable panel instead of failing on an undefined import. Adding to shared-lib's
  // API bumps its minor version, and the shell deploys first (docs/architecture.md, "Rolling out a change").
  shared['shared-lib'] = {
    singleton: true,
    strictVersion: true,
    requiredVersion: `^${sharedLibVersion}`,
    version: sharedLibVersion,
    eager: host,
  };
  return shared;
}

module.exports = { SINGLETONS, sharedConfig };
