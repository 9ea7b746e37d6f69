// Its federation scope, port and exposed modules are its descriptor, federation.json, which the contract test and
// shared-lib's contract types read too: what the build exposes is what the shell is typed against.
const createConfig = require('@storefront/webpack-config');

module.exports = createConfig({ dir: __dirname, title: 'Back office (standalone)' });
