// routes.json and 404.html beside the shell's index.html, so the production server (or a CDN's 404 rule) answers
// HTTP 404 for a path the site has no page for, without running the app. The routes come from the modules the app
// routes with: shared-lib's routing table and the blog's light index, pure TypeScript data that swc (which the
// build already uses) compiles here.
const fs = require('node:fs');
const path = require('node:path');
const swc = require('@swc/core');
const HtmlWebpackPlugin = require('html-webpack-plugin');

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

/** Every path the site has a page for, with the blog's `:slug` expanded to its articles. */
function siteRoutes(files = new Set()) {
  const { remotePaths } = loadDataModule(PATHS, files);
  const { blogIndex } = loadDataModule(BLOG_INDEX, files);
  const params = { '/blog/:slug': blogIndex.map(({ slug }) => `/blog/${encodeURIComponent(slug)}`) };
  const routes = Object.values(remotePaths)
    .flat()
    .flatMap((route) => params[route] ?? [route]);
  const unknown = routes.find((route) => route.includes(':'));
  if (unknown) throw new Error(`routes.json: no list of values for the parameter in ${unknown}`);
  return [...new Set(routes)].sort();
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
          for (const file of files) compilation.fileDependencies.add(file);
        },
      );
    });
  }
}

/** The shell's plugins for the two files; 404.html is the app's page, which renders its 404 for any unknown path. */
const siteRoutesPlugins = (htmlOptions) => [
  new SiteRoutesPlugin(),
  new HtmlWebpackPlugin({ ...htmlOptions, filename: '404.html' }),
];

module.exports = { siteRoutes, siteRoutesPlugins };
