#!/usr/bin/env node
// `npm run db:generate`: builds a scratch database from supabase/migrations on the PostgreSQL server the tests use
// (scripts/ensure-postgres.sh, or TEST_DATABASE_URL), the way local-supabase does (its bootstrap of what hosted
// Supabase provides, then every migration; no seed), and writes from it:
//   shared-lib/src/supabase/database.generated.ts   `supabase gen types typescript` (the CLI from npm, no Docker)
//                                                   of the schema the API exposes
//   supabase/schema.sql                             pg_dump --schema-only of every schema the migrations own,
//                                                   and the triggers they put on the platform's auth tables
// The scratch database is dropped afterwards. Both files are committed; shared-lib's database.types.ts refines
// the generated types.
//
// `npm run db:check` (`--check`) regenerates into a temporary folder and fails, with the diff, when either
// committed file differs: `npm test` runs it. `--root <dir>` reads and writes `<dir>/supabase` and
// `<dir>/shared-lib/...` instead of this repository's (its test provokes drift on a copy).
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TYPES_FILE = 'shared-lib/src/supabase/database.generated.ts';
const SCHEMA_FILE = 'supabase/schema.sql';

const args = process.argv.slice(2);
const check = args.includes('--check');
const rootArg = args.indexOf('--root');
const root = rootArg >= 0 ? path.resolve(args[rootArg + 1] ?? '') : repo;
const supabaseDir = path.join(root, 'supabase');

// local-supabase's own code applies the migrations: the same bootstrap, order and history as the service.
const localSupabase = createRequire(path.join(repo, 'local-supabase', 'package.json'));
process.env.SWC_NODE_PROJECT ??= path.join(repo, 'local-supabase', 'tsconfig.runtime.json');
localSupabase('@swc-node/register');
const { openPostgres } = localSupabase('./src/db/database.ts');
const { migrate } = localSupabase('./src/db/migrate.ts');

/** A failure whose message says what to do; anything else is a bug and keeps its stack. */
class Failure extends Error {}
function fail(message) {
  throw new Failure(message);
}

async function serverUrl() {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  const { stdout } = await run('bash', [path.join(repo, 'scripts', 'ensure-postgres.sh')], {
    cwd: repo,
  }).catch((error) =>
    fail(
      `no PostgreSQL server (${error.stderr || error.message}): install postgresql or set TEST_DATABASE_URL.`,
    ),
  );
  const url = /TEST_DATABASE_URL=(\S+)/.exec(stdout)?.[1];
  return url ?? fail('scripts/ensure-postgres.sh printed no TEST_DATABASE_URL');
}

/** The same server, another database; sslmode=disable, or the CLI prints a TLS notice into the types. */
function databaseUrl(base, database) {
  const url = new URL(base);
  url.pathname = `/${database}`;
  url.searchParams.set('sslmode', 'disable');
  return url.toString();
}

// The schemas the API exposes (supabase/config.toml's api.schemas) are what clients are typed against.
const typedSchemas = ['public'];
// The schemas the migrations own, which schema.sql records whole. auth, extensions and the migration history are
// the platform's (local-supabase's bootstrap stands in for them here): of those, schema.sql records only what the
// migrations add to them, the triggers on auth.users.
const ownedSchemas = ['public', 'private'];
const PLATFORM_SCHEMAS = ['auth'];
// The PostgreSQL major CI installs (Debian's postgresql), as supabase/config.toml's db.major_version says.
const major = 15;
const pgDump = `/usr/lib/postgresql/${major}/bin/pg_dump`;

async function generate(url, outDir) {
  if (!fs.existsSync(pgDump)) {
    fail(
      `${pgDump} is missing: install Debian's postgresql-client-${major} (schema.sql is written by pg_dump ${major}).`,
    );
  }
  const scratch = `storefront_dbgen_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = await openPostgres(url);
  const dropScratch = async () => {
    await admin.query(`drop database if exists ${scratch} with (force)`);
    await admin.close();
  };
  const onSignal = (signal) => {
    void dropScratch().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
  try {
    const server = Number((await admin.query('show server_version_num')).rows[0].server_version_num);
    if (Math.floor(server / 10000) !== major) {
      fail(
        `the PostgreSQL server at ${new URL(url).host} is version ${Math.floor(server / 10000)}: schema.sql is a dump of ` +
          `PostgreSQL ${major} (supabase/config.toml's db.major_version, what CI installs). Point TEST_DATABASE_URL at a ${major} server.`,
      );
    }
    // template0: nothing a local template1 gained can leak into the record.
    await admin.query(`create database ${scratch} template template0 encoding 'UTF8'`);
    const scratchUrl = databaseUrl(url, scratch);

    const db = await openPostgres(scratchUrl);
    let triggers;
    try {
      await migrate(db, supabaseDir, { enabled: false, sqlPaths: [] }).catch(
        (error) => fail(error.message), // which migration failed, and PostgreSQL's reason
      );
      triggers = await platformTriggers(db);
    } finally {
      await db.close();
    }

    const cli = fileURLToPath(import.meta.resolve('supabase/dist/supabase.js'));
    const types = await run(
      process.execPath,
      [cli, 'gen', 'types', 'typescript', `--remote=${scratchUrl}`, `--schema=${typedSchemas.join(',')}`],
      {
        // Outside the repository: the CLI would otherwise read and validate supabase/config.toml, which the URL
        // makes irrelevant. No telemetry or update check: the command needs nothing but the database.
        cwd: outDir,
        env: {
          ...process.env,
          SUPABASE_TELEMETRY_DISABLED: '1',
          DO_NOT_TRACK: '1',
          SUPABASE_NO_UPDATE_NOTIFIER: '1',
        },
        maxBuffer: 64 * 1024 * 1024,
      },
    ).catch((error) => {
      fail(`supabase gen types failed:\n${error.stderr || error.message}`);
    });

    const dump = await run(
      pgDump,
      ['--schema-only', '--no-owner', ...ownedSchemas.map((s) => `--schema=${s}`), scratchUrl],
      { maxBuffer: 64 * 1024 * 1024 },
    ).catch((error) => {
      fail(`pg_dump failed:\n${error.stderr || error.message}`);
    });

    return { types: await formatTypes(types.stdout), schema: cleanDump(dump.stdout, triggers) };
  } finally {
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
    await dropScratch();
  }
}

