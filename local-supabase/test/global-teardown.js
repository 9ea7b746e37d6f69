// Once per jest run, after the backend suites: drops this run's PostgreSQL template database (global-setup.js).
const { dropPostgresTemplate } = require('./templates');

module.exports = async function globalTeardown() {
  const name = process.env.LOCAL_SUPABASE_POSTGRES_TEMPLATE;
  if (name) await dropPostgresTemplate(process.env.TEST_DATABASE_URL, name);
};
