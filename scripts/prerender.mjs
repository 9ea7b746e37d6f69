#!/usr/bin/env node
// Prerenders the public pages of the production build, so a visitor reads a page before its JavaScript has
// arrived (issue 8: mobile LCP), and crawlers and link previews, which run no JavaScript, read it whole. It
// serves the build, opens in Chromium as a signed-out visitor each page the sitemap lists and any other the site's
// own links lead to, and writes what the page rendered (markup, styles, and the title,
// description, canonical link, Open Graph and Twitter tags React put in <head>) into
// `<shell dist>/prerendered/<route>/index.html`, which the production server sends for that route
// (scripts/lib/static-server.mjs). In the browser the snapshot is inert and the live app replaces it once the
// page has rendered (shell/src/app/prerendered.ts). The pages name the site by a placeholder origin that the
// server replaces with SITE_URL (tools/webpack/site-url.js), so one build serves any domain.
//
// `--single` prerenders the single-bundle build (shell/dist-single). Without a Chrome or Chromium (CHROMIUM_PATH,
// else an installed one; as root Debian's chromium is installed) it says so in one line and leaves the build
// client-rendered; a page that fails to render fails the script, so a broken build is never snapshotted.
/* global document, window */
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { transform } from '@swc/core';
import { ensureChromium, HOW_TO_INSTALL } from './lib/chromium.mjs';
import { servePublicBuild } from './lib/serve-builds.mjs';
import siteRoutes from '../tools/webpack/site-routes.js';
import { SITE_URL_PLACEHOLDER, remoteUrlPlaceholder } from '../tools/webpack/site-url.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const single = process.argv.includes('--single');
const dist = path.join(root, 'shell', single ? 'dist-single' : 'dist');
const out = path.join(dist, 'prerendered');
// Pages whose content depends on the visitor: served as the empty shell and rendered in the browser.
const PERSONAL = new Set(siteRoutes.personalPaths());
// The page metadata React hoists into <head> (shared-lib/src/ui/page-meta.tsx).
const HEAD_METADATA =
  'meta[name="description"], meta[name="robots"], meta[property^="og:"], meta[name^="twitter:"], link[rel="canonical"]';

const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The page's markup, styles, title, description and the site links it shows, once its content has rendered. */
async function render(context, url, { notFound = false } = {}) {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    // On the 404 page the browser reports the document's own status, and the page logs the path it was asked
    // for (spec): expected there only.
    const expected = notFound && /^(404 Error:|Failed to load resource: .* 404)/.test(message.text());
    if (message.type() === 'error' && !expected) errors.push(message.text());
  });
  try {
    await page.goto(url);
    await page.waitForFunction(() => performance.getEntriesByName('storefront:page-rendered').length > 0);
    if (errors.length) throw new Error(errors.join('\n'));
    return await page.evaluate((selector) => {
      // styled-components' rules in its server format (shell/src/app/snapshot-styles.tsx), which the live app
      // takes over instead of generating them again; any other style element's rules as they are. (In a browser
      // the server sheet writes its rules into the page too, as a data-styled element: not copied twice.)
      const styled = window.storefrontPrerender?.styles?.() ?? '';
      const css = [...document.styleSheets]
        .filter((sheet) => sheet.ownerNode?.nodeName === 'STYLE')
        .filter((sheet) => !styled || !sheet.ownerNode.hasAttribute('data-styled'))
        .flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText))
        .join('\n');
      // Marked, so the live app can drop them for its own (shell/src/app/prerendered.ts).
      const head = [...document.head.querySelectorAll(selector)].map((element) => {
        const copy = element.cloneNode();
        copy.setAttribute('data-prerendered', '');
        return copy.outerHTML;
      });
      return {
        html: document.getElementById('root').innerHTML,
        styled,
        css,
        title: document.title,
        titles: document.head.querySelectorAll('title').length,
        head,
        links: [...document.querySelectorAll('#root a[href^="/"]')].map(
          (a) => new URL(a.href, window.location.href).pathname,
        ),
      };
    }, HEAD_METADATA);
  } finally {
    await page.close();
  }
}

// The shell's index.html, minified: attribute quotes are optional.
const EMPTY_ROOT = /<div id="?root"?><\/div>/;

