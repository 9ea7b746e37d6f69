// The four apps, their ports and the environment variables that override them (README, "Configuration").
import { siteOrigin } from '../../tools/webpack/site-url.js';

export const APPS = [
  { dir: 'shell', port: 3000, portEnv: 'SHELL_PORT' },
  {
    dir: 'mfe-marketing',
    remote: 'marketing',
    port: 3001,
    portEnv: 'MARKETING_PORT',
    urlEnv: 'REMOTE_MARKETING_URL',
  },
  {
    dir: 'mfe-catalog-cart',
    remote: 'catalog',
    port: 3002,
    portEnv: 'CATALOG_PORT',
    urlEnv: 'REMOTE_CATALOG_URL',
  },
  {
    dir: 'mfe-account',
    remote: 'account',
    port: 3003,
    portEnv: 'ACCOUNT_PORT',
    urlEnv: 'REMOTE_ACCOUNT_URL',
  },
];

export const portOf = (app, env = process.env) => Number(env[app.portEnv] ?? app.port);

/** Where the shell finds each remote: the environment's URL, or the local build on its port. */
function remoteLocations(env = process.env) {
  return Object.fromEntries(
    APPS.filter((a) => a.remote).map((a) => [
      a.remote,
      env[a.urlEnv] ?? `http://localhost:${portOf(a, env)}/mf-manifest.json`,
    ]),
  );
}

/** Remotes that `npm start` builds and serves itself (those without a REMOTE_<NAME>_URL). */
export const localApps = (env = process.env) => APPS.filter((a) => !a.remote || !env[a.urlEnv]);

export function runtimeConfig({ supabaseUrl, supabaseAnonKey, env = process.env }) {
  return {
    supabaseUrl,
    supabaseAnonKey,
    remotes: remoteLocations(env),
    purchaseToast: env.PURCHASE_TOAST !== 'false',
    // The public origin for canonical links, previews and the sitemap; by default the local shell's.
    siteUrl: siteOrigin(env.SITE_URL || `http://localhost:${portOf(APPS[0], env)}`),
  };
}
