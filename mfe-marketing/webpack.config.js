const createConfig = require('@storefront/webpack-config');

module.exports = createConfig({
  dir: __dirname,
  name: 'mfe_marketing',
  port: 3001,
  title: 'Marketing (standalone)',
  exposes: {
    './routes': './src/exposes/routes.tsx',
    './NewsletterPopup': './src/exposes/NewsletterPopup.tsx',
    './PurchaseToast': './src/exposes/PurchaseToast.tsx',
  },
});
