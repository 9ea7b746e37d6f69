// One interface over the two stores: embedded PGlite (one connection, so requests are serialised through its
// transaction lock) or a PostgreSQL server through a `pg` pool.
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { Client, escapeIdentifier, Pool, type QueryResult as PgResult } from 'pg';

interface QueryResult<T> {
  rows: T[];
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /**
   * Runs a script of several statements, without parameters, and returns each statement's rows. Outside a
   * transaction the script is one implicit transaction (an error anywhere rolls all of it back) and, on
   * PostgreSQL, one round trip.
   */
  exec(sql: string): Promise<QueryResult<Record<string, unknown>>[]>;
}

export interface Database extends Queryable {
  kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction; an error rolls it back. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Calls `onNotify` with the payload of each NOTIFY on `channel`, and `onReconnect` when a lost listening
   * connection was made again (notifications may have been missed meanwhile). Returns the unsubscribe.
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onReconnect?: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export async function openPGlite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir ? `file://${dataDir}` : undefined, { extensions: { pgcrypto } });
  return {
    kind: 'pglite',
    query: <T>(sql: string, params?: unknown[]) => db.query<T>(sql, params),
    // PGlite's transaction() holds its own lock, so requests run one transaction at a time.
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) =>
      db.transaction(async (tx) =>
        fn({
          query: <R>(sql: string, params?: unknown[]) => tx.query<R>(sql, params),
          exec: (sql: string) => tx.exec(sql),
        }),
      ),
    exec: (sql) => db.exec(sql),
    listen: async (channel, onNotify) => {
      const unlisten = await db.listen(channel, onNotify);
      return () => unlisten();
    },
    close: () => db.close(),
  };
}

/**
 * LISTEN on a connection of its own (a pooled one would be handed to requests), made again after it is lost,
 * after one second and then at most every 30 seconds, as PostgREST's listener does.
 */
async function listenPostgres(
  connectionString: string,
  channel: string,
  onNotify: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  let client: Client | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let delay = 1000;
  const connect = async (): Promise<void> => {
    const next = new Client({ connectionString });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    next.on('error', () => undefined);
    next.on('end', () => {
      if (stopped || client !== next) return;
      client = undefined;
      schedule();
    });
    await next.connect();
    await next.query(`listen ${escapeIdentifier(channel)}`);
    client = next;
  };
  const schedule = () => {
    timer = setTimeout(() => {
      connect().then(
        () => {
          delay = 1000;
          onReconnect?.();
        },
        () => {
          delay = Math.min(delay * 2, 30_000);
          if (!stopped) schedule();
        },
      );
    }, delay);
    timer.unref();
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await client?.end().catch(() => undefined);
  };
}

/** pg answers a one-statement script with its result and a longer one with an array of them. */
function resultsOf(result: PgResult | PgResult[]): QueryResult<Record<string, unknown>>[] {
  return (Array.isArray(result) ? result : [result]).map((r) => ({ rows: r.rows }));
}

export async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new Pool({
    connectionString,
    max: Number(process.env.PG_POOL_SIZE ?? 20),
    // A server that does not answer (a network gone, not a refusal), or a pool busy for this long, fails the
    // request with a 503 instead of holding it forever; 10 s is PostgREST's pool acquisition timeout.
    connectionTimeoutMillis: Number(process.env.PG_CONNECT_TIMEOUT ?? 10) * 1000,
  });
  // An idle connection the server drops (a restart, an admin's pg_terminate_backend) must not crash the process.
  pool.on('error', () => undefined);
  await pool.query('select 1');
  return {
    kind: 'postgres',
    query: async <T>(sql: string, params?: unknown[]) => ({
      rows: (await pool.query(sql, params)).rows as T[],
    }),
    transaction: async <T>(fn: (tx: Queryable) => Promise<T>) => {
      const client = await pool.connect();
      // A connection whose rollback failed is broken: the pool must drop it, not hand it out again.
      let broken: Error | undefined;
      try {
        await client.query('begin');
        const result = await fn({
          query: async <R>(sql: string, params?: unknown[]) => ({
            rows: (await client.query(sql, params)).rows as R[],
          }),
          exec: async (sql: string) => resultsOf(await client.query(sql)),
        });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch((rollbackError: Error) => {
          broken = rollbackError;
        });
        throw error;
      } finally {
        client.release(broken);
      }
    },
    exec: async (sql) => resultsOf(await pool.query(sql)),
    listen: (channel, onNotify, onReconnect) =>
      listenPostgres(connectionString, channel, onNotify, onReconnect),
    close: () => pool.end(),
  };
}
