// Brings a database up to date the way the Supabase CLI does: the platform bootstrap, then every pending
// migration in supabase/migrations in lexical order, recorded in supabase_migrations.schema_migrations, then
// seed.sql once for a new database.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from './database';

export const SUPABASE_DIR = path.resolve(__dirname, '..', '..', '..', 'supabase');

export interface MigrationReport {
  applied: string[];
  seeded: boolean;
}

export async function migrate(db: Database, supabaseDir = SUPABASE_DIR): Promise<MigrationReport> {
  await db.exec(fs.readFileSync(path.join(__dirname, 'bootstrap.sql'), 'utf8'));
  const done = new Set(
    (
      await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')
    ).rows.map((r) => r.version),
  );
  const isNew = done.size === 0;
  const dir = path.join(supabaseDir, 'migrations');
  const applied: string[] = [];
  for (const file of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    const [version, ...rest] = file.replace(/\.sql$/, '').split('_');
    if (!version || done.has(version)) continue;
    const sql = fs.readFileSync(path.join(dir, file), 'utf8');
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query(
        'insert into supabase_migrations.schema_migrations (version, statements, name) values ($1, $2, $3)',
        [version, [sql], rest.join('_')],
      );
    });
    applied.push(file);
  }
  let seeded = false;
  const seedFile = path.join(supabaseDir, 'seed.sql');
  if (isNew && fs.existsSync(seedFile)) {
    const sql = fs.readFileSync(seedFile, 'utf8');
    await db.exec(sql);
    await db.query(
      'insert into supabase_migrations.seed_files (path, hash) values ($1, $2) on conflict do nothing',
      ['supabase/seed.sql', createHash('sha256').update(sql).digest('hex')],
    );
    seeded = true;
  }
  return { applied, seeded };
}
