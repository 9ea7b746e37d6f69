// The site's public origin is not baked into a build (README, "Configuration"): what the build writes with an
// absolute URL (sitemap.xml, robots.txt, the prerendered pages' canonical, Open Graph and JSON-LD URLs) carries
// this placeholder origin, and the server puts SITE_URL in its place as it sends the file
// (scripts/lib/static-server.mjs), or a deploy writes it once (scripts/site-url.mjs).
const SITE_URL_PLACEHOLDER = 'https://site-url.invalid';

/**
 * The origin a SITE_URL names, e.g. `https://shop.example.com` for `https://shop.example.com/`. The site is served
 * from the root of its origin, so a path is refused rather than dropped. Only an origin is ever written into the
 * pages, so it needs no escaping in HTML, JSON or XML.
 */
function siteOrigin(value) {
  let url;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`SITE_URL must be an http(s) URL such as https://shop.example.com, not "${value}"`);
  }
  if (!/^https?:$/.test(url.protocol) || url.username || url.password) {
    throw new Error(`SITE_URL must be an http(s) URL such as https://shop.example.com, not "${value}"`);
  }
  if (url.pathname !== '/' || url.search || url.hash) {
    throw new Error(
      `SITE_URL names the site's origin only (the site is served from its root), not "${value}"`,
    );
  }
  // URL() lets a few characters such as '"' through in a host name: only the plain ones are written into pages.
  if (!/^https?:\/\/[a-z0-9.\-[\]:]+$/.test(url.origin)) {
    throw new Error(`SITE_URL has characters a host name cannot have: "${value}"`);
  }
  return url.origin;
}

/** The text with every placeholder origin replaced by the site's origin. */
const withSiteUrl = (text, origin) => text.replaceAll(SITE_URL_PLACEHOLDER, origin);

/**
 * Where a prerendered page names a remote's own files (its pictures): config.json says where each remote is at run
 * time, so the prerender writes this in place of the address the remote had while it rendered, and the server
 * (or scripts/write-site-url.mjs) puts the remote's folder back, as it does the site's origin.
 */
const remoteUrlPlaceholder = (remote) => `https://remote-url.invalid/${remote}/`;

/**
 * The text with each remote's placeholder replaced by the folder its manifest is in, e.g.
 * `https://cdn.example.com/marketing/` for config.json's `https://cdn.example.com/marketing/mf-manifest.json`.
 */
function withRemoteUrls(text, remotes) {
  let replaced = text;
  for (const [remote, manifestUrl] of Object.entries(remotes)) {
    // Percent-encoded where HTML would read a character (URL() lets a '"' through in a host name).
    const folder = new URL('.', manifestUrl).href.replace(/["'<>]/g, encodeURIComponent);
    replaced = replaced.replaceAll(remoteUrlPlaceholder(remote), () => folder);
  }
  return replaced;
}

module.exports = { SITE_URL_PLACEHOLDER, siteOrigin, withSiteUrl, remoteUrlPlaceholder, withRemoteUrls };
