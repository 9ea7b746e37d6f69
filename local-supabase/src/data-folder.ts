// PGlite's data folder, kept safe: one process owns it at a time, it is initialised only when empty or absent,
// and anything that is not a folder this service made, or is damaged, is refused with its path and the remedy
// before PGlite sees it (PGlite would run initdb over a folder without PG_VERSION, wiping it, and aborts with a
// bare `RuntimeError: Aborted()` on a damaged one).
//
// The lock is a Unix socket listening inside the folder (a named pipe on Windows): the kernel releases it when
// the process dies, however it dies, so a restart after a crash is never refused, and a live holder answers a
// connection with its pid, which is also written beside it. A socket path has a length limit (104 bytes on
// macOS, 108 on Linux); for a folder whose path is too long the socket is in /tmp, named by a hash of the
// folder's real path, so every process that opens the folder finds the same one.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { openPGlite, type Database } from './db/database';
import { backUp, discardBackup, finishInterruptedStart, isBackupEntry, restore } from './folder-backup';
import { StartupError } from './startup';

/** Where `npm start` keeps its data when DATA_DIR is not set: `.data/local-supabase` at the repository root. */
export const DEFAULT_DATA_DIR = path.resolve(__dirname, '..', '..', '.data', 'local-supabase');

export const LOCK_SOCKET = 'local-supabase.sock';
export const PID_FILE = 'local-supabase.pid';
/** Written into an empty folder before initdb, removed when it succeeded: a folder holding it never held data. */
export const INIT_MARKER = 'local-supabase.initialising';
const ASIDE = /^local-supabase\.sock\.\d+\.[0-9a-f]+\.stale$/;

/** The PostgreSQL that PGlite 0.5 runs, and the layout of its pg_control file. */
const PG_MAJOR = '18';
const PG_CONTROL_VERSION = 1800;
const PG_CONTROL_SIZE = 8192;
const PG_CONTROL_CRC_OFFSET = 292;
/** Entries every PostgreSQL data folder has; any of them marks a folder as one (maybe a damaged one). */
const PG_ENTRIES = ['PG_VERSION', 'base', 'global', 'pg_wal', 'pg_xact', 'pg_multixact', 'postgresql.conf'];
const MAX_SOCKET_PATH = 103;

const RESET = 'run `npm run db:reset` to empty it and start with a new database';
const ELSEWHERE = 'set DATA_DIR to another folder (an absent or empty one starts a new database)';

export type FolderState =
  /** Nothing there yet. */
  | { kind: 'absent' }
  /** A folder with nothing in it but this service's own lock files. */
  | { kind: 'empty' }
  /** A first initialisation that never finished (the process died during initdb): it holds no data. */
  | { kind: 'unfinished' }
  /** A PGlite data folder that passes every check that can be made without opening it. */
  | { kind: 'database' }
  /** Something else; `reason` names the folder and says what to do. */
  | { kind: 'refused'; reason: string; removable: boolean };

/** The lock's files and the initialisation marker: never part of the database. */
const lockEntry = (entry: string) =>
  entry === LOCK_SOCKET || entry === PID_FILE || entry === INIT_MARKER || ASIDE.test(entry);
/** What this service keeps in a data folder beside the database: the lock's files and the start's backup. */
const ours = (entry: string) => lockEntry(entry) || isBackupEntry(entry);

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

const CRC32C = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let c = i;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0x82f63b78 : c >>> 1;
    table[i] = c >>> 0;
  }
  return table;
})();

