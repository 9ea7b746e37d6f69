// Once per jest run, before the backend suites:
// - PostgreSQL: `npm test` provides TEST_DATABASE_URL; when jest runs on its own, start (or install, as root) the
//   local server the same way. The postgres variants fail, never skip, when there is none.
// - PGlite: a fresh data folder costs several seconds of initdb in WebAssembly, so one folder is migrated and
//   seeded here by the real service and each suite starts from a copy. It is cached under node_modules/.cache,
//   keyed by everything that shapes it. A cold cache (as in CI) exercises the first start on an empty folder.
const { execFileSync, spawn } = require('node:child_process');
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..', '..');

function ensurePostgres() {
  if (process.env.TEST_DATABASE_URL) return;
  const script = path.join(root, 'scripts', 'ensure-postgres.sh');
  const output = execFileSync('bash', [script], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const url = /TEST_DATABASE_URL=(\S+)/.exec(output)?.[1];
  if (url) process.env.TEST_DATABASE_URL = url;
}

function templateKey() {
  const hash = createHash('sha256').update('bare+full/1');
  const migrations = path.join(root, 'supabase', 'migrations');
  const files = [
    ...fs
      .readdirSync(migrations)
      .sort()
      .map((f) => path.join(migrations, f)),
    path.join(root, 'supabase', 'seed.sql'),
    path.join(root, 'local-supabase', 'src', 'db', 'bootstrap.sql'),
    path.join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json'),
  ];
  for (const file of files) hash.update(file).update(fs.readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/** Starts the service on `dataDir` with `env`, waits until it is ready, stops it cleanly. */
function runServiceOnce(dataDir, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'local-supabase', 'bin', 'local-supabase.mjs')], {
      env: { ...process.env, PORT: '0', INBUCKET_PORT: '0', DATA_DIR: dataDir, DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.stderr.on('data', (chunk) => (output += chunk));
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (/ready at /.test(output)) child.kill('SIGTERM');
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      if (code === 0 && /ready at /.test(output)) resolve();
      else reject(new Error(`Could not build a PGlite template (exit ${code}):\n${output}`));
    });
  });
}

/**
 * Two folders, built from one initdb: `bare` holds only the platform bootstrap (auth schema, roles), for the
 * migrations suite; `full` has every migration and the seed applied, for the rest.
 */
async function buildTemplates(dir) {
  const bare = path.join(dir, 'bare');
  const full = path.join(dir, 'full');
  const noMigrations = path.join(dir, 'no-migrations');
  fs.mkdirSync(path.join(noMigrations, 'migrations'), { recursive: true });
  await runServiceOnce(bare, { SUPABASE_DIR: noMigrations });
  fs.rmSync(noMigrations, { recursive: true });
  fs.cpSync(bare, full, { recursive: true });
  await runServiceOnce(full);
}

async function ensurePgliteTemplates() {
  const cache = path.join(root, 'node_modules', '.cache', 'local-supabase');
  const dir = path.join(cache, `pglite-template-${templateKey()}`);
  if (!fs.existsSync(dir)) {
    fs.mkdirSync(cache, { recursive: true });
    for (const old of fs.readdirSync(cache)) {
      if (/^pglite-template-[0-9a-f]{16}$/.test(old))
        fs.rmSync(path.join(cache, old), { recursive: true, force: true });
    }
    // Built aside and renamed, so a concurrent jest run never copies a half-built folder.
    const building = `${dir}.${process.pid}`;
    try {
      await buildTemplates(building);
    } catch (error) {
      fs.rmSync(building, { recursive: true, force: true });
      throw error;
    }
    try {
      fs.renameSync(building, dir);
    } catch {
      fs.rmSync(building, { recursive: true, force: true });
    }
  }
  process.env.LOCAL_SUPABASE_PGLITE_TEMPLATE = path.join(dir, 'full');
  process.env.LOCAL_SUPABASE_PGLITE_BARE_TEMPLATE = path.join(dir, 'bare');
}

module.exports = async function globalSetup() {
  ensurePostgres();
  await ensurePgliteTemplates();
};
