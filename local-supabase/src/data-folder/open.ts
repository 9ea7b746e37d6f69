// Opening a data folder as the service's own: refused before PGlite sees it when it is not one (inspect.ts),
// locked (lock.ts), initialised only when empty, copied before PostgreSQL starts on it and put back when
// PostgreSQL refuses it (backup.ts; not a folder marked disposable, a copy of a template); and db:reset's emptying
// of one.
import fs from 'node:fs';
import path from 'node:path';
import { openPGlite, type Database } from '../db/database';
import { StartupError } from '../startup';
import { backUp, discardBackup, finishInterruptedStart, isBackupEntry, restore } from './backup';
import {
  DISPOSABLE_MARKER,
  ELSEWHERE,
  errorCode,
  INIT_MARKER,
  inspectDataFolder,
  LOCK_SOCKET,
  lockEntry,
  PID_FILE,
  RESET,
} from './inspect';
import { lockDataFolder, type FolderLock } from './lock';

/** Removes everything in the folder except the lock's own files, and says what it removed. */
function emptyFolder(dir: string): string[] {
  const removed: string[] = [];
  for (const entry of fs.readdirSync(dir).sort()) {
    if (entry === LOCK_SOCKET || entry === PID_FILE) continue;
    fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
    removed.push(entry);
  }
  return removed;
}

/**
 * A database another PGlite application made holds tables but none of the migration history that every start
 * of this service records (in the same transaction as its first migration). An initialised but never migrated
 * database (a first start stopped during its migrations) has neither, and is this service's.
 */
async function assertOurDatabase(db: Database, dir: string) {
  const history = await db.query<{ present: boolean }>(
    "select to_regnamespace('supabase_migrations') is not null as present",
  );
  if (history.rows[0]?.present) return;
  const tables = await db.query<{ name: string }>(
    `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p', 'v', 'm', 'f') and n.nspname <> 'information_schema' and n.nspname not like 'pg\\_%'
     order by 1 limit 4`,
  );
  if (tables.rows.length === 0) return;
  const shown = tables.rows
    .slice(0, 3)
    .map((r) => r.name)
    .join(', ');
  throw new StartupError(
    `the data folder ${dir} holds a database that local-supabase did not make (tables ${shown}${tables.rows.length > 3 ? ', …' : ''}, and no supabase_migrations schema); local-supabase leaves it alone: ${ELSEWHERE}`,
  );
}

/**
 * Everything before PGlite opens the folder: refuses a folder that is not the service's (before locking, so
 * nothing is written into it), takes the lock, looks again under the lock (another process may have changed it
 * meanwhile), and clears a first initialisation that never finished. `fresh`: PGlite will run initdb, and the
 * marker that says so is in place.
 */
export async function prepareDataFolder(dir: string): Promise<{ lock: FolderLock; fresh: boolean }> {
  // A start killed while it had the folder open left its backup: the folder is this service's, and is looked at
  // once the backup is back in place.
  const interrupted =
    fs.existsSync(dir) && fs.statSync(dir).isDirectory() && fs.readdirSync(dir).some(isBackupEntry);
  const before = interrupted ? { kind: 'database' as const } : inspectDataFolder(dir);
  if (before.kind === 'refused') throw new StartupError(before.reason);
  if (before.kind === 'absent') {
    try {
      fs.mkdirSync(dir, { recursive: true });
    } catch (error) {
      throw new StartupError(`cannot create the data folder ${dir} (${errorCode(error)}): ${ELSEWHERE}`, {
        cause: error,
      });
    }
  }
  const lock = await lockDataFolder(dir);
  try {
    finishInterruptedStart(dir, lockEntry);
    const state = inspectDataFolder(dir);
    if (state.kind === 'refused') throw new StartupError(state.reason);
    if (state.kind === 'absent') throw new StartupError(`the data folder ${dir} was removed while starting`);
    if (state.kind === 'unfinished') emptyFolder(dir);
    const fresh = state.kind !== 'database';
    if (fresh) fs.writeFileSync(path.join(dir, INIT_MARKER), 'initdb of local-supabase in progress\n');
    return { lock, fresh };
  } catch (error) {
    await lock.release();
    throw error;
  }
}

/**
 * Opens PGlite on `dir` as the service's own (prepareDataFolder), initialising it only when it is empty, and
 * checks the database it opened. A folder PostgreSQL refuses is put back as it was (backup.ts).
 * Closing the database releases the lock.
 */
export async function openDataFolder(dir: string): Promise<Database> {
  const { lock, fresh } = await prepareDataFolder(dir);
  let db: Database | undefined;
  // PGlite writes PostgreSQL's postmaster.pid as it starts, and leaves it when the start fails.
  const postmasterPid = path.join(dir, 'postmaster.pid');
  // A new folder has nothing to lose, and a disposable copy has its template.
  const safetyCopy = !fresh && !fs.existsSync(path.join(dir, DISPOSABLE_MARKER));
  try {
    if (safetyCopy) {
      try {
        backUp(dir, lockEntry);
      } catch (error) {
        throw new StartupError(
          `could not copy the data folder ${dir} before opening it (${errorCode(error)}): free some disk space and start again`,
          { cause: error },
        );
      }
    }
    try {
      db = await openPGlite(dir);
    } catch (error) {
      throw new StartupError(
        fresh
          ? `could not create a database in the data folder ${dir}: PGlite's initdb failed; check the free disk space and start again, or ${ELSEWHERE}`
          : `could not open the database in the data folder ${dir}: PostgreSQL did not start on it, so it is probably damaged; restore it from a backup, or ${RESET}`,
        { cause: error },
      );
    }
    if (fresh) fs.rmSync(path.join(dir, INIT_MARKER));
    else await assertOurDatabase(db, dir);
  } catch (error) {
    await db?.close().catch(() => undefined);
    if (fresh) fs.rmSync(postmasterPid, { force: true });
    else if (safetyCopy) restore(dir, lockEntry);
    await lock.release();
    throw error;
  }
  if (safetyCopy) discardBackup(dir);
  const opened = db;
  return {
    ...opened,
    close: async () => {
      try {
        await opened.close();
      } finally {
        await lock.release();
      }
    },
  };
}

interface ResetReport {
  /** The folder's entries that were removed; empty when there was nothing to remove. */
  removed: string[];
  bytes: number;
}

function sizeOf(target: string): number {
  const stat = fs.lstatSync(target);
  if (!stat.isDirectory()) return stat.size;
  return fs.readdirSync(target).reduce((sum, entry) => sum + sizeOf(path.join(target, entry)), 0);
}

/**
 * `npm run db:reset`: empties a local-supabase data folder (a sound, damaged or half-initialised one) under its
 * lock, so never while a service uses it. Anything that is not one is refused and left as it is.
 */
export async function resetDataFolder(dir: string): Promise<ResetReport> {
  const state = inspectDataFolder(dir);
  if (state.kind === 'absent') return { removed: [], bytes: 0 };
  if (state.kind === 'refused' && !state.removable) throw new StartupError(state.reason);
  const lock = await lockDataFolder(dir, 'reset');
  let removed: string[];
  let bytes = 0;
  try {
    for (const entry of fs.readdirSync(dir)) {
      if (entry !== LOCK_SOCKET && entry !== PID_FILE) bytes += sizeOf(path.join(dir, entry));
    }
    removed = emptyFolder(dir);
  } finally {
    await lock.release();
  }
  // The empty folder stays: removing it after the lock is released could remove one a new start just took.
  return { removed, bytes };
}
