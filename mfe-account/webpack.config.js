const createConfig = require('@storefront/webpack-config');

module.exports = createConfig({
  dir: __dirname,
  name: 'mfe_account',
  port: 3003,
  title: 'Account (standalone)',
  exposes: {
    './routes': './src/exposes/routes.tsx',
  },
});
