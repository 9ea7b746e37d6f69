// The federation name and exposed modules are federation.json, which the contract test reads too: what the
// build exposes is what the test checks.
const createConfig = require('@storefront/webpack-config');
const federation = require('./federation.json');

module.exports = createConfig({
  dir: __dirname,
  ...federation,
  port: 3001,
  title: 'Marketing (standalone)',
});