/** A page that names itself twice would confuse crawlers and link previews: such a build is not snapshotted. */
function checkMetadata(route, { titles, head }) {
  const count = (attribute) => head.filter((tag) => tag.includes(attribute)).length;
  const repeated = ['name="description"', 'rel="canonical"', 'property="og:url"'].filter((a) => count(a) > 1);
  if (titles !== 1) throw new Error(`${route}: ${titles} <title> elements, where a page has one`);
  if (repeated.length) throw new Error(`${route}: more than one tag with ${repeated.join(', ')}`);
}

const previewImages = new Set();
const OG_IMAGE = /property="og:image" content="([^"]+)"/;

/** The preview images the pages name (`/og/<kind>.png`) come from public/og/: a missing one is said, not fatal. */
function warnOfMissingImages() {
  for (const image of previewImages) {
    const file = path.join(dist, new URL(image).pathname);
    if (!fs.existsSync(file)) {
      console.warn(`prerender: the pages name ${new URL(image).pathname}, which the build does not have yet`);
    }
  }
}

/**
 * The snapshot's markup with the addresses of the pictures this run served made portable: the shell's own files
 * (the single bundle's, shared-lib's) root-relative, each remote's the remote's placeholder, which the server
 * replaces with the remote's location in config.json (tools/webpack/site-url.js). The live page's pictures are
 * then the same URLs, fetched once.
 */
function portableUrls(html, { shell, remotes }) {
  let portable = html.replaceAll(`"${shell}/`, '"/');
  for (const [remote, manifestUrl] of Object.entries(remotes)) {
    portable = portable.replaceAll(`"${new URL('.', manifestUrl).href}`, `"${remoteUrlPlaceholder(remote)}`);
  }
  return portable;
}

const STYLE_TAG = /^(<style[^>]*>)([^]*)<\/style>$/;
const inStyleElement = (css) => css.replace(/<\/style/gi, '<\\/style');

