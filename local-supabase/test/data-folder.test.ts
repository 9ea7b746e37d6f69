// The data folder's checks and lock, in this process (no PGlite but for which starts copy the folder, opened in a
// child): what counts as this service's folder, what is refused and how, the lock's hand-over after a crash, and
// db:reset's core. The fault drills
// (fault-drills.test.ts) run the same code in real processes.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { BACKUP, backUp, restore } from '../src/data-folder/backup';
import {
  DISPOSABLE_MARKER,
  INIT_MARKER,
  LOCK_SOCKET,
  PID_FILE,
  inspectDataFolder,
  type FolderState,
} from '../src/data-folder/inspect';
import { lockAddress, lockDataFolder } from '../src/data-folder/lock';
import { prepareDataFolder, resetDataFolder } from '../src/data-folder/open';

jest.setTimeout(30_000);

const TEMPLATE = process.env.LOCAL_SUPABASE_PGLITE_TEMPLATE!;
let scratch: string;
beforeEach(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ls-folder-'));
});
afterEach(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** The files of a PGlite data folder that are checked without opening it, taken from a real one. */
function databaseFolder(name = 'data'): string {
  const dir = path.join(scratch, name);
  fs.mkdirSync(path.join(dir, 'global'), { recursive: true });
  for (const entry of ['base', 'pg_wal', 'pg_xact']) fs.mkdirSync(path.join(dir, entry));
  fs.copyFileSync(path.join(TEMPLATE, 'PG_VERSION'), path.join(dir, 'PG_VERSION'));
  fs.copyFileSync(path.join(TEMPLATE, 'global', 'pg_control'), path.join(dir, 'global', 'pg_control'));
  return dir;
}

function refusal(state: FolderState) {
  if (state.kind !== 'refused') throw new Error(`expected a refusal, got ${state.kind}`);
  return state;
}

/** A child process, with a script, until it prints `ready`. */
function child(script: string): Promise<{ pid: number; exited: Promise<void> }> {
  const proc = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    proc.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve({ pid: proc.pid!, exited });
    });
    proc.once('exit', (code) => reject(new Error(`child exited with ${code}`)));
  });
}

describe('inspectDataFolder', () => {
  it('initialises only an absent or empty folder, and finds a PGlite folder of this release', () => {
    expect(inspectDataFolder(path.join(scratch, 'none'))).toEqual({ kind: 'absent' });
    expect(inspectDataFolder(scratch)).toEqual({ kind: 'empty' });
    // The lock's own files left by a crash do not make a folder foreign.
    fs.writeFileSync(path.join(scratch, LOCK_SOCKET), '');
    fs.writeFileSync(path.join(scratch, PID_FILE), '123\n');
    expect(inspectDataFolder(scratch)).toEqual({ kind: 'empty' });
    // The folder the current code made (global-setup.js builds it by running the service).
    expect(inspectDataFolder(TEMPLATE)).toEqual({ kind: 'database' });
    expect(inspectDataFolder(databaseFolder())).toEqual({ kind: 'database' });
  });

  it('recognises a first initialisation that never finished by its marker', () => {
    const dir = databaseFolder();
    fs.writeFileSync(path.join(dir, INIT_MARKER), '');
    expect(inspectDataFolder(dir)).toEqual({ kind: 'unfinished' });
  });

  const variants: [string, (dir: string) => void, string, 'DATA_DIR' | 'db:reset'][] = [
    [
      'a file instead of a folder',
      (dir) => fs.writeFileSync(dir, 'x'),
      'is a file, not a folder',
      'DATA_DIR',
    ],
    [
      'a folder of unrelated files',
      (dir) => {
        fs.mkdirSync(path.join(dir, 'photos'), { recursive: true });
        fs.writeFileSync(path.join(dir, 'notes.txt'), 'mine');
      },
      'is not empty and is not a local-supabase database (it holds notes.txt, photos)',
      'DATA_DIR',
    ],
    [
      "a PostgreSQL server's data folder",
      (dir) => {
        databaseFolder(path.basename(dir));
        fs.writeFileSync(path.join(dir, 'postmaster.opts'), '/usr/lib/postgresql/18/bin/postgres');
      },
      'belongs to a PostgreSQL server',
      'DATA_DIR',
    ],
    [
      'a folder missing PG_VERSION',
      (dir) => fs.rmSync(path.join(databaseFolder(path.basename(dir)), 'PG_VERSION')),
      'is damaged (PG_VERSION is missing)',
      'db:reset',
    ],
    [
      'a folder missing base/',
      (dir) => fs.rmSync(path.join(databaseFolder(path.basename(dir)), 'base'), { recursive: true }),
      'is damaged (base is missing)',
      'db:reset',
    ],
    [
      'a truncated control file',
      (dir) => fs.truncateSync(path.join(databaseFolder(path.basename(dir)), 'global', 'pg_control'), 100),
      'is damaged (global/pg_control has 100 bytes instead of 8192)',
      'db:reset',
    ],
    [
      'a control file with a changed byte',
      (dir) => {
        const file = path.join(databaseFolder(path.basename(dir)), 'global', 'pg_control');
        const bytes = fs.readFileSync(file);
        bytes.writeUInt8(bytes.readUInt8(40) ^ 0xff, 40);
        fs.writeFileSync(file, bytes);
      },
      'is damaged (global/pg_control fails its checksum)',
      'db:reset',
    ],
    [
      'a database of another PostgreSQL version',
      (dir) => fs.writeFileSync(path.join(databaseFolder(path.basename(dir)), 'PG_VERSION'), '17\n'),
      'holds a PostgreSQL 17 database, and this local-supabase runs PostgreSQL 18',
      'db:reset',
    ],
  ];

  it.each(variants)('refuses %s, naming the folder and the remedy', (_name, build, what, remedy) => {
    const dir = path.join(scratch, 'data');
    build(dir);
    const { reason, removable } = refusal(inspectDataFolder(dir));
    expect(reason).toContain(`the data folder ${dir} `);
    expect(reason).toContain(what);
    expect(reason).toContain(remedy === 'db:reset' ? '`npm run db:reset`' : 'set DATA_DIR to another folder');
    // db:reset empties a folder of this service's, however damaged, and nothing else.
    expect(removable).toBe(remedy === 'db:reset');
    expect(reason).not.toContain('\n');
  });
});

