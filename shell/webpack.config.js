const path = require('node:path');
const createConfig = require('@storefront/webpack-config');

module.exports = createConfig({
  dir: __dirname,
  name: 'shell',
  port: 3000,
  title: 'AI Made Simple | AI automation services',
  runtimePlugins: [path.join(__dirname, 'src/federation/runtime-plugin.ts')],
});
