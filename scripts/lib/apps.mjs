// The apps, as their descriptors (each app's federation.json) give them: folder, port and the environment
// variables that move them or point the shell elsewhere (README, "Configuration").
import { readApps } from '../../tools/webpack/apps.js';
import { siteOrigin } from '../../tools/webpack/site-url.js';

export const APPS = readApps();
export const SHELL = APPS.find((app) => !app.remote);

export const portOf = (app, env = process.env) => Number(env[app.env.port] || app.port);

/** Where the shell finds each remote: the environment's URL, or the local build on its port. */
export function remoteLocations(env = process.env) {
  return Object.fromEntries(
    APPS.filter((a) => a.remote).map((a) => [
      a.remote,
      env[a.env.url] ?? `http://localhost:${portOf(a, env)}/mf-manifest.json`,
    ]),
  );
}

/** Remotes that `npm start` builds and serves itself (those without a REMOTE_<NAME>_URL). */
export const localApps = (env = process.env) => APPS.filter((a) => !a.remote || !env[a.env.url]);

export function runtimeConfig({ supabaseUrl, supabaseAnonKey, env = process.env }) {
  return {
    supabaseUrl,
    supabaseAnonKey,
    remotes: remoteLocations(env),
    // The public origin for canonical links, previews and the sitemap; by default the local shell's.
    siteUrl: siteOrigin(env.SITE_URL || `http://localhost:${portOf(SHELL, env)}`),
    // The CAPTCHA of sign-in, sign-up and recovery, when the project's auth requires one (README, "Deploying").
    ...(env.TURNSTILE_SITE_KEY ? { captchaSiteKey: env.TURNSTILE_SITE_KEY } : {}),
  };
}

/** Where Cloudflare Turnstile's script and challenge frame come from. */
const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';

/** The origins the CSP must allow for the CAPTCHA: Turnstile's when config.json names a site key, else none. */
export const captchaOrigins = (config) => (config.captchaSiteKey ? [TURNSTILE_ORIGIN] : []);
