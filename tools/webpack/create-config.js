// The one webpack + Module Federation config factory. What differs between the apps is in each app's descriptor
// (federation.json: its federation scope, port and exposed modules, read by ./apps.js); its webpack.config.js adds
// only its page title and, for the shell, its runtime plugins.
const path = require('node:path');
const webpack = require('webpack');
const fs = require('node:fs');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CopyPlugin = require('copy-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const swcOptions = require('../swc');
const { sharedConfig } = require('./shared-singletons');
const { RouterContractPlugin } = require('./router-contract');
const { siteRoutesPlugins } = require('./site-routes');
const { readDescriptor } = require('./apps');

// `provideExternalRuntime` adds this runtime plugin by `require.resolve`, i.e. its CommonJS build, which `require`s
// the CommonJS runtime-core: the shell bundled the federation runtime twice (ESM for itself, CJS for the remotes;
// the cost is in docs/performance.md). Its ESM build shares the shell's one ESM runtime-core.
const INJECT_RUNTIME_PLUGIN_CJS = require.resolve('@module-federation/inject-external-runtime-core-plugin');
const INJECT_RUNTIME_PLUGIN_ESM = path.join(path.dirname(INJECT_RUNTIME_PLUGIN_CJS), 'index.js');

/**
 * @param {object} options
 * @param {string} options.dir          the app's folder (__dirname of its webpack.config.js), holding federation.json
 * @param {string[]} [options.runtimePlugins]        federation runtime plugins (the shell's error handling)
 * @param {string} [options.title]      document title of the app's own page
 */
module.exports = function createConfig({ dir, runtimePlugins = [], title = 'Storefront' }) {
  const { scope: name, port, exposes } = readDescriptor(dir);
  return (env = {}, argv = {}) => {
    const production = argv.mode !== 'development';
    // `npm run dev -w <app>` alone: its descriptor's port, or the next free one when another server holds it (as
    // npm start and npm run dev do); webpack-dev-server searches from this base for port 'auto'. npm run dev
    // passes the port it chose with --port.
    process.env.WEBPACK_DEV_SERVER_BASE_PORT ??= String(port);
    // `--env single` (npm run build:single): the shell with every slice imported statically, no federation.
    const single = Boolean(env.single) && !exposes;
    const outDir = single ? 'dist-single' : process.env.BUILD_OUT_DIR || 'dist';
    const mapsDir = `${outDir}-maps`;
    const pkg = require(path.join(dir, 'package.json'));
    const html = {
      template: path.join(__dirname, 'index.html'),
      title,
      scriptLoading: 'defer',
      // Absolute script URLs, so a deep link such as /blog/some-article loads the same files.
      publicPath: '/',
      // The shell is the site: its web app manifest and icons (shell/public).
      site: !exposes,
    };
    return {
      mode: production ? 'production' : 'development',
      context: dir,
      entry: { main: './src/index.ts' },
      // Production source maps are for the team's error reports, not the public: written beside the build folder
      // (`dist-maps/` next to `dist/`), so an upload of the folder never carries them, and no shipped file names
      // one (`hidden-`: no sourceMappingURL comment).
      devtool: production ? 'hidden-source-map' : 'cheap-module-source-map',
      output: {
        path: path.join(dir, outDir),
        ...(production && { sourceMapFilename: `${path.relative(outDir, mapsDir)}/[file].map` }),
        // The manifest decides where chunks come from, so one build deploys under any base URL.
        publicPath: 'auto',
        uniqueName: name,
        filename: production ? '[name].[contenthash:10].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs'],
        alias: exposes ? {} : { [`${INJECT_RUNTIME_PLUGIN_CJS}$`]: INJECT_RUNTIME_PLUGIN_ESM },
      },
      module: {
        rules: [
          {
            test: /\.[cm]?[jt]sx?$/,
            exclude: /node_modules/,
            use: { loader: 'swc-loader', options: swcOptions({ development: !production }) },
          },
          // Pictures are files with hashed names (cached for a year), each SVG themed inside itself. A picture of
          // a page's first screen that would come from another origin (a remote's) is imported with `?inline`: a
          // `data:` URL in its chunk and in the prerendered page, so the page's largest paint waits for no
          // request on a second origin (docs/performance.md, "The first screen's picture").
          {
            test: /\.svg$/,
            use: path.join(__dirname, 'svg-theme-loader.js'),
            oneOf: [
              {
                resourceQuery: /^\?inline$/,
                type: 'asset/inline',
                // Percent-encoded text rather than base64: a third smaller, and it compresses with the chunk.
                generator: { dataUrl: { mimetype: 'image/svg+xml', encoding: false } },
              },
              { type: 'asset/resource' },
            ],
          },
          { test: /\.(png|webp|jpg|woff2)$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        // output.clean empties only the build folder: the maps of the previous build go the same way.
        production && {
          apply: (compiler) =>
            compiler.hooks.emit.tap('CleanSourceMaps', () =>
              fs.rmSync(path.join(dir, mapsDir), { recursive: true, force: true }),
            ),
        },
        single
          ? new webpack.NormalModuleReplacementPlugin(
              /shell[\\/]src[\\/]federation[\\/]remotes\.ts$/,
              path.join(__dirname, '..', 'single-bundle', 'remotes.ts'),
            )
          : new ModuleFederationPlugin({
              name,
              filename: 'remoteEntry.js',
              exposes,
              shared: sharedConfig(dir, { host: !exposes }),
              // Load a remote only when it is needed, so one that is down cannot stall start-up.
              shareStrategy: 'loaded-first',
              runtimePlugins,
              manifest: { fileName: 'mf-manifest.json' },
              dts: false,
              // One federation runtime for the whole site: the shell provides it, production remotes use it instead
              // of carrying their own (docs/performance.md). In development a remote keeps its own runtime so it
              // can also run alone on its dev server.
              experiments: {
                ...(exposes ? { externalRuntime: production } : { provideExternalRuntime: true }),
                // Browser-only runtime: drops the Node.js loading code.
                optimization: { target: 'web' },
              },
            }),
        !single && new RouterContractPlugin(),
        new webpack.DefinePlugin({
          __APP_NAME__: JSON.stringify(pkg.name),
          __APP_VERSION__: JSON.stringify(pkg.version),
        }),
        new HtmlWebpackPlugin(html),
        // The shell knows the site's routes: routes.json and 404.html let a server answer 404 for the rest.
        ...(exposes ? [] : siteRoutesPlugins(html)),
        // Static files (favicon, app icons, web app manifest) are copied as they are.
        fs.existsSync(path.join(dir, 'public')) &&
          new CopyPlugin({
            // config.json in public/ is the dev servers' runtime config; a build never carries one.
            patterns: [
              {
                from: path.join(dir, 'public'),
                noErrorOnMissing: true,
                globOptions: { ignore: ['**/config.json'] },
              },
            ],
          }),
      ].filter(Boolean),
      optimization: {
        moduleIds: 'deterministic',
        // The shell's eager packages (React, the router, the federation runtime) change far less often than its
        // own code: in a chunk of their own, a new shell build does not make returning visitors fetch them again.
        splitChunks: exposes
          ? false
          : {
              cacheGroups: {
                vendor: {
                  test: /[\\/]node_modules[\\/]/,
                  chunks: (chunk) => chunk.name === 'main',
                  name: 'vendor',
                },
              },
            },
      },
      // Size budgets are compressed sizes, checked by scripts/check-size.mjs and e2e/tests/budgets.spec.ts.
      performance: { hints: false },
      devServer: {
        port: 'auto',
        historyApiFallback: true,
        // A remote's code runs inside the shell's page, where its hot-update chunks have no runtime to land in
        // ("webpackHotUpdate<name> is not a function"): a changed remote reloads the page instead.
        hot: !exposes,
        liveReload: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        static: { directory: path.join(dir, 'public') },
        client: { overlay: { warnings: false } },
      },
      stats: 'errors-warnings',
    };
  };
};
