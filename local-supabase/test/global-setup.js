// The backend suites run on PGlite and on PostgreSQL. `npm test` provides TEST_DATABASE_URL; when jest runs on
// its own, start (or install, as root) the local PostgreSQL server the same way.
const { execFileSync } = require('node:child_process');
const path = require('node:path');

module.exports = async function globalSetup() {
  if (process.env.TEST_DATABASE_URL) return;
  const script = path.join(__dirname, '..', '..', 'scripts', 'ensure-postgres.sh');
  const output = execFileSync('bash', [script], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const url = /TEST_DATABASE_URL=(\S+)/.exec(output)?.[1];
  if (url) process.env.TEST_DATABASE_URL = url;
};
