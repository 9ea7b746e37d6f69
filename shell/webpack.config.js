// Its federation scope and port are its descriptor, federation.json.
const path = require('node:path');
const createConfig = require('@storefront/webpack-config');

module.exports = createConfig({
  dir: __dirname,
  title: 'AI Made Simple | AI automation services',
  runtimePlugins: [path.join(__dirname, 'src/federation/runtime-plugin.ts')],
});
