// The production static server `npm start` uses for the shell and each remote. Its headers are the ones a CDN
// should be given (README, "Deploying"): no-cache for what names other files, a year for hashed chunks,
// a Content-Security-Policy limited to the site, the remotes and Supabase, and CORS on remotes for the shell only.
import path from 'node:path';
import fs from 'node:fs';
import express from 'express';
import compression from 'compression';
import helmet, { strictTransportSecurity } from 'helmet';
import { withRemoteUrls, withSiteUrl } from '../../tools/webpack/site-url.js';

const NO_CACHE =
  /(^|\/)(index\.html|config\.json|mf-manifest\.json|mf-manifest-stats\.json|remoteEntry\.js)$/;
const HASHED = /\.[0-9a-f]{10}\.(js|css|svg|png|webp|woff2)$/;

function cacheControlFor(file) {
  if (NO_CACHE.test(file)) return 'no-cache';
  if (HASHED.test(file)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

const origin = (url) => new URL(url).origin;

/**
 * @param {object} options
 * @param {string} options.root            the folder to serve (an app's dist/)
 * @param {'shell'|'remote'} options.kind  the shell falls back to index.html for client-side routes
 * @param {string[]} options.scriptOrigins origins allowed to serve scripts and pictures (the remotes)
 * @param {string[]} options.connectOrigins origins the page may connect to (remotes and Supabase)
 * @param {string[]} [options.corsOrigins] origins allowed to load a remote's files (the shell's)
 * @param {string[]} [options.captchaOrigins] origins of the CAPTCHA's script and frame (only when one is configured)
 * @param {() => object} [options.config]   the shell's runtime config, served as /config.json (read per request,
 *                                           so a changed remote location applies on the next navigation)
 * @param {string} [options.siteUrl]        the site's public origin (SITE_URL): put in place of the build's
 *                                           placeholder in the pages, sitemap.xml and robots.txt as they are sent
 */
export function createStaticApp({
  root,
  kind,
  scriptOrigins = [],
  connectOrigins = [],
  corsOrigins = [],
  captchaOrigins = [],
  config,
  siteUrl,
}) {
  const app = express();
  app.disable('x-powered-by');
  app.use(compression());
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          'default-src': ["'self'"],
          'script-src': ["'self'", ...new Set([...scriptOrigins, ...captchaOrigins].map(origin))],
          // The CAPTCHA's challenge runs in a frame of its own origin; without one, default-src allows no frame.
          ...(captchaOrigins.length ? { 'frame-src': [...new Set(captchaOrigins.map(origin))] } : {}),
          // styled-components injects its rules in <style> tags at run time.
          'style-src': ["'self'", "'unsafe-inline'"],
          // The remotes' pictures come from the remotes' origins.
          'img-src': ["'self'", 'data:', ...new Set(scriptOrigins.map(origin))],
          'font-src': ["'self'"],
          'connect-src': ["'self'", ...new Set(connectOrigins.map(origin))],
          'frame-ancestors': ["'none'"],
          'base-uri': ["'self'"],
          'form-action': ["'self'"],
          'object-src': ["'none'"],
        },
      },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginResourcePolicy: { policy: kind === 'remote' ? 'cross-origin' : 'same-origin' },
      crossOriginEmbedderPolicy: false,
      // The same rule as the CSP's frame-ancestors 'none', for browsers that only read this header.
      xFrameOptions: { action: 'deny' },
      // Over plain http a browser ignores HSTS, and a local server must not pin localhost to https: below.
      strictTransportSecurity: false,
    }),
  );
  const hsts = strictTransportSecurity();
  app.use((req, res, next) => (req.secure ? hsts(req, res, next) : next()));
  if (kind === 'remote') {
    const allowed = new Set(corsOrigins.map(origin));
    app.use((req, res, next) => {
      // Every answer depends on Origin, also a refusal: a cache must not hand a refused origin's answer (no
      // Access-Control-Allow-Origin) to the shell, nor the shell's to anyone else.
      res.setHeader('Vary', 'Origin');
      const requestOrigin = req.headers.origin;
      if (requestOrigin && (allowed.has(requestOrigin) || allowed.has('*'))) {
        res.setHeader('Access-Control-Allow-Origin', requestOrigin);
      }
      next();
    });
  }
  // Source maps are the team's (README, "Deploying"): not served even when one was left in a folder.
  app.use((req, res, next) => (isSourceMap(req.path) ? notFound(res) : next()));
  if (config) {
    app.get('/config.json', (_req, res) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.json(config());
    });
  }
  // Files the build wrote with absolute URLs, sent with the site's origin and the remotes' locations in them
  // (tools/webpack/site-url.js), as far as they are known: a test site has config.json's remotes, not SITE_URL.
  const withUrls = (text) =>
    withRemoteUrls(siteUrl ? withSiteUrl(text, siteUrl) : text, config?.().remotes ?? {});
  const send = (res, file) => (siteUrl || config ? sendWithUrls(res, file, withUrls) : res.sendFile(file));
  if (siteUrl) {
    app.use((req, res, next) => {
      const file = req.method === 'GET' || req.method === 'HEAD' ? withOriginIn(root, req.path) : undefined;
      if (!file) return next();
      res.setHeader('Cache-Control', cacheControlFor(file));
      send(res, file);
    });
  }
  app.use(
    express.static(root, {
      index: false,
      setHeaders: (res, file) => res.setHeader('Cache-Control', cacheControlFor(file)),
    }),
  );
  const index = path.join(root, 'index.html');
  const isRoute = siteRoutes(root);
  app.use((req, res) => {
    // The site's routes get the app's page: the route's build-time snapshot when there is one
    // (scripts/prerender.mjs), else the empty shell. Any other page path gets the app's 404 page with status
    // 404, so crawlers do not index it; a missing file is a plain 404.
    if ((req.method === 'GET' || req.method === 'HEAD') && !path.extname(req.path) && fs.existsSync(index)) {
      res.setHeader('Cache-Control', 'no-cache');
      if (isRoute(req.path)) send(res, prerenderedPage(root, req.path) ?? index);
      else send(res.status(404), path.join(root, '404.html'));
    } else {
      notFound(res);
    }
  });
  return app;
}

