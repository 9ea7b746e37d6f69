#!/usr/bin/env node
// The database's two descriptions, kept in step. supabase/migrations is what ships (`supabase db push`, and what
// local-supabase applies); supabase/schemas holds the current definition of every table, function, policy and
// grant by area, the files listed in supabase/config.toml's [db.migrations] schema_paths, applied in that order.
//
// `npm run db:generate` builds a scratch database from supabase/migrations on the PostgreSQL server the tests use
// (scripts/ensure-postgres.sh, or TEST_DATABASE_URL) the way local-supabase does (its bootstrap of what hosted
// Supabase provides, then every migration; no seed) and writes from it
//   shared-lib/src/supabase/database.generated.ts   `supabase gen types typescript` (the CLI from npm, no Docker)
//                                                   of the schema the API exposes.
//
// `npm run db:check` (`--check`, a step of `npm test`) fails, with a diff, when
//   - the committed types are not what the migrations generate, or
//   - a second scratch database, built from the same bootstrap and then the schema files in config order, has
//     another schema than the migrations' one: both are dumped whole by pg_dump --schema-only (tables, functions,
//     triggers, policies, grants, comments; the platform's schemas too, so a trigger a migration puts on
//     auth.users counts) and compared. Both start with hosted projects' default privileges (below), so grants
//     compare as they would on a hosted project.
//
// `npm run db:diff` (`--diff`) builds the same two databases and prints the SQL that takes the migrations' one to
// the schema files' one (@pgkit/migra, with grants and revokes): the draft of the migration a schema file change
// needs. migra leaves out comments and data, and orders statements its own way: read the draft before saving it.
//
// Every database this makes is dropped afterwards. `--root <dir>` reads `<dir>/supabase` and
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

const args = process.argv.slice(2);
const mode = args.includes('--check') ? 'check' : args.includes('--diff') ? 'diff' : 'generate';
const rootArg = args.indexOf('--root');
const root = rootArg >= 0 ? path.resolve(args[rootArg + 1] ?? '') : repo;
const supabaseDir = path.join(root, 'supabase');

// local-supabase's own code applies the migrations: the same bootstrap, order and history as the service.
const localSupabase = createRequire(path.join(repo, 'local-supabase', 'package.json'));
process.env.SWC_NODE_PROJECT ??= path.join(repo, 'local-supabase', 'tsconfig.runtime.json');
localSupabase('@swc-node/register');
const { openPostgres } = localSupabase('./src/db/database.ts');
const { migrate } = localSupabase('./src/db/migrate.ts');
const { parse: parseToml } = localSupabase('smol-toml');
const BOOTSTRAP = path.join(repo, 'local-supabase', 'src', 'db', 'bootstrap.sql');

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
// The PostgreSQL major CI installs (Debian's postgresql), as supabase/config.toml's db.major_version says.
const major = 15;
const pgDump = `/usr/lib/postgresql/${major}/bin/pg_dump`;

/**
 * supabase/config.toml's [db.migrations] schema_paths, relative to supabase/, in their order (a glob's matches
 * sorted by name, as the Supabase CLI sorts them).
 */
function schemaFiles() {
  const configFile = path.join(supabaseDir, 'config.toml');
  const config = parseToml(fs.readFileSync(configFile, 'utf8'));
  const paths = config.db?.migrations?.schema_paths;
  if (!Array.isArray(paths) || !paths.length) {
    fail(`${path.relative(root, configFile)} lists no [db.migrations] schema_paths.`);
  }
  const files = [];
  for (const pattern of paths) {
    const matches = fs.globSync(pattern, { cwd: supabaseDir }).sort();
    if (!matches.length) fail(`supabase/config.toml's schema_paths entry "${pattern}" matches no file.`);
    for (const file of matches) if (!files.includes(file)) files.push(file);
  }
  // A file the list misses would be left out of the schema files' database without a word.
  const listed = new Set(files.map((file) => path.normalize(file)));
  const unlisted = fs
    .globSync('schemas/**/*.sql', { cwd: supabaseDir })
    .filter((file) => !listed.has(path.normalize(file)));
  if (unlisted.length) {
    fail(
      `${unlisted.map((file) => `supabase/${file}`).join(', ')} ${unlisted.length > 1 ? 'are' : 'is'} not in ` +
        "supabase/config.toml's [db.migrations] schema_paths: list it after the files whose tables and functions it uses.",
    );
  }
  return files;
}

// Hosted projects' default privileges: every new table, function and sequence in public is granted to anon and
// authenticated unless revoked (older projects; the migrations revoke first, 20261122140000_hardening.sql). Both
// scratch databases start with them, so a schema file that forgets a revoke shows up as a grant the migrations'
// database does not have. local-supabase's bootstrap sets none: PostgreSQL's own defaults apply there.
const HOSTED_DEFAULT_PRIVILEGES = ['tables', 'functions', 'sequences']
  .map(
    (kind) =>
      `alter default privileges in schema public grant all on ${kind} to anon, authenticated, service_role;`,
  )
  .join('\n');

