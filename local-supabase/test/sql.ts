// SQL run beside the API, for what no client may ask (the private schema): on PostgreSQL through `pg` on the
// backend's own database while it runs; on PGlite in a copy of the migrated and seeded template folder, through
// pglite-query.mjs (PGlite's WebAssembly loader needs a plain Node.js process, not jest's).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import type { Backend, Kind } from './harness';

const run = promisify(execFile);

/** The rows of one statement on a PostgreSQL backend's database. */
export async function queryPostgres<T = Record<string, unknown>>(
  backend: Backend,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  if (!backend.databaseUrl) throw new Error('queryPostgres needs a PostgreSQL backend');
  const client = new Client({ connectionString: backend.databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/**
 * The rows of one statement on a database that the migrations and seed.sql built, on either engine: the running
 * PostgreSQL `backend`'s, or a fresh copy of the PGlite template (no service holds it).
 */
export async function queryMigrated<T = Record<string, unknown>>(
  kind: Kind,
  backend: Backend | undefined,
  sql: string,
): Promise<T[]> {
  if (kind === 'postgres') return queryPostgres<T>(backend!, sql);
  const template = process.env.LOCAL_SUPABASE_PGLITE_TEMPLATE;
  if (!template) throw new Error('global-setup did not prepare a PGlite template');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ls-sql-'));
  try {
    fs.cpSync(template, dir, { recursive: true });
    const { stdout } = await run(process.execPath, [path.join(__dirname, 'pglite-query.mjs'), dir, sql], {
      cwd: path.join(__dirname, '..'),
      maxBuffer: 64 * 1024 * 1024,
    });
    return JSON.parse(stdout) as T[];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
