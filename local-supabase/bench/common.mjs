// What the benchmarks share: the hostile cart of issue #30, PostgreSQL for a run, and the record of the machine.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const pg = require('pg');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A cart no browser sends: 30,000 items (about 0.9 MB, under the 1 MB body limit). */
export const HOSTILE_CART = JSON.stringify({
  items: Array.from({ length: 30_000 }, (_, i) => ({ service_id: `service-${i}` })),
});

/** PostgreSQL's admin URL: TEST_DATABASE_URL, or the server scripts/ensure-postgres.sh starts. */
function adminUrl() {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  const out = execFileSync('bash', [path.join(root, 'scripts', 'ensure-postgres.sh')], { encoding: 'utf8' });
  return /TEST_DATABASE_URL=(\S+)/.exec(out)[1];
}

/** A database created for the run: its URL, and `drop()` to remove it afterwards. */
export async function runDatabase() {
  const connectionString = adminUrl();
  const admin = new pg.Client({ connectionString });
  await admin.connect();
  const name = `ls_bench_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const url = new URL(connectionString);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/**
 * The command that ran this benchmark, with the BENCH_* settings it read, so whoever reads the results can run it
 * again.
 */
export function commandLine() {
  const settings = Object.entries(process.env)
    .filter(([name]) => name.startsWith('BENCH_'))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([name, value]) => `${name}=${/^[\w.,/-]*$/.test(value) ? value : `'${value.replace(/'/g, "'\\''")}'`}`,
    );
  const script = path.relative(root, process.argv[1]);
  return [...settings, 'node', script, ...process.argv.slice(2)].join(' ');
}
