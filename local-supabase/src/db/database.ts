// One interface over the two stores: embedded PGlite (one connection, so requests are serialised through its
// transaction lock) or a PostgreSQL server through a `pg` pool.
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { Pool } from 'pg';

export interface QueryResult<T> {
  rows: T[];
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Runs a script of several statements, without parameters. */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction; an error rolls it back. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export async function openPGlite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir ? `file://${dataDir}` : undefined, { extensions: { pgcrypto } });
  return {
    kind: 'pglite',
    query: <T>(sql: string, params?: unknown[]) => db.query<T>(sql, params),
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) =>
      db.transaction((tx) =>
        fn({
          query: <R>(sql: string, params?: unknown[]) => tx.query<R>(sql, params),
          exec: async (sql: string) => {
            await tx.exec(sql);
          },
        }),
      ),
    exec: async (sql) => {
      await db.exec(sql);
    },
    close: () => db.close(),
  };
}

export async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new Pool({ connectionString, max: Number(process.env.PG_POOL_SIZE ?? 20) });
  await pool.query('select 1');
  return {
    kind: 'postgres',
    query: async <T>(sql: string, params?: unknown[]) => ({
      rows: (await pool.query(sql, params)).rows as T[],
    }),
    transaction: async <T>(fn: (tx: Queryable) => Promise<T>) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn({
          query: async <R>(sql: string, params?: unknown[]) => ({
            rows: (await client.query(sql, params)).rows as R[],
          }),
          exec: async (sql: string) => {
            await client.query(sql);
          },
        });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    exec: async (sql) => {
      await pool.query(sql);
    },
    close: () => pool.end(),
  };
}
