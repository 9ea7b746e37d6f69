// routes.json and 404.html beside the shell's index.html, so the production server (or a CDN's 404 rule) answers
// HTTP 404 for a path the site has no page for, without running the app; and sitemap.xml and robots.txt, which
// list the pages a crawler may index. The routes come from the modules the app routes with: shared-lib's routing
// table and the blog's light index, pure TypeScript data that swc (which the build already uses) compiles here.
const fs = require('node:fs');
const path = require('node:path');
const swc = require('@swc/core');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { SITE_URL_PLACEHOLDER } = require('./site-url');

const root = path.join(__dirname, '..', '..');
const PATHS = path.join(root, 'shared-lib', 'src', 'routes', 'paths.ts');
const BLOG_INDEX = path.join(root, 'mfe-marketing', 'src', 'content', 'blog-index.ts');

/** Evaluates a TypeScript module made of data and relative imports of the same kind. */
function loadDataModule(file, files) {
  files.add(file);
  const { code } = swc.transformSync(fs.readFileSync(file, 'utf8'), {
    filename: file,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  const module = { exports: {} };
  const load = (request) => {
    if (!request.startsWith('.')) throw new Error(`${file}: only relative imports can be read at build time`);
    return loadDataModule(path.join(path.dirname(file), `${request.replace(/\.ts$/, '')}.ts`), files);
  };
  new Function('module', 'exports', 'require', code)(module, module.exports, load);
  return module.exports;
}

const articlePath = (slug) => `/blog/${encodeURIComponent(slug)}`;

/** Every path the site has a page for, with the blog's `:slug` expanded to its articles. */
function siteRoutes(files = new Set()) {
  const { remotePaths } = loadDataModule(PATHS, files);
  const { blogIndex } = loadDataModule(BLOG_INDEX, files);
  const params = { '/blog/:slug': blogIndex.map(({ slug }) => articlePath(slug)) };
  const routes = Object.values(remotePaths)
    .flat()
    .flatMap((route) => params[route] ?? [route]);
  const unknown = routes.find((route) => route.includes(':'));
  if (unknown) throw new Error(`routes.json: no list of values for the parameter in ${unknown}`);
  return [...new Set(routes)].sort();
}

/** The pages whose content depends on the visitor (sign-in, account, checkout): kept out of crawlers' way. */
const personalPaths = (files = new Set()) => loadDataModule(PATHS, files).personalPaths;

/** The pages a crawler may index, each with the date it last changed where the site knows one (articles). */
function sitemapEntries(files = new Set()) {
  const personal = new Set(personalPaths(files));
  const { blogIndex } = loadDataModule(BLOG_INDEX, files);
  const dates = new Map(blogIndex.map(({ slug, date }) => [articlePath(slug), date]));
  return siteRoutes(files)
    .filter((route) => !personal.has(route))
    .map((route) => (dates.has(route) ? { path: route, lastmod: dates.get(route) } : { path: route }));
}

const escapeXml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** sitemap.xml (sitemaps.org protocol) for the site at `origin`. */
function sitemapXml(entries, origin) {
  const urls = entries.map(
    ({ path: route, lastmod }) =>
      `  <url><loc>${escapeXml(origin + route)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** robots.txt: everything but the personal pages may be crawled, and the sitemap says where the pages are. */
function robotsTxt(disallowed, origin) {
  return [
    'User-agent: *',
    'Allow: /',
    ...disallowed.map((route) => `Disallow: ${route}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

class SiteRoutesPlugin {
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('SiteRoutesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'SiteRoutesPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const files = new Set();
          compilation.emitAsset('routes.json', new RawSource(JSON.stringify(siteRoutes(files), null, 1)));
          // The origin is the server's to fill in (./site-url.js).
          compilation.emitAsset(
            'sitemap.xml',
            new RawSource(sitemapXml(sitemapEntries(files), SITE_URL_PLACEHOLDER)),
          );
          compilation.emitAsset(
            'robots.txt',
            new RawSource(robotsTxt(personalPaths(files), SITE_URL_PLACEHOLDER)),
          );
          for (const file of files) compilation.fileDependencies.add(file);
        },
      );
    });
  }
}

/** The shell's plugins for these files; 404.html is the app's page, which renders its 404 for any unknown path. */
const siteRoutesPlugins = (htmlOptions) => [
  new SiteRoutesPlugin(),
  new HtmlWebpackPlugin({ ...htmlOptions, filename: '404.html' }),
];

module.exports = { siteRoutes, sitemapEntries, sitemapXml, robotsTxt, personalPaths, siteRoutesPlugins };