/** Loads a fresh database the way hosted Supabase starts (the bootstrap), then the schema files in order. */
async function loadSchemaFiles(db) {
  const files = schemaFiles();
  await db.exec(HOSTED_DEFAULT_PRIVILEGES);
  await db.transaction(async (tx) => {
    await tx.exec(fs.readFileSync(BOOTSTRAP, 'utf8'));
    for (const file of files) {
      try {
        await tx.exec(fs.readFileSync(path.join(supabaseDir, file), 'utf8'));
      } catch (error) {
        fail(
          `supabase/${path.normalize(file)} failed on a database that has the platform and the files before it in ` +
            `schema_paths: ${error.message}. A file may use only what it or an earlier file defines.`,
        );
      }
    }
  });
}

async function loadMigrations(db) {
  await db.exec(HOSTED_DEFAULT_PRIVILEGES);
  await migrate(db, supabaseDir, { enabled: false, sqlPaths: [] }).catch(
    (error) => fail(error.message), // which migration failed, and PostgreSQL's reason
  );
}

/** Creates scratch databases on the server, loads each, and drops them all when `use` is done (or on Ctrl-C). */
async function withDatabases(url, loaders, use) {
  const admin = await openPostgres(url);
  const names = loaders.map(() => `storefront_dbgen_${process.pid}_${randomBytes(4).toString('hex')}`);
  const dropAll = async () => {
    for (const name of names) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.close();
  };
  const onSignal = (signal) => {
    void dropAll().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
  try {
    const server = Number((await admin.query('show server_version_num')).rows[0].server_version_num);
    if (Math.floor(server / 10000) !== major) {
      fail(
        `the PostgreSQL server at ${new URL(url).host} is version ${Math.floor(server / 10000)}: the database ` +
          `is PostgreSQL ${major} (supabase/config.toml's db.major_version, what CI installs). Point ` +
          `TEST_DATABASE_URL at a ${major} server.`,
      );
    }
    // template0: nothing a local template1 gained can leak into the comparison. One after the other: the
    // server refuses two copies of one template at once.
    for (const name of names) await admin.query(`create database ${name} template template0 encoding 'UTF8'`);
    const urls = names.map((name) => databaseUrl(url, name));
    // Both loads at once (each waits mostly on the server), and both finished before any database is dropped.
    const loads = await Promise.allSettled(
      loaders.map(async (load, i) => {
        const db = await openPostgres(urls[i]);
        try {
          await load(db);
        } finally {
          await db.close();
        }
      }),
    );
    const failed = loads.find((load) => load.status === 'rejected');
    if (failed) throw failed.reason;
    return await use(urls);
  } finally {
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
    await dropAll();
  }
}

async function generateTypes(databaseUrl, outDir) {
  const cli = fileURLToPath(import.meta.resolve('supabase/dist/supabase.js'));
  const types = await run(
    process.execPath,
    [cli, 'gen', 'types', 'typescript', `--remote=${databaseUrl}`, `--schema=${typedSchemas.join(',')}`],
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
  const prettier = await import('prettier');
  const filepath = path.join(repo, TYPES_FILE); // this repository's Prettier settings, also for --root
  const header =
    '// Generated by `npm run db:generate` from supabase/migrations (`supabase gen types typescript`): do not edit.\n' +
    '// The app imports ./database.types, which refines these types where the database says less than it may rely on.\n\n';
  return prettier.format(header + types.stdout, { ...(await prettier.resolveConfig(filepath)), filepath });
}

/** The whole database's schema, without what changes from one run or minor release to the next. */
async function dumpSchema(databaseUrl) {
  if (!fs.existsSync(pgDump)) {
    fail(
      `${pgDump} is missing: install Debian's postgresql-client-${major} (the proof compares pg_dump ${major}).`,
    );
  }
  const dump = await run(pgDump, ['--schema-only', '--no-owner', databaseUrl], {
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error) => {
    fail(`pg_dump failed:\n${error.stderr || error.message}`);
  });
  return (
    dump.stdout
      .replace(/^-- Dumped (from database|by pg_dump) version .*\n/gm, '')
      // 15.14+ guards the script with a random key per run.
      .replace(/^\\(un)?restrict \S+\n\n?/gm, '')
  );
}

/** `diff -u` of two texts, labelled; empty when they are equal. */
async function unifiedDiff(outDir, [labelA, textA], [labelB, textB]) {
  if (textA === textB) return '';
  const a = path.join(outDir, 'a');
  const b = path.join(outDir, 'b');
  fs.writeFileSync(a, textA);
  fs.writeFileSync(b, textB);
  // diff exits 1 when the files differ: its output is the answer either way.
  const diff = await run('diff', ['-u', '--label', labelA, '--label', labelB, a, b], {
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error) => error);
  return diff.stdout || `${labelA} and ${labelB} differ`;
}

const FROM_MIGRATIONS = 'database from supabase/migrations';
const FROM_SCHEMAS = 'database from supabase/schemas';

async function check(url, outDir) {
  const problems = [];
  await withDatabases(url, [loadMigrations, loadSchemaFiles], async ([migrationsUrl, schemasUrl]) => {
    const [types, migrationsSchema, schemasSchema] = await Promise.all([
      generateTypes(migrationsUrl, outDir),
      dumpSchema(migrationsUrl),
      dumpSchema(schemasUrl),
    ]);
    const committedTypes = path.join(root, TYPES_FILE);
    const typesDiff = await unifiedDiff(
      outDir,
      [
        `${TYPES_FILE} (committed)`,
        fs.existsSync(committedTypes) ? fs.readFileSync(committedTypes, 'utf8') : '',
      ],
      [`${TYPES_FILE} (from the migrations)`, types],
    );
    if (typesDiff) {
      process.stdout.write(typesDiff);
      problems.push(
        `${TYPES_FILE} is not what supabase/migrations generate (diff above): run \`npm run db:generate\` and ` +
          'commit the result.',
      );
    }
    const schemaDiff = await unifiedDiff(
      outDir,
      [FROM_MIGRATIONS, migrationsSchema],
      [FROM_SCHEMAS, schemasSchema],
    );
    if (schemaDiff) {
      process.stdout.write(schemaDiff);
      problems.push(
        'supabase/migrations and supabase/schemas describe different databases (pg_dump diff above: `-` is what ' +
          'the migrations build, `+` what the schema files build). Every database change is written in both:\n' +
          '  - changed a schema file? Add the migration that makes the same change: `npm run db:diff` prints a ' +
          'draft; check it and save it as supabase/migrations/<yyyymmddhhmmss>_<what>.sql.\n' +
          '  - added a migration? Write its result into the schema file of its area (supabase/schemas, listed in ' +
          "config.toml's [db.migrations] schema_paths): a changed function's whole new definition in place of the " +
          'old one, a new column at the end of its table, a new grant or policy next to its table or function.\n' +
          'Then run `npm run db:check` again.',
      );
    }
  });
  if (problems.length) fail(problems.join('\n'));
  console.log(
    `db:check: ${TYPES_FILE} matches supabase/migrations, and supabase/schemas builds the same database.`,
  );
}

async function generate(url, outDir) {
  const types = await withDatabases(url, [loadMigrations], ([migrationsUrl]) =>
    generateTypes(migrationsUrl, outDir),
  );
  const target = path.join(root, TYPES_FILE);
  const same = fs.existsSync(target) && fs.readFileSync(target, 'utf8') === types;
  if (!same) fs.writeFileSync(target, types);
  console.log(`${same ? 'unchanged' : 'wrote'} ${TYPES_FILE}`);
}

async function diff(url) {
  const migra = createRequire(import.meta.url).resolve('@pgkit/migra/dist/command.js');
  const draft = await withDatabases(
    url,
    [loadMigrations, loadSchemaFiles],
    async ([migrationsUrl, schemasUrl]) => {
      const result = await run(
        process.execPath,
        [migra, 'run', migrationsUrl, schemasUrl, '--unsafe', '--with-privileges'],
        { maxBuffer: 64 * 1024 * 1024 },
      ).catch((error) => fail(`@pgkit/migra failed:\n${error.stderr || error.message}`));
      return result.stdout.trim();
    },
  );
  if (!draft) {
    console.error(
      'db:diff: supabase/schemas and supabase/migrations build the same database; no migration needed.',
    );
    return;
  }
  // On stdout alone, so `npm run --silent db:diff > supabase/migrations/<timestamp>_<what>.sql` saves the draft.
  process.stdout.write(
    '-- Drafted by `npm run db:diff` (@pgkit/migra) from the difference between the database supabase/migrations\n' +
      '-- build and the one supabase/schemas build. Check it, say why above each change, and run `npm run db:check`.\n\n' +
      `${draft}\n`,
  );
}

async function main() {
  if (mode !== 'generate') schemaFiles(); // a wrong list fails before any database is made
  const url = await serverUrl();
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-dbgen-'));
  try {
    if (mode === 'check') await check(url, outDir);
    else if (mode === 'diff') await diff(url);
    else await generate(url, outDir);
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Failure ? `db:${mode}: ${error.message}` : error);
  process.exitCode = 1;
}
