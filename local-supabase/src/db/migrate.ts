// Brings a database up to date the way the Supabase CLI does: the platform bootstrap, then every pending
// migration in supabase/migrations in lexical order, recorded in supabase_migrations.schema_migrations, then
// seed.sql once (recorded in supabase_migrations.seed_files, as the CLI records it).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from './database';

export const SUPABASE_DIR = path.resolve(__dirname, '..', '..', '..', 'supabase');

export interface MigrationReport {
  applied: string[];
  seeded: boolean;
}

/** `20260901000000_storefront.sql` -> version `20260901000000`, name `storefront` (the CLI's split). */
function parseFileName(file: string): { version: string; name: string } | null {
  const match = /^(\d+)_(.*)\.sql$/.exec(file);
  return match ? { version: match[1]!, name: match[2]! } : null;
}

/** config.toml's [db.seed]: whether to seed, and the files (absolute paths) in order. */
export interface SeedSettings {
  enabled: boolean;
  sqlPaths: string[];
}

export async function migrate(
  db: Database,
  supabaseDir = SUPABASE_DIR,
  seed: SeedSettings = { enabled: true, sqlPaths: [path.join(supabaseDir, 'seed.sql')] },
): Promise<MigrationReport> {
  const bootstrap = fs.readFileSync(path.join(__dirname, 'bootstrap.sql'), 'utf8');
  const dir = path.join(supabaseDir, 'migrations');
  // A project without migrations (the Supabase CLI's `supabase init` makes none) is an empty list.
  const files = fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.sql'))
        .sort()
    : [];

  // All of it in one transaction: a failing migration leaves the database as it was, and the advisory lock
  // makes a second service starting on the same PostgreSQL database wait instead of applying twice.
  return db.transaction(async (tx) => {
    await tx.query("select pg_advisory_xact_lock(hashtext('supabase_migrations'))");
    await tx.exec(bootstrap);
    const done = new Set(
      (
        await tx.query<{ version: string }>('select version from supabase_migrations.schema_migrations')
      ).rows.map((r) => r.version),
    );
    const applied: string[] = [];
    for (const file of files) {
      const parsed = parseFileName(file);
      if (!parsed) throw new Error(`Migration file name must be <timestamp>_<name>.sql: ${file}`);
      if (done.has(parsed.version)) continue;
      const sql = fs.readFileSync(path.join(dir, file), 'utf8');
      try {
        await tx.exec(sql);
      } catch (error) {
        throw new Error(`Migration ${file} failed: ${(error as Error).message}`, { cause: error });
      }
      await tx.query(
        'insert into supabase_migrations.schema_migrations (version, statements, name) values ($1, $2, $3)',
        [parsed.version, [sql], parsed.name],
      );
      applied.push(file);
    }

    // Each seed file once, recorded by its path as the CLI records it (`supabase/seed.sql`).
    let seeded = false;
    for (const seedFile of seed.enabled ? seed.sqlPaths : []) {
      const recorded = ['supabase', ...path.relative(supabaseDir, seedFile).split(path.sep)].join('/');
      const seedDone = (
        await tx.query('select 1 from supabase_migrations.seed_files where path = $1', [recorded])
      ).rows.length;
      if (seedDone || !fs.existsSync(seedFile)) continue;
      const sql = fs.readFileSync(seedFile, 'utf8');
      try {
        await tx.exec(sql);
      } catch (error) {
        throw new Error(`${recorded} failed: ${(error as Error).message}`, { cause: error });
      }
      await tx.query('insert into supabase_migrations.seed_files (path, hash) values ($1, $2)', [
        recorded,
        createHash('sha256').update(sql).digest('hex'),
      ]);
      seeded = true;
    }
    return { applied, seeded };
  });
}