async function formatTypes(source) {
  const prettier = await import('prettier');
  const filepath = path.join(repo, TYPES_FILE); // this repository's Prettier settings, also for --root
  const header =
    '// Generated by `npm run db:generate` from supabase/migrations (`supabase gen types typescript`): do not edit.\n' +
    '// The app imports ./database.types, which refines these types where the database says less than it may rely on.\n\n';
  return prettier.format(header + source, { ...(await prettier.resolveConfig(filepath)), filepath });
}

/** The triggers the migrations put on tables of the platform's schemas, as `create trigger` statements. */
async function platformTriggers(db) {
  const { rows } = await db.query(
    `select pg_get_triggerdef(t.oid) as definition
       from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
      where not t.tgisinternal and n.nspname = any($1)
      order by n.nspname, c.relname, t.tgname`,
    [PLATFORM_SCHEMAS],
  );
  return rows.map((row) => `${row.definition};\n`);
}

/**
 * pg_dump's output without what changes from one minor release or run to the next, with the platform triggers
 * before its closing line.
 */
function cleanDump(dump, triggers) {
  const end = '--\n-- PostgreSQL database dump complete\n--';
  const body = dump
    .replace(/^-- Dumped (from database|by pg_dump) version .*\n/gm, '')
    // 15.14+ guards the script with a random key per run.
    .replace(/^\\(un)?restrict \S+\n\n?/gm, '')
    .replace(/\n{3,}(?=SET )/, '\n\n')
    .trimEnd();
  if (!body.endsWith(end)) fail(`pg_dump's output does not end with its usual line:\n${body.slice(-200)}`);
  const onPlatform = triggers.length
    ? `--\n-- Triggers on the platform's tables (schema ${PLATFORM_SCHEMAS.join(', ')}), which the dump of the ` +
      `schemas above leaves out\n--\n\n${triggers.join('\n')}\n\n`
    : '';
  return (
    `-- The schemas ${ownedSchemas.join(' and ')} as supabase/migrations leave them, dumped by pg_dump ${major} ` +
    `--schema-only --no-owner,\n-- and the triggers the migrations put on ${PLATFORM_SCHEMAS.join(', ')} tables.\n` +
    '-- Generated by `npm run db:generate`: do not edit; change the database with a new migration.\n' +
    `${body.slice(0, -end.length)}${onPlatform}${end}\n`
  );
}

async function main() {
  const url = await serverUrl();
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-dbgen-'));
  try {
    const generated = await generate(url, outDir);
    const outputs = [
      [TYPES_FILE, generated.types],
      [SCHEMA_FILE, generated.schema],
    ];
    if (!check) {
      for (const [file, content] of outputs) {
        const target = path.join(root, file);
        const same = fs.existsSync(target) && fs.readFileSync(target, 'utf8') === content;
        if (!same) fs.writeFileSync(target, content);
        console.log(`${same ? 'unchanged' : 'wrote'} ${file}`);
      }
      return;
    }
    const stale = [];
    for (const [file, content] of outputs) {
      const committed = path.join(root, file);
      const exists = fs.existsSync(committed);
      if (exists && fs.readFileSync(committed, 'utf8') === content) continue;
      stale.push(file);
      const fresh = path.join(outDir, path.basename(file));
      fs.writeFileSync(fresh, content);
      const labels = ['--label', `${file} (committed)`, '--label', `${file} (from the migrations)`];
      // diff exits 1 when the files differ: its output is the answer either way.
      const diff = await run('diff', ['-u', ...labels, exists ? committed : '/dev/null', fresh], {
        maxBuffer: 64 * 1024 * 1024,
      }).catch((error) => error);
      process.stdout.write(diff.stdout ?? '');
    }
    if (stale.length) {
      fail(
        `${stale.join(' and ')} ${stale.length > 1 ? 'are' : 'is'} not what supabase/migrations generate ` +
          '(diff above): run `npm run db:generate` and commit the result.',
      );
    }
    console.log(`db:check: ${outputs.map(([file]) => file).join(' and ')} match supabase/migrations.`);
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Failure ? `db:${check ? 'check' : 'generate'}: ${error.message}` : error);
  process.exitCode = 1;
}
