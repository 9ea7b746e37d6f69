const createConfig = require('@storefront/webpack-config');

module.exports = createConfig({
  dir: __dirname,
  name: 'mfe_catalog_cart',
  port: 3002,
  title: 'Catalogue and cart (standalone)',
  exposes: {
    './routes': './src/exposes/routes.tsx',
    './CartButton': './src/exposes/CartButton.tsx',
  },
});