describe('lockDataFolder', () => {
  it('lets one holder in, with its pid beside the lock, and refuses a second one naming that pid', async () => {
    const lock = await lockDataFolder(scratch);
    expect(lock.address).toBe(path.join(fs.realpathSync(scratch), LOCK_SOCKET));
    expect(fs.lstatSync(lock.address).isSocket()).toBe(true);
    expect(fs.readFileSync(path.join(scratch, PID_FILE), 'utf8')).toBe(`${process.pid}\n`);

    const refused = lockDataFolder(scratch);
    await expect(refused).rejects.toThrow(
      `the data folder ${scratch} is in use by another local-supabase (pid ${process.pid}): use that one, or stop it (Ctrl-C in its terminal, or kill ${process.pid}) and start again`,
    );
    await expect(lockDataFolder(scratch, 'reset')).rejects.toThrow(
      `(Ctrl-C in its terminal, or kill ${process.pid}), then run \`npm run db:reset\` again`,
    );
    // The refusals left the holder's lock as it was.
    expect(fs.lstatSync(lock.address).isSocket()).toBe(true);

    await lock.release();
    expect(fs.readdirSync(scratch)).toEqual([]);
    const again = await lockDataFolder(scratch);
    await again.release();
  });

  it('takes over the socket a killed holder left behind, and ignores a pid file without a live socket', async () => {
    const address = path.join(scratch, LOCK_SOCKET);
    const killed = await child(
      `require('net').createServer().listen(${JSON.stringify(address)}, () => { console.log('ready'); process.kill(process.pid, 'SIGKILL'); });`,
    );
    await killed.exited;
    expect(fs.lstatSync(address).isSocket()).toBe(true);
    // A live process's pid in the pid file, as a reused pid would be after a crash.
    fs.writeFileSync(path.join(scratch, PID_FILE), `${process.ppid}\n`);

    const lock = await lockDataFolder(scratch);
    expect(fs.readFileSync(path.join(scratch, PID_FILE), 'utf8')).toBe(`${process.pid}\n`);
    await lock.release();
  });

  it('refuses while a holder is too busy to answer (its pid read from the pid file)', async () => {
    const address = path.join(scratch, LOCK_SOCKET);
    // A holder whose event loop is blocked, as PGlite's initdb blocks it.
    const busy = await child(
      `const fs = require('fs');
       require('net').createServer((s) => s.end(process.pid + '\\n')).listen(${JSON.stringify(address)}, () => {
         fs.writeFileSync(${JSON.stringify(path.join(scratch, PID_FILE))}, process.pid + '\\n');
         console.log('ready');
         setTimeout(() => { const end = Date.now() + 10000; while (Date.now() < end); process.exit(0); }, 50);
       });`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expect(lockDataFolder(scratch)).rejects.toThrow(
      `is in use by another local-supabase (pid ${busy.pid})`,
    );
    process.kill(busy.pid, 'SIGKILL');
    await busy.exited;
  });

  it('keeps the lock in /tmp for a folder whose path is too long for a socket, for every spelling of it', async () => {
    const long = path.join(scratch, 'a-folder-name-that-is-long'.repeat(4), 'data');
    fs.mkdirSync(long, { recursive: true });
    const short = path.join(scratch, 'link');
    fs.symlinkSync(long, short);

    const lock = await lockDataFolder(long);
    expect(path.dirname(lock.address)).toBe('/tmp');
    expect(lockAddress(short)).toBe(lock.address);
    expect(fs.readFileSync(path.join(long, PID_FILE), 'utf8')).toBe(`${process.pid}\n`);
    await expect(lockDataFolder(short)).rejects.toThrow(`the data folder ${short} is in use`);
    await lock.release();
    expect(fs.existsSync(lock.address)).toBe(false);
  });
});

describe('prepareDataFolder', () => {
  it('clears a first initialisation that never finished, and marks the new one until it does', async () => {
    const dir = databaseFolder();
    fs.writeFileSync(path.join(dir, INIT_MARKER), '');
    const { lock, fresh } = await prepareDataFolder(dir);
    expect(fresh).toBe(true);
    expect(fs.readdirSync(dir).sort()).toEqual([INIT_MARKER, PID_FILE, LOCK_SOCKET].sort());
    await lock.release();
  });

  it('opens a folder of this service without marking it, and creates an absent one', async () => {
    const dir = databaseFolder();
    const existing = await prepareDataFolder(dir);
    expect(existing.fresh).toBe(false);
    expect(fs.existsSync(path.join(dir, INIT_MARKER))).toBe(false);
    await existing.lock.release();

    const absent = path.join(scratch, 'new', 'data');
    const created = await prepareDataFolder(absent);
    expect(created.fresh).toBe(true);
    await created.lock.release();
    expect(fs.readdirSync(absent)).toEqual([INIT_MARKER]);
  });

  it('writes nothing into a folder it refuses', async () => {
    fs.writeFileSync(path.join(scratch, 'notes.txt'), 'mine');
    await expect(prepareDataFolder(scratch)).rejects.toThrow('is not a local-supabase database');
    expect(fs.readdirSync(scratch)).toEqual(['notes.txt']);
  });
});

describe('the copy a start makes before PostgreSQL opens a folder', () => {
  /** Every file and folder under `dir` with its bytes, as the folder's owner would compare it. */
  const contents = (dir: string) =>
    fs
      .readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .sort()
      .map((entry) => {
        const at = path.join(dir, entry);
        return fs.statSync(at).isDirectory() ? `${entry}/` : `${entry}: ${fs.readFileSync(at, 'hex')}`;
      });
  const lockFile = (entry: string) => entry === LOCK_SOCKET || entry === PID_FILE;

  it('puts the folder back exactly, whatever was written, removed or added meanwhile', () => {
    const dir = databaseFolder();
    fs.writeFileSync(path.join(dir, 'global', 'pg_internal.init'), 'cache');
    const before = contents(dir);
    backUp(dir, lockFile);
    fs.writeFileSync(path.join(dir, 'global', 'pg_control'), 'rewritten');
    fs.rmSync(path.join(dir, 'global', 'pg_internal.init'));
    fs.writeFileSync(path.join(dir, 'postmaster.pid'), '42');
    fs.writeFileSync(path.join(dir, PID_FILE), '7');
    restore(dir, lockFile);
    expect(contents(dir)).toEqual([...before, `${PID_FILE}: ${Buffer.from('7').toString('hex')}`].sort());
  });

  it('finishes a restore a crash interrupted, and the next start puts back a folder a killed start had open', async () => {
    const dir = databaseFolder();
    const before = contents(dir);
    backUp(dir, lockFile);
    fs.writeFileSync(path.join(dir, 'global', 'pg_control'), 'rewritten by the start that was killed');
    // The next start restores the folder under its lock before it looks at it.
    const { lock, fresh } = await prepareDataFolder(dir);
    expect(fresh).toBe(false);
    await lock.release();
    expect(contents(dir)).toEqual(before);

    // A restore stopped after the folder's entries were removed and one entry moved back.
    backUp(dir, lockFile);
    fs.rmSync(path.join(dir, 'base'), { recursive: true });
    fs.writeFileSync(path.join(dir, BACKUP, '.restoring'), '');
    for (const entry of fs.readdirSync(dir))
      if (entry !== BACKUP) fs.rmSync(path.join(dir, entry), { recursive: true });
    fs.renameSync(path.join(dir, BACKUP, 'global'), path.join(dir, 'global'));
    restore(dir, lockFile);
    expect(contents(dir)).toEqual(before);
  });

  it('touches nothing when there is no complete copy', () => {
    const dir = databaseFolder();
    const before = contents(dir);
    restore(dir, lockFile);
    expect(contents(dir)).toEqual(before);
  });
});

describe('which starts make the copy', () => {
  /**
   * Opens and closes a copy of the migrated template in a child process (PGlite's WebAssembly needs a plain Node,
   * not jest's sandbox), naming every backup entry created in the folder meanwhile.
   */
  async function backupEntriesOfAStart(disposable: boolean): Promise<string[]> {
    const dir = path.join(scratch, disposable ? 'disposable' : 'developer');
    fs.cpSync(TEMPLATE, dir, { recursive: true });
    if (disposable) fs.writeFileSync(path.join(dir, DISPOSABLE_MARKER), '');
    const made = new Set<string>();
    const watcher = fs.watch(dir, (_event, entry) => {
      if (entry?.startsWith(BACKUP)) made.add(entry);
    });
    try {
      const script = `process.env.SWC_NODE_PROJECT = 'tsconfig.runtime.json'; require('@swc-node/register');
        require('./src/data-folder/open.ts').openDataFolder(${JSON.stringify(dir)}).then((db) => db.close());`;
      const opener = spawn(process.execPath, ['-e', script], {
        cwd: path.join(__dirname, '..'),
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      const code = await new Promise((resolve) => opener.once('exit', resolve));
      expect(code).toBe(0);
      // inotify's events arrive on the event loop: one more turn of it delivers the last of them.
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      watcher.close();
    }
    return [...made];
  }

  it('copies a developer’s folder before PostgreSQL opens it, and not a disposable copy of a template', async () => {
    expect(await backupEntriesOfAStart(false)).toEqual(
      expect.arrayContaining([`${BACKUP}.partial`, BACKUP, `${BACKUP}.discarded`]),
    );
    expect(await backupEntriesOfAStart(true)).toEqual([]);
  }, 90_000);

  it('is told a copy is disposable by the tests’ harness and the e2e site’s copy alike', () => {
    // templates.js is plain Node, so it spells the marker's name itself.
    const templates = fs.readFileSync(path.join(__dirname, 'templates.js'), 'utf8');
    expect(templates).toContain(`'${DISPOSABLE_MARKER}'`);
  });
});

describe('resetDataFolder', () => {
  it('empties a data folder, damaged or not, and reports what it removed', async () => {
    const dir = databaseFolder();
    fs.rmSync(path.join(dir, 'PG_VERSION'));
    const report = await resetDataFolder(dir);
    expect(report.removed).toEqual(['base', 'global', 'pg_wal', 'pg_xact']);
    expect(report.bytes).toBe(8192);
    expect(fs.readdirSync(dir)).toEqual([]);
    expect(await resetDataFolder(path.join(scratch, 'none'))).toEqual({ removed: [], bytes: 0 });
  });

  it('refuses while the folder is locked, and refuses a folder that is not a data folder', async () => {
    const dir = databaseFolder();
    const lock = await lockDataFolder(dir);
    await expect(resetDataFolder(dir)).rejects.toThrow(`the data folder ${dir} is in use`);
    await lock.release();
    expect(fs.readdirSync(dir).sort()).toEqual(['PG_VERSION', 'base', 'global', 'pg_wal', 'pg_xact']);

    const mine = path.join(scratch, 'mine');
    fs.mkdirSync(mine);
    fs.writeFileSync(path.join(mine, 'notes.txt'), 'mine');
    await expect(resetDataFolder(mine)).rejects.toThrow('is not a local-supabase database');
    expect(fs.readdirSync(mine)).toEqual(['notes.txt']);
  });
});

// What a refused start reads the holder's pid from: any process may connect to the lock and ask.
it('answers a connection to the lock with the holder pid', async () => {
  const lock = await lockDataFolder(scratch);
  const answer = await new Promise<string>((resolve, reject) => {
    let text = '';
    net
      .connect(lock.address)
      .on('data', (chunk) => (text += chunk))
      .on('end', () => resolve(text))
      .on('error', reject);
  });
  expect(answer).toBe(`${process.pid}\n`);
  await lock.release();
});