const notFound = (res) => res.status(404).type('text/plain').send('Not found');

/** Whether a request path names a source map, however its name is escaped or cased. */
function isSourceMap(requestPath) {
  try {
    return /\.map$/i.test(decodeURIComponent(requestPath));
  } catch {
    return false; // a malformed escape names no file
  }
}

/**
 * Whether a path is one of the site's routes, as the shell's build lists them in routes.json
 * (tools/webpack/site-routes.js); like the router, case and a trailing slash do not matter. A build without the
 * list (an older shell) treats every path as a route.
 */
function siteRoutes(root) {
  const file = path.join(root, 'routes.json');
  if (!fs.existsSync(file) || !fs.existsSync(path.join(root, '404.html'))) return () => true;
  const normalise = (route) => route.replace(/\/+$/, '').toLowerCase() || '/';
  const routes = new Set(
    JSON.parse(fs.readFileSync(file, 'utf8')).map((r) => normalise(decodeURIComponent(r))),
  );
  return (requestPath) => {
    try {
      return routes.has(normalise(decodeURIComponent(requestPath)));
    } catch {
      return false; // a malformed escape names no route
    }
  };
}

/** The prerendered page of a route (`prerendered/<route>/index.html`), if the build has one. */
function prerenderedPage(root, route) {
  const base = path.join(root, 'prerendered');
  let file;
  try {
    file = path.join(base, path.normalize(decodeURIComponent(route)), 'index.html');
  } catch {
    return undefined; // a malformed escape in the path: no snapshot, the app shows its 404
  }
  return file.startsWith(base + path.sep) && fs.existsSync(file) ? file : undefined;
}

/** The file a request names, when it is one the build wrote the site's origin into (a page, sitemap, robots). */
function withOriginIn(root, requestPath) {
  if (!/\.(html|xml|txt)$/.test(requestPath)) return undefined;
  let file;
  try {
    file = path.join(root, path.normalize(decodeURIComponent(requestPath)));
  } catch {
    return undefined; // a malformed escape: express.static answers it
  }
  // Like express.static: nothing outside the folder, no dotfiles.
  const inside = path.relative(root, file);
  if (
    inside.startsWith('..') ||
    path.isAbsolute(inside) ||
    inside.split(path.sep).some((p) => p.startsWith('.'))
  ) {
    return undefined;
  }
  return fs.existsSync(file) && fs.statSync(file).isFile() ? file : undefined;
}

function sendWithUrls(res, file, withUrls) {
  fs.readFile(file, 'utf8', (error, text) => {
    if (error) res.status(500).type('text/plain').send('Could not read the file');
    else res.type(path.extname(file)).send(withUrls(text));
  });
}

/**
 * Starts a static app and resolves once it listens: on SITE_HOST when it is set, else on every interface (the
 * files are public; the backend has its own SUPABASE_HOST).
 */
export function listen(app, port, host = process.env.SITE_HOST || undefined) {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host, () => resolve(server));
    server.on('error', reject);
  });
}
