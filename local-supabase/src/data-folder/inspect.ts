// What a data folder is, found without opening it: absent, empty, a first initialisation that never finished, a
// PGlite folder of this service (PostgreSQL 18's layout, its pg_control sound), or anything else, refused with
// the folder's path and what to do. PGlite must never see a refused one: it would run initdb over a folder without
// PG_VERSION, wiping it, and aborts with a bare `RuntimeError: Aborted()` on a damaged one.
import fs from 'node:fs';
import path from 'node:path';
import { isBackupEntry } from './backup';

/** Where `npm start` keeps its data when DATA_DIR is not set: `.data/local-supabase` at the repository root. */
export const DEFAULT_DATA_DIR = path.resolve(__dirname, '..', '..', '..', '.data', 'local-supabase');

export const LOCK_SOCKET = 'local-supabase.sock';
export const PID_FILE = 'local-supabase.pid';
/** Written into an empty folder before initdb, removed when it succeeded: a folder holding it never held data. */
export const INIT_MARKER = 'local-supabase.initialising';
/**
 * Written by whoever made the folder as a throwaway copy of another (the tests' backends and the e2e site, from a
 * template): the template is its backup, so a start skips its own safety copy (backup.ts; 40 MB per start).
 */
export const DISPOSABLE_MARKER = 'local-supabase.disposable';
const ASIDE = /^local-supabase\.sock\.\d+\.[0-9a-f]+\.stale$/;

/** The PostgreSQL that PGlite 0.5 runs, and the layout of its pg_control file. */
const PG_MAJOR = '18';
const PG_CONTROL_VERSION = 1800;
const PG_CONTROL_SIZE = 8192;
const PG_CONTROL_CRC_OFFSET = 292;
/** Entries every PostgreSQL data folder has; any of them marks a folder as one (maybe a damaged one). */
const PG_ENTRIES = ['PG_VERSION', 'base', 'global', 'pg_wal', 'pg_xact', 'pg_multixact', 'postgresql.conf'];

export const RESET = 'run `npm run db:reset` to empty it and start with a new database';
export const ELSEWHERE = 'set DATA_DIR to another folder (an absent or empty one starts a new database)';

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

/** The lock's files and the markers: never part of the database. */
export const lockEntry = (entry: string) =>
  entry === LOCK_SOCKET ||
  entry === PID_FILE ||
  entry === INIT_MARKER ||
  entry === DISPOSABLE_MARKER ||
  ASIDE.test(entry);
/** What this service keeps in a data folder beside the database: the lock's files and the start's backup. */
const ours = (entry: string) => lockEntry(entry) || isBackupEntry(entry);

export function errorCode(error: unknown): string | undefined {
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
