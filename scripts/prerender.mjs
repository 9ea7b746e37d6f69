#!/usr/bin/env node
// Prerenders the public pages of the production build, so a visitor reads a page before its JavaScript has
// arrived (issue 8: mobile LCP). It serves the build, opens each page in Chromium as a signed-out visitor,
// follows the site's own links from `/`, and writes what the page rendered (markup, styles, title and
// description) into `<shell dist>/prerendered/<route>/index.html`, which the production server sends for that
// route (scripts/lib/static-server.mjs). In the browser the snapshot is inert and the live app replaces it once
// the page has rendered (shell/src/app/prerendered.ts).
//
// `--single` prerenders the single-bundle build (shell/dist-single). Without a Chrome or Chromium (CHROMIUM_PATH,
// else an installed one; as root Debian's chromium is installed) it says so in one line and leaves the build
// client-rendered; a page that fails to render fails the script, so a broken build is never snapshotted.
/* global document, window */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { ensureChromium, HOW_TO_INSTALL } from './lib/chromium.mjs';
import { servePublicBuild } from './lib/serve-builds.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const single = process.argv.includes('--single');
const dist = path.join(root, 'shell', single ? 'dist-single' : 'dist');
const out = path.join(dist, 'prerendered');
const PORT = single ? 4310 : 4300;
// Pages whose content depends on the visitor: served as the empty shell and rendered in the browser.
const PERSONAL = new Set(['/auth', '/auth/reset', '/account', '/checkout']);

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
    return await page.evaluate(() => {
      const css = [...document.styleSheets]
        .filter((sheet) => sheet.ownerNode?.nodeName === 'STYLE')
        .flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText))
        .join('\n');
      return {
        html: document.getElementById('root').innerHTML,
        css,
        title: document.title,
        description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
        links: [...document.querySelectorAll('#root a[href^="/"]')].map(
          (a) => new URL(a.href, window.location.href).pathname,
        ),
      };
    });
  } finally {
    await page.close();
  }
}

// The shell's index.html, minified: attribute quotes are optional.
const EMPTY_ROOT = /<div id="?root"?><\/div>/;
const DESCRIPTION = /<meta name="?description"? content=("[^"]*"|[^\s>]+)/;

/** The shell's page with the snapshot in place: inert, beside the hidden root the live app renders into. */
function pageHtml(template, { html, css, title, description }) {
  // Replacer functions, so a '$' in the page is never read as a replacement pattern.
  return template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
    .replace(DESCRIPTION, () => `<meta name="description" content="${escapeHtml(description)}"`)
    .replace(
      '</head>',
      () => `<style data-prerendered>${css.replace(/<\/style/gi, '<\\/style')}</style></head>`,
    )
    .replace(EMPTY_ROOT, () => `<div id="prerendered" inert>${html}</div><div id="root" hidden></div>`);
}

const CHROMIUM = ensureChromium();
if (!CHROMIUM) {
  console.warn(`prerender: no Chrome or Chromium found, pages stay client-rendered: ${HOW_TO_INSTALL}.`);
  process.exit(0);
}
const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
if (!EMPTY_ROOT.test(template)) throw new Error(`${dist}/index.html has no empty #root`);
fs.rmSync(out, { recursive: true, force: true });

const servers = await servePublicBuild({ root, port: PORT, single });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const context = await browser.newContext();
  // A first visit without the newsletter popup, whose dialog is not part of the page.
  await context.addInitScript(() => window.localStorage.setItem('newsletter_popup_seen', 'true'));
  let queue = ['/'];
  const seen = new Set(queue);
  while (queue.length) {
    // A few pages at a time; the links they show make the next round.
    const round = queue.splice(0, 4);
    for (const [i, result] of (
      await Promise.all(round.map((route) => render(context, `http://localhost:${PORT}${route}`)))
    ).entries()) {
      const file = path.join(out, round[i], 'index.html');
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, pageHtml(template, result));
      const next = result.links.filter((link) => !seen.has(link) && !PERSONAL.has(link));
      for (const link of next) seen.add(link);
      queue = queue.concat(next);
    }
  }
  // The 404 page, for the server (and a CDN's 404 rule) to send with status 404 for any path that is no route.
  const notFound = await render(context, `http://localhost:${PORT}/404`, { notFound: true });
  fs.writeFileSync(path.join(dist, '404.html'), pageHtml(template, notFound));
  console.log(
    `prerender: ${seen.size} pages written to ${path.relative(root, out)}/, the 404 page to 404.html`,
  );
} finally {
  await browser.close();
  for (const server of servers) server.close();
}