function crc32c(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC32C[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** What is wrong with a PostgreSQL data folder of PG_MAJOR, or undefined when nothing visible is. */
function damage(dir: string, entries: string[]): string | undefined {
  for (const entry of ['base', 'global', 'pg_wal']) {
    if (!entries.includes(entry)) return `${entry} is missing`;
  }
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(path.join(dir, 'global', 'pg_control'));
  } catch (error) {
    return `global/pg_control: ${errorCode(error) === 'ENOENT' ? 'missing' : errorCode(error)}`;
  }
  if (bytes.length !== PG_CONTROL_SIZE)
    return `global/pg_control has ${bytes.length} bytes instead of ${PG_CONTROL_SIZE}`;
  if (bytes.readUInt32LE(8) !== PG_CONTROL_VERSION)
    return `global/pg_control is not PostgreSQL ${PG_MAJOR}'s (version ${bytes.readUInt32LE(8)})`;
  if (crc32c(bytes.subarray(0, PG_CONTROL_CRC_OFFSET)) !== bytes.readUInt32LE(PG_CONTROL_CRC_OFFSET))
    return 'global/pg_control fails its checksum';
  return undefined;
}

function pgVersion(dir: string): string | undefined {
  try {
    return fs.readFileSync(path.join(dir, 'PG_VERSION'), 'utf8').trim();
  } catch {
    return undefined;
  }
}

/**
 * Looks at a data folder without changing anything. A folder is this service's when it is PGlite's layout of
 * PostgreSQL 18: that is what every release of it has made (they all ran PGlite 0.5). Whether the database in
 * it is this service's, or another PGlite application's, is checked once it is open (assertOurDatabase).
 */
export function inspectDataFolder(dir: string): FolderState {
  const refuse = (reason: string, removable = false): FolderState => ({ kind: 'refused', reason, removable });
  let stat: fs.Stats;
  try {
    stat = fs.statSync(dir);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return { kind: 'absent' };
    if (errorCode(error) === 'ENOTDIR')
      return refuse(`the data folder ${dir} cannot be made: part of its path is a file; ${ELSEWHERE}`);
    return refuse(
      `cannot reach the data folder ${dir} (${errorCode(error)}); fix its permissions or ${ELSEWHERE}`,
    );
  }
  if (!stat.isDirectory())
    return refuse(`the data folder ${dir} is a file, not a folder; move the file away or ${ELSEWHERE}`);
  let entries: string[];
  try {
    entries = fs.readdirSync(dir);
  } catch (error) {
    return refuse(
      `cannot read the data folder ${dir} (${errorCode(error)}); fix its permissions or ${ELSEWHERE}`,
    );
  }
  if (entries.includes(INIT_MARKER)) return { kind: 'unfinished' };
  const theirs = entries.filter((entry) => !ours(entry));
  if (theirs.length === 0) return { kind: 'empty' };
  if (!theirs.some((entry) => PG_ENTRIES.includes(entry))) {
    const shown = theirs.sort().slice(0, 3).join(', ') + (theirs.length > 3 ? ', …' : '');
    return refuse(
      `the data folder ${dir} is not empty and is not a local-supabase database (it holds ${shown}); local-supabase initialises only an empty or absent folder and leaves this one alone: ${ELSEWHERE}`,
    );
  }
  if (theirs.includes('postmaster.opts'))
    return refuse(
      `the data folder ${dir} belongs to a PostgreSQL server, not to local-supabase's PGlite; to use that server, start it and set DATABASE_URL, or ${ELSEWHERE}`,
    );
  const version = pgVersion(dir);
  const damaged = (what: string) =>
    refuse(
      `the data folder ${dir} is damaged (${what}), so local-supabase will not open it: restore it from a backup, or ${RESET}`,
      true,
    );
  if (version === undefined) return damaged('PG_VERSION is missing');
  if (version !== PG_MAJOR)
    return refuse(
      `the data folder ${dir} holds a PostgreSQL ${version} database, and this local-supabase runs PostgreSQL ${PG_MAJOR} (PGlite); open it with what made it and export its data, or ${RESET}`,
      true,
    );
  const broken = damage(dir, entries);
  if (broken) return damaged(broken);
  for (const entry of ['.', 'global', 'global/pg_control', 'base', 'pg_wal']) {
    try {
      fs.accessSync(path.join(dir, entry), fs.constants.W_OK);
    } catch (error) {
      return refuse(
        `the data folder ${dir} is not writable (${entry === '.' ? 'the folder' : entry}: ${errorCode(error)}); local-supabase writes to its database: make it writable for this user (chmod -R u+w), or ${ELSEWHERE}`,
      );
    }
  }
  return { kind: 'database' };
}

interface FolderLock {
  /** The socket (or pipe) the lock is. */
  address: string;
  release(): Promise<void>;
}

/** The lock's address for a folder: the same for every process and every spelling of the folder's path. */
export function lockAddress(dir: string): string {
  const real = fs.realpathSync(dir);
  const hash = () =>
    createHash('sha256')
      .update(process.platform === 'win32' ? real.toLowerCase() : real)
      .digest('hex')
      .slice(0, 24);
  if (process.platform === 'win32') return `\\\\.\\pipe\\local-supabase-${hash()}`;
  const inside = path.join(real, LOCK_SOCKET);
  if (Buffer.byteLength(inside) <= MAX_SOCKET_PATH) return inside;
  return path.join('/tmp', `local-supabase-${hash()}.sock`);
}

/** Asks whoever listens on `address` for its pid. `alive: false` when nobody does (a socket left by a crash). */
function probe(address: string): Promise<{ alive: boolean; pid?: number }> {
  return new Promise((resolve) => {
    let answer = '';
    let connected = false;
    const socket = net.connect(address);
    const done = (result: { alive: boolean; pid?: number }) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    // A holder whose event loop is busy (PGlite's initdb runs on it) accepts the connection but answers late.
    const timer = setTimeout(() => done({ alive: true }), 1500);
    socket.on('connect', () => (connected = true));
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('end', () => {
      const pid = Number(answer.trim());
      done({ alive: true, pid: Number.isInteger(pid) && pid > 0 ? pid : undefined });
    });
    socket.on('error', (error) => {
      const code = errorCode(error);
      done({ alive: connected || !(code === 'ECONNREFUSED' || code === 'ENOENT' || code === 'ENOTSOCK') });
    });
  });
}

function listen(server: net.Server, address: string): Promise<NodeJS.ErrnoException | undefined> {
  return new Promise((resolve) => {
    server.once('error', resolve);
    server.listen(address, () => {
      server.off('error', resolve);
      resolve(undefined);
    });
  });
}

function readPid(dir: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(path.join(dir, PID_FILE), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Removes a socket file nobody listens on, unless it was replaced in the meantime: it is renamed aside first
 * (atomic) and deleted only when it is still the file that was found dead; otherwise it is put back.
 */
function removeStale(address: string, dead: fs.Stats) {
  const aside = `${address}.${process.pid}.${randomBytes(4).toString('hex')}.stale`;
  try {
    fs.renameSync(address, aside);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return;
    throw error;
  }
  const moved = fs.lstatSync(aside);
  if (moved.ino !== dead.ino || moved.dev !== dead.dev) {
    try {
      fs.linkSync(aside, address);
    } catch {
      // Someone else holds the lock by now; the next attempt finds them.
    }
  }
  fs.rmSync(aside, { force: true });
}

function notWritable(dir: string, error: unknown): StartupError {
  return new StartupError(
    `the data folder ${dir} is not writable (${errorCode(error)}); local-supabase writes to its database: make it writable for this user (chmod -R u+w), or ${ELSEWHERE}`,
    { cause: error },
  );
}

/**
 * Takes the folder's lock or throws a StartupError naming the folder and the pid that holds it. The folder
 * must exist.
 */
export async function lockDataFolder(dir: string, purpose: 'start' | 'reset' = 'start'): Promise<FolderLock> {
  const address = lockAddress(dir);
  const isFile = process.platform !== 'win32';
  for (let attempt = 0; attempt < 5; attempt++) {
    const server = net.createServer((socket) => {
      socket.on('error', () => undefined);
      socket.end(`${process.pid}\n`);
    });
    const error = await listen(server, address);
    if (!error) {
      server.on('error', () => undefined);
      // The lock must not keep a process alive on its own.
      server.unref();
      try {
        fs.writeFileSync(path.join(dir, PID_FILE), `${process.pid}\n`);
      } catch (writeError) {
        await new Promise((resolve) => server.close(resolve));
        throw notWritable(dir, writeError);
      }
      let released = false;
      return {
        address,
        release: async () => {
          if (released) return;
          released = true;
          // Closing the server removes its socket file.
          await new Promise((resolve) => server.close(resolve));
          if (readPid(dir) === process.pid) fs.rmSync(path.join(dir, PID_FILE), { force: true });
        },
      };
    }
    if (error.code !== 'EADDRINUSE') {
      if (['EACCES', 'EPERM', 'EROFS'].includes(error.code ?? '')) throw notWritable(dir, error);
      throw error;
    }
    let found: fs.Stats | undefined;
    if (isFile) {
      try {
        found = fs.lstatSync(address);
      } catch (statError) {
        if (errorCode(statError) === 'ENOENT') continue;
        throw statError;
      }
    }
    const holder = await probe(address);
    if (holder.alive) {
      const pid = holder.pid ?? readPid(dir);
      const stop = `stop it${pid ? ` (Ctrl-C in its terminal, or kill ${pid})` : ''}`;
      throw new StartupError(
        `the data folder ${dir} is in use by another local-supabase (pid ${pid ?? 'unknown'}): ` +
          (purpose === 'reset'
            ? `${stop}, then run \`npm run db:reset\` again`
            : `use that one, or ${stop} and start again, or ${ELSEWHERE}`),
      );
    }
    if (found) removeStale(address, found);
  }
  throw new StartupError(
    `could not take the lock of the data folder ${dir} (${address}): another process keeps replacing it; stop the other local-supabase processes and start again`,
  );
}

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
 * checks the database it opened. A folder PostgreSQL refuses is put back as it was (src/folder-backup.ts).
 * Closing the database releases the lock.
 */
export async function openDataFolder(dir: string): Promise<Database> {
  const { lock, fresh } = await prepareDataFolder(dir);
  let db: Database | undefined;
  // PGlite writes PostgreSQL's postmaster.pid as it starts, and leaves it when the start fails.
  const postmasterPid = path.join(dir, 'postmaster.pid');
  try {
    if (!fresh) {
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
    else restore(dir, lockEntry);
    await lock.release();
    throw error;
  }
  if (!fresh) discardBackup(dir);
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
