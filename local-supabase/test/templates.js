// The databases that test backends start from, each made once by the real service (migrations and seed applied
// as on a first start) and copied for every backend, since a first start is the expensive part of a backend test:
// - PGlite: a fresh data folder costs several seconds of initdb in WebAssembly and more to migrate, so two
//   folders are kept under node_modules/.cache, keyed by everything that shapes them: `bare` (only the platform
//   bootstrap, for suites that bring their own supabase/ folder) and `full` (every migration and the seed). jest's
//   backend suites copy them (harness.ts), and so does the Playwright site when jest has built them (`node
//   local-supabase/test/templates.js --copy-to <data folder>`, e2e/playwright.config.ts). A cold cache (as in CI) builds them, so the first start
//   on an empty folder is exercised every CI run.
// - PostgreSQL: one database per jest run, migrated and seeded, that each backend's database is created from
//   (`create database ... template`, a file copy); dropped when the run ends.
const { spawn } = require('node:child_process');
const { createHash, randomBytes } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { Client } = require('pg');

const root = path.join(__dirname, '..', '..');

function templateKey() {
  const hash = createHash('sha256').update('bare+full/2');
  const migrations = path.join(root, 'supabase', 'migrations');
  const files = [
    ...fs
      .readdirSync(migrations)
      .sort()
      .map((f) => path.join(migrations, f)),
    path.join(root, 'supabase', 'seed.sql'),
    path.join(root, 'supabase', 'config.toml'),
    path.join(root, 'local-supabase', 'src', 'db', 'bootstrap.sql'),
    path.join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json'),
  ];
  for (const file of files) hash.update(file).update(fs.readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/** Starts the service with `env` (a PGlite DATA_DIR or a DATABASE_URL), waits until it is ready, stops it cleanly. */
function runServiceOnce(env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'local-supabase', 'bin', 'local-supabase.mjs')], {
      env: { ...process.env, PORT: '0', INBUCKET_PORT: '0', DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    // An initdb in WebAssembly takes well over a minute on two cores shared with other runs.
    const timer = setTimeout(() => child.kill('SIGKILL'), 300_000);
    child.stderr.on('data', (chunk) => (output += chunk));
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (/ready at /.test(output)) child.kill('SIGTERM');
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      if (code === 0 && /ready at /.test(output)) resolve();
      else reject(new Error(`Could not build a database template (exit ${code}):\n${output}`));
    });
  });
}

/** Two folders, built from one initdb: `bare` holds only the platform bootstrap, `full` has every migration and the seed. */
async function buildPgliteTemplates(dir) {
  const bare = path.join(dir, 'bare');
  const full = path.join(dir, 'full');
  const noMigrations = path.join(dir, 'no-migrations');
  fs.mkdirSync(path.join(noMigrations, 'migrations'), { recursive: true });
  await runServiceOnce({ DATA_DIR: bare, SUPABASE_DIR: noMigrations });
  fs.rmSync(noMigrations, { recursive: true });
  fs.cpSync(bare, full, { recursive: true });
  await runServiceOnce({ DATA_DIR: full });
  // The copy of the folder the start made before opening it (src/data-folder/backup.ts), which the service deletes
  // in the background and this start stopped before it had: half the folder's size, copied by every consumer.
  fs.rmSync(path.join(full, 'local-supabase.backup.discarded'), { recursive: true, force: true });
}

const cache = path.join(root, 'node_modules', '.cache', 'local-supabase');
const cachedFolders = () => {
  const dir = path.join(cache, `pglite-template-${templateKey()}`);
  return { dir, bare: path.join(dir, 'bare'), full: path.join(dir, 'full') };
};

/** The PGlite template folders, built when the cache has none for this key: `{ bare, full }`. */
async function ensurePgliteTemplates() {
  const { dir, bare, full } = cachedFolders();
  if (!fs.existsSync(dir)) {
    fs.mkdirSync(cache, { recursive: true });
    for (const old of fs.readdirSync(cache)) {
      if (/^pglite-template-[0-9a-f]{16}$/.test(old))
        fs.rmSync(path.join(cache, old), { recursive: true, force: true });
    }
    // Built aside and renamed, so a concurrent run never copies a half-built folder.
    const building = `${dir}.${process.pid}`;
    try {
      await buildPgliteTemplates(building);
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
  return { bare, full };
}

/** `serverUrl` (TEST_DATABASE_URL) pointed at another database of the same server. */
function databaseUrl(serverUrl, name) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer(serverUrl, sql) {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A new database on the tests' PostgreSQL server, migrated and seeded by the service; resolves to its name. Its
 * own name per run: other checkouts' test runs share the server.
 */
async function createPostgresTemplate(serverUrl) {
  const name = `ls_template_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `create database ${name}`);
  try {
    await runServiceOnce({ DATABASE_URL: databaseUrl(serverUrl, name) });
  } catch (error) {
    await dropDatabase(serverUrl, name);
    throw error;
  }
  return name;
}

async function dropDatabase(serverUrl, name) {
  await onServer(serverUrl, `drop database if exists ${name} with (force)`);
}

module.exports = { ensurePgliteTemplates, createPostgresTemplate, dropDatabase };

// `node local-supabase/test/templates.js --copy-to <folder>`: a new PGlite data folder as a first start leaves it
// (migrated and seeded), for a site that starts from one (the Playwright site). Only from the cache (jest's run
// before it fills it, as in CI): without one the site makes its own folder, which costs less than both templates.
if (require.main === module) {
  const at = process.argv.indexOf('--copy-to');
  const target = at === -1 ? undefined : process.argv[at + 1];
  if (!target) {
    console.error('usage: node local-supabase/test/templates.js --copy-to <new data folder>');
    process.exit(2);
  }
  const { full } = cachedFolders();
  if (fs.existsSync(full)) {
    fs.cpSync(full, target, { recursive: true });
    // A throwaway copy (src/data-folder/inspect.ts's DISPOSABLE_MARKER): the site's starts skip the safety copy.
    fs.writeFileSync(path.join(target, 'local-supabase.disposable'), '');
  }
}