/** The shell's page with the snapshot in place: inert, beside the hidden root the live app renders into. */
function pageHtml(template, { html, styled, css, title, head }) {
  const [, styledOpen = '', styledCss = ''] = STYLE_TAG.exec(styled) ?? [];
  const styles =
    (styledCss && `${styledOpen}${inStyleElement(styledCss)}</style>`) +
    (css && `<style data-prerendered>${inStyleElement(css)}</style>`);
  // Replacer functions, so a '$' in the page is never read as a replacement pattern.
  return template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>${head.join('')}`)
    .replace(
      '</head>',
      // rel=expect: the first paint waits until the parser reaches #root, just after the snapshot, so the browser
      // never paints half a page (the banner's text cut at a network chunk), which the rest would then move.
      () => `${styles}<link rel="expect" href="#root" blocking="render"></head>`,
    )
    .replace(EMPTY_ROOT, () => `<div id="prerendered" inert>${html}</div><div id="root" hidden></div>`);
}

// The shell's scripts as HtmlWebpackPlugin writes them (minified: attribute quotes are optional).
const DEFERRED_SCRIPT = /<script defer(?:="defer")? src="?([^"\s>]+)"?><\/script>/g;

/**
 * Paint first: a prerendered page preloads the shell's scripts and starts them once its first screen is on screen
 * (shell/src/app/paint-first.ts, compiled into the build with a hashed name), so its first paint never waits for
 * their evaluation. Pages without a snapshot (the personal ones) keep index.html's deferred scripts.
 */
async function paintFirst(template) {
  const source = path.join(root, 'shell/src/app/paint-first.ts');
  // A classic script of its own (no module wrapper), for the browsers the app itself is built for.
  const { code, map } = await transform(fs.readFileSync(source, 'utf8'), {
    filename: source,
    sourceFileName: path.relative(root, source),
    sourceMaps: true,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022', minify: { compress: true, mangle: true } },
    isModule: false,
    minify: true,
  });
  const loader = `paint-first.${createHash('sha256').update(code).digest('hex').slice(0, 10)}.js`;
  // Its source map beside the build's others, in `<dist>-maps/`, named by no shipped file (as webpack's).
  const maps = `${dist}-maps`;
  fs.mkdirSync(maps, { recursive: true });
  for (const dir of [dist, maps]) {
    for (const file of fs.readdirSync(dir)) if (EARLIER_LOADER.test(file)) fs.rmSync(path.join(dir, file));
  }
  fs.writeFileSync(path.join(dist, loader), code);
  fs.writeFileSync(path.join(maps, `${loader}.map`), map);
  const scripts = [...template.matchAll(DEFERRED_SCRIPT)].map(([, src]) => src);
  if (!scripts.some(isEntry))
    throw new Error(`${dist}/index.html has no main script to start after the first paint`);
  // The entry's chunk (webpack's runtime) first and the vendor chunk it waits for last, so the app's start-up runs
  // in the vendor chunk's evaluation. Lighthouse's simulation leaves tasks under 10 ms out of its graph and then
  // counts a script whose evaluation it cannot see as needed for the first paint: the vendor chunk's evaluation
  // without the start-up is such a task (5-14 ms here), with it it is 40-60 ms (docs/performance.md).
  const ordered = [...scripts.filter(isEntry), ...scripts.filter((src) => !isEntry(src))];
  const preloads = ordered.map((src) => `<link rel="preload" as="script" href="${src}" data-start>`).join('');
  return template
    .replace(DEFERRED_SCRIPT, '')
    .replace('</head>', () => `${preloads}<script defer src="/${loader}"></script></head>`);
}
// An earlier prerender's loader and its map (a build folder holds one of each).
const EARLIER_LOADER = /^paint-first\.[0-9a-f]{10}\.js(\.map)?$/;
const isEntry = (src) => /^\/main(\.[0-9a-f]+)?\.js$/.test(src);

const CHROMIUM = ensureChromium();
if (!CHROMIUM) {
  console.warn(`prerender: no Chrome or Chromium found, pages stay client-rendered: ${HOW_TO_INSTALL}.`);
  process.exit(0);
}
const shellPage = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
if (!EMPTY_ROOT.test(shellPage)) throw new Error(`${dist}/index.html has no empty #root`);
const template = await paintFirst(shellPage);
fs.rmSync(out, { recursive: true, force: true });

// The pages name the site by the placeholder origin, which the server that sends them replaces with SITE_URL.
const {
  url: siteAddress,
  remotes,
  backend,
  servers,
} = await servePublicBuild({ single, siteUrl: SITE_URL_PLACEHOLDER });
const served = { shell: siteAddress, remotes };
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const context = await browser.newContext();
  // A first visit without the newsletter popup, whose dialog is not part of the page; marked as snapshotted, so
  // the app collects its styles in styled-components' server format (shell/src/app/snapshot-styles.tsx).
  await context.addInitScript(() => {
    window.localStorage.setItem('newsletter_popup_seen', 'true');
    window.storefrontPrerender = {};
  });
  // Requests for live data (the contact page's free slots) stay unanswered: the snapshot shows their loading
  // state, and the live app fetches them for the visitor.
  await context.route(`${backend}/**`, () => {});
  // The sitemap's pages: every page a crawler may index, linked from the site or not (the strategy call).
  let queue = siteRoutes.sitemapEntries().map((entry) => entry.path);
  const seen = new Set(queue);
  while (queue.length) {
    // A few pages at a time; the links they show make the next round.
    const round = queue.splice(0, 4);
    for (const [i, result] of (
      await Promise.all(round.map((route) => render(context, `${siteAddress}${route}`)))
    ).entries()) {
      checkMetadata(round[i], result);
      result.html = portableUrls(result.html, served);
      for (const tag of result.head) if (OG_IMAGE.test(tag)) previewImages.add(OG_IMAGE.exec(tag)[1]);
      const file = path.join(out, round[i], 'index.html');
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, pageHtml(template, result));
      const next = result.links.filter((link) => !seen.has(link) && !PERSONAL.has(link));
      for (const link of next) seen.add(link);
      queue = queue.concat(next);
    }
  }
  // The 404 page, for the server (and a CDN's 404 rule) to send with status 404 for any path that is no route.
  const notFound = await render(context, `${siteAddress}/404`, { notFound: true });
  checkMetadata('/404', notFound);
  notFound.html = portableUrls(notFound.html, served);
  fs.writeFileSync(path.join(dist, '404.html'), pageHtml(template, notFound));
  console.log(
    `prerender: ${seen.size} pages written to ${path.relative(root, out)}/, the 404 page to 404.html`,
  );
  warnOfMissingImages();
} finally {
  await browser.close();
  for (const server of servers) server.close();
}
