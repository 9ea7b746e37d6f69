// Once per jest run, before the backend suites:
// - PostgreSQL: `npm test` provides TEST_DATABASE_URL; when jest runs on its own, start (or install, as root) the
//   local server the same way. The postgres variants fail, never skip, when there is none.
// - The databases each backend starts from (templates.js): the PGlite folders, and this run's PostgreSQL template
//   database, which global-teardown.js drops.
// - The folder where each jest worker records the backends it shares between its test files (harness.ts,
//   sharedBackend), which global-teardown.js stops.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { createPostgresTemplate, ensurePgliteTemplates } = require('./templates');

function ensurePostgres() {
  if (process.env.TEST_DATABASE_URL) return;
  const script = path.join(__dirname, '..', '..', 'scripts', 'ensure-postgres.sh');
  const output = execFileSync('bash', [script], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const url = /TEST_DATABASE_URL=(\S+)/.exec(output)?.[1];
  if (url) process.env.TEST_DATABASE_URL = url;
}

module.exports = async function globalSetup() {
  ensurePostgres();
  const server = process.env.TEST_DATABASE_URL;
  const [pglite, postgres] = await Promise.all([
    ensurePgliteTemplates(),
    server ? createPostgresTemplate(server) : undefined,
  ]);
  process.env.LOCAL_SUPABASE_PGLITE_TEMPLATE = pglite.full;
  process.env.LOCAL_SUPABASE_PGLITE_BARE_TEMPLATE = pglite.bare;
  if (postgres) process.env.LOCAL_SUPABASE_POSTGRES_TEMPLATE = postgres;
  process.env.LOCAL_SUPABASE_SHARED_BACKENDS = fs.mkdtempSync(path.join(os.tmpdir(), 'ls-shared-'));
};
