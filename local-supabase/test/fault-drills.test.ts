// Fault drills, in real processes on PGlite: what a developer's machine does to the service. kill -9 in the
// middle of writes, a second start on the same data folder or on the busy port, folders that are damaged or
// not the service's, db:reset. The rule each checks: every write answered 2xx is there after the next start,
// and a folder that is refused is left exactly as it was.
import { spawn, type SpawnOptions } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO, spawnServer, type Server } from './harness';

jest.setTimeout(120_000);

const ROOT = path.join(__dirname, '..', '..');
const BIN = path.join(__dirname, '..', 'bin', 'local-supabase.mjs');
const RESET_BIN = path.join(__dirname, '..', 'bin', 'db-reset.mjs');
const OUR_FILES = ['local-supabase.sock', 'local-supabase.pid', 'local-supabase.initialising'];

const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) {
    makeWritable(dir);
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
/** The read-only variant must be writable again to be removed. */
function makeWritable(target: string) {
  const stat = fs.lstatSync(target, { throwIfNoEntry: false });
  if (!stat?.isDirectory()) return;
  fs.chmodSync(target, 0o755);
  for (const entry of fs.readdirSync(target)) makeWritable(path.join(target, entry));
}
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ls-drill-'));
  scratch.push(dir);
  return dir;
}

/**
 * The running Node, copied where any user may run it: run as root on an older system Node, npm test runs on a
 * Node cached under root's home (scripts/lib/ensure-node.mjs), which nobody else may enter.
 */
let sharedNode: string | undefined;
function nodeForOtherUsers(): string {
  if (!sharedNode) {
    const dir = tempDir();
    fs.chmodSync(dir, 0o755);
    sharedNode = path.join(dir, path.basename(process.execPath));
    fs.copyFileSync(process.execPath, sharedNode);
    fs.chmodSync(sharedNode, 0o755);
  }
  return sharedNode;
}

/** A data folder made by the current release (global-setup.js builds it by running the service). */
let template: string;
beforeAll(() => {
  // A copy of its own, so another jest run that rebuilds the cache meanwhile does not pull it away.
  template = path.join(tempDir(), 'template');
  fs.cpSync(process.env.LOCAL_SUPABASE_PGLITE_TEMPLATE!, template, { recursive: true });
});
function releaseFolder(at = path.join(tempDir(), 'data')): string {
  fs.cpSync(template, at, { recursive: true });
  return at;
}

/** Runs a command of the service to its end: a start that is refused, or db:reset. */
function run(
  bin: string,
  env: Record<string, string>,
  options: SpawnOptions = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    // Another user (the read-only drill runs as nobody) may not reach the running Node: use a copy it can.
    const node = options.uid === undefined ? process.execPath : nodeForOtherUsers();
    const child = spawn(node, [bin], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', INBUCKET_PORT: '0', DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...options,
    });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk) => (stdout += chunk));
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${path.basename(bin)} did not end:\n${stdout}${stderr}`));
    }, 60_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Every file and folder under `target`, with a hash of each file's bytes and each entry's mode. */
function snapshot(target: string): Record<string, string> {
  const result: Record<string, string> = {};
  const walk = (at: string, rel: string) => {
    const stat = fs.lstatSync(at);
    if (stat.isDirectory()) {
      result[rel] = `dir ${stat.mode}`;
      for (const entry of fs.readdirSync(at)) walk(path.join(at, entry), path.join(rel, entry));
    } else {
      result[rel] = `${stat.mode} ${createHash('sha1').update(fs.readFileSync(at)).digest('hex')}`;
    }
  };
  walk(target, '.');
  return result;
}

function oneLine(output: string): string {
  const lines = output.trim().split('\n');
  expect(lines).toHaveLength(1);
  return lines[0]!;
}

const headers = (server: Server, key = server.anonKey) => ({
  apikey: key,
  Authorization: `Bearer ${key}`,
  'Content-Type': 'application/json',
});

interface Acknowledged {
  messages: Set<string>;
  users: Set<string>;
}

/**
 * Writes until the service stops answering: contact messages through the data API and sign-ups through auth,
 * several at a time. A write counts as acknowledged only when it was answered 2xx.
 */
function writeStream(server: Server, tag: string, acked: Acknowledged, stop: { now: boolean }) {
  const messages = async (writer: number) => {
    for (let i = 0; !stop.now; i++) {
      const message = `drill ${tag} writer ${writer} number ${i}`;
      try {
        const response = await fetch(`${server.url}/rest/v1/contact_messages`, {
          method: 'POST',
          headers: { ...headers(server), Prefer: 'return=minimal' },
          body: JSON.stringify({ name: 'Drill', email: 'drill@example.com', message }),
        });
        if (response.status === 201) acked.messages.add(message);
        else throw new Error(`insert answered ${response.status}: ${await response.text()}`);
      } catch (error) {
        if ((error as Error).message.startsWith('insert answered')) throw error;
        return; // the process is gone
      }
    }
  };
  const signUps = async () => {
    for (let i = 0; !stop.now; i++) {
      const email = `drill-${tag}-${i}@example.com`;
      try {
        const response = await fetch(`${server.url}/auth/v1/signup`, {
          method: 'POST',
          headers: headers(server),
          body: JSON.stringify({ email, password: 'Passw0rdOk' }),
        });
        if (response.status === 200) acked.users.add(email);
        else throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
      } catch (error) {
        if ((error as Error).message.startsWith('sign-up answered')) throw error;
        return;
      }
    }
  };
  return Promise.all([messages(0), messages(1), messages(2), signUps()]);
}

/** Every acknowledged message is in the table and every acknowledged user can sign in. */
async function expectAll(server: Server, acked: Acknowledged) {
  const present = new Set<string>();
  for (let offset = 0; ; offset += 1000) {
    const response = await fetch(
      `${server.url}/rest/v1/contact_messages?select=message&order=id&limit=1000&offset=${offset}`,
      { headers: headers(server, server.serviceRoleKey) },
    );
    const rows = (await response.json()) as { message: string }[];
    for (const row of rows) present.add(row.message);
    if (rows.length < 1000) break;
  }
  expect([...acked.messages].filter((m) => !present.has(m))).toEqual([]);
  const missingUsers: string[] = [];
  for (const email of acked.users) {
    const response = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: headers(server),
      body: JSON.stringify({ email, password: 'Passw0rdOk' }),
    });
    if (response.status !== 200) missingUsers.push(email);
  }
  expect(missingUsers).toEqual([]);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Waits for `condition`, failing after `ms`. */
async function until(condition: () => boolean, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline)
      throw new Error(`timed out after ${ms} ms waiting for ${condition.toString()}`);
    await sleep(20);
  }
}

it('kill -9 in the middle of a stream of writes, three rounds: every acknowledged write survives', async () => {
  const dir = releaseFolder();
  const acked: Acknowledged = { messages: new Set(), users: new Set() };
  for (let round = 1; round <= 3; round++) {
    const server = await spawnServer({ DATA_DIR: dir });
    // What the rounds before acknowledged is there before this round writes.
    await expectAll(server, acked);
    const before = { messages: acked.messages.size, users: acked.users.size };
    const stop = { now: false };
    const writing = writeStream(server, `round-${round}`, acked, stop);
    // Once both kinds of write are flowing, at a different moment of the stream each round.
    await until(() => acked.messages.size >= before.messages + 20 && acked.users.size >= before.users + 3);
    await sleep(round * 150);
    await server.kill('SIGKILL');
    await writing;
    stop.now = true;
    expect(acked.messages.size).toBeGreaterThan(before.messages);
    expect(acked.users.size).toBeGreaterThan(before.users);
  }
  const server = await spawnServer({ DATA_DIR: dir });
  await expectAll(server, acked);
  await server.stop();
});

describe('one owner per data folder', () => {
  let dir: string;
  let first: Server;
  const acked: Acknowledged = { messages: new Set(), users: new Set() };
  const stop = { now: false };
  let writing: Promise<unknown>;

  beforeAll(async () => {
    dir = releaseFolder();
    first = await spawnServer({ DATA_DIR: dir });
    writing = writeStream(first, 'owner', acked, stop);
  });
  afterAll(async () => {
    stop.now = true;
    await first.stop();
  });

  it('refuses a second instance on the same folder, in one line, while the first keeps serving', async () => {
    const written = acked.messages.size;
    const second = await run(BIN, { DATA_DIR: dir });
    expect(second.code).toBe(1);
    expect(second.stdout).toBe('');
    expect(oneLine(second.stderr)).toBe(
      `local-supabase: the data folder ${dir} is in use by another local-supabase (pid ${first.pid}): use that one, or stop it (Ctrl-C in its terminal, or kill ${first.pid}) and start again, or set DATA_DIR to another folder (an absent or empty one starts a new database)`,
    );
    // The first one keeps serving.
    await until(() => acked.messages.size > written + 20);
  });

  it('refuses db:reset while the folder is in use, and leaves the folder alone', async () => {
    const reset = await run(RESET_BIN, { DATA_DIR: dir });
    expect(reset.code).toBe(1);
    expect(oneLine(reset.stderr)).toBe(
      `db:reset: the data folder ${dir} is in use by another local-supabase (pid ${first.pid}): stop it (Ctrl-C in its terminal, or kill ${first.pid}), then run \`npm run db:reset\` again`,
    );
    expect(fs.existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
  });

  it('refuses a start on the busy port before it opens anything; a kill -9 of the first then loses nothing', async () => {
    const port = new URL(first.url).port;
    const busy = await run(BIN, { DATA_DIR: dir, PORT: port });
    expect(busy.code).toBe(1);
    expect(oneLine(busy.stderr)).toBe(
      `local-supabase: port ${port} on 127.0.0.1 is already in use (another local-supabase, or another program): stop what uses it, or set PORT to a free port`,
    );
    // Writes acknowledged after that start are the ones that used to be lost.
    const after = acked.messages.size;
    await until(() => acked.messages.size > after + 20);
    await first.kill('SIGKILL');
    await writing;
    stop.now = true;

    first = await spawnServer({ DATA_DIR: dir });
    await expectAll(first, acked);
  });

  it('stops cleanly on SIGTERM, leaving no lock behind, and db:reset then empties the folder', async () => {
    await first.stop();
    const entries = fs.readdirSync(dir);
    expect(entries.filter((e) => OUR_FILES.includes(e))).toEqual([]);

    const reset = await run(RESET_BIN, { DATA_DIR: dir });
    expect(reset.code).toBe(0);
    const lines = reset.stdout.trim().split('\n');
    expect(lines.slice(0, -1)).toEqual(entries.sort().map((e) => `removed ${path.join(dir, e)}`));
    expect(lines.at(-1)).toMatch(
      new RegExp(
        `^db:reset: emptied ${escape(dir)} \\(${entries.length} entries, [\\d.]+ MB\\); the next start creates a new database`,
      ),
    );
    expect(fs.readdirSync(dir)).toEqual([]);

    const again = await run(RESET_BIN, { DATA_DIR: dir });
    expect(again.stdout).toBe(`db:reset: nothing to remove, ${dir} is empty\n`);
    // Local data only: a DATABASE_URL is never reset.
    const remote = await run(RESET_BIN, { DATA_DIR: dir, DATABASE_URL: 'postgres://localhost/x' });
    expect(remote.code).toBe(1);
    expect(oneLine(remote.stderr)).toContain('DATABASE_URL is set, and db:reset empties only');
  });
});

it('two starts at once on one folder (its path too long for a socket in it): one serves, the other names it', async () => {
  const dir = releaseFolder(path.join(tempDir(), 'a-rather-long-folder-name'.repeat(3), 'data'));
  expect(Buffer.byteLength(path.join(dir, 'local-supabase.sock'))).toBeGreaterThan(107);
  const results = await Promise.allSettled([spawnServer({ DATA_DIR: dir }), spawnServer({ DATA_DIR: dir })]);
  const served = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const refused = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as Error).message] : []));
  try {
    expect(served).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toContain(
      `local-supabase: the data folder ${dir} is in use by another local-supabase (pid ${served[0]!.pid})`,
    );
    expect(fs.existsSync(path.join(dir, 'local-supabase.sock'))).toBe(false);
    expect(fs.readFileSync(path.join(dir, 'local-supabase.pid'), 'utf8')).toBe(`${served[0]!.pid}\n`);
  } finally {
    await Promise.all(served.map((s) => s.stop()));
  }
});

describe('folders that are damaged or not the service’s are refused and left as they were', () => {
  const root = process.getuid?.() === 0;
  const variants: [string, () => string, string, SpawnOptions][] = [
    [
      'a folder missing PG_VERSION',
      () => {
        const dir = releaseFolder();
        fs.rmSync(path.join(dir, 'PG_VERSION'));
        return dir;
      },
      'is damaged (PG_VERSION is missing), so local-supabase will not open it: restore it from a backup, or run `npm run db:reset`',
      {},
    ],
    [
      'a truncated control file',
      () => {
        const dir = releaseFolder();
        fs.truncateSync(path.join(dir, 'global', 'pg_control'), 100);
        return dir;
      },
      'is damaged (global/pg_control has 100 bytes instead of 8192)',
      {},
    ],
    [
      'a folder whose write-ahead log is gone (PostgreSQL itself cannot start on it)',
      () => {
        const dir = releaseFolder();
        for (const f of fs.readdirSync(path.join(dir, 'pg_wal')))
          if (/^[0-9A-F]{24}$/.test(f)) fs.rmSync(path.join(dir, 'pg_wal', f));
        return dir;
      },
      'PostgreSQL did not start on it, so it is probably damaged; restore it from a backup, or run `npm run db:reset`',
      {},
    ],
    [
      // PostgreSQL starts on it and writes (pg_control, pg_internal.init) before it finds the damage: the start
      // had rewritten global/pg_control and deleted two pg_internal.init files.
      'a folder whose pg_class is truncated (base/<db>/1259)',
      () => {
        const dir = releaseFolder();
        for (const db of fs.readdirSync(path.join(dir, 'base')))
          fs.truncateSync(path.join(dir, 'base', db, '1259'), 8192);
        return dir;
      },
      'PostgreSQL did not start on it, so it is probably damaged; restore it from a backup, or run `npm run db:reset`',
      {},
    ],
    [
      'a folder of unrelated files',
      () => {
        const dir = path.join(tempDir(), 'data');
        fs.mkdirSync(path.join(dir, 'photos'), { recursive: true });
        fs.writeFileSync(path.join(dir, 'notes.txt'), 'my notes');
        fs.writeFileSync(path.join(dir, 'photos', 'cat.jpg'), 'jpeg');
        return dir;
      },
      'is not empty and is not a local-supabase database (it holds notes.txt, photos)',
      {},
    ],
    [
      'a file instead of a folder',
      () => {
        const file = path.join(tempDir(), 'data');
        fs.writeFileSync(file, 'a file');
        return file;
      },
      'is a file, not a folder',
      {},
    ],
    [
      // Root may write anywhere, so as root the service runs as nobody, which may read the folder only.
      'a read-only folder',
      () => {
        const parent = tempDir();
        fs.chmodSync(parent, 0o755);
        const dir = releaseFolder(path.join(parent, 'data'));
        for (const entry of Object.keys(snapshot(dir)).reverse()) {
          const at = path.join(dir, entry);
          fs.chmodSync(at, fs.lstatSync(at).isDirectory() ? 0o555 : 0o444);
        }
        return dir;
      },
      'is not writable (the folder: EACCES)',
      root ? { uid: 65534, gid: 65534 } : {},
    ],
  ];

  it.each(variants)('%s', async (_name, build, message, options) => {
    const dir = build();
    const before = snapshot(dir);
    const start = await run(BIN, { DATA_DIR: dir }, options);
    expect(start.code).toBe(1);
    expect(start.stdout).toBe('');
    const line = oneLine(start.stderr);
    expect(line).toMatch(
      new RegExp(
        `^local-supabase: (the data folder|could not open the database in the data folder) ${escape(dir)}[ :]`,
      ),
    );
    expect(line).toContain(message);
    expect(line).not.toMatch(/RuntimeError|Aborted/);
    expect(snapshot(dir)).toEqual(before);
  });
});

/** Runs SQL on a PGlite folder in its own process (PGlite's loader needs a plain Node.js process). */
async function pglite(dir: string, sql: string): Promise<unknown> {
  const script = `
    const { PGlite } = require('@electric-sql/pglite');
    PGlite.create(${JSON.stringify(dir)}).then(async (db) => {
      const results = await db.exec(${JSON.stringify(sql)});
      await db.close();
      console.log(JSON.stringify(results.at(-1).rows));
    });`;
  const done = await new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, ['-e', script], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.once('exit', (code) => resolve({ code, out }));
  });
  expect(done.code).toBe(0);
  return JSON.parse(done.out);
}

it('refuses a PGlite database of another application, and applies nothing to it', async () => {
  const dir = releaseFolder();
  await pglite(
    dir,
    `drop schema supabase_migrations, auth, inbucket, private, public cascade; create schema public;
     create table public.notes (body text); insert into public.notes values ('mine'); select 1`,
  );
  const start = await run(BIN, { DATA_DIR: dir });
  expect(start.code).toBe(1);
  expect(oneLine(start.stderr)).toBe(
    `local-supabase: the data folder ${dir} holds a database that local-supabase did not make (tables public.notes, and no supabase_migrations schema); local-supabase leaves it alone: set DATA_DIR to another folder (an absent or empty one starts a new database)`,
  );
  expect(fs.readdirSync(dir).filter((e) => OUR_FILES.includes(e) || e === 'postmaster.pid')).toEqual([]);
  expect(
    await pglite(
      dir,
      `select (select string_agg(body, ',') from public.notes) as notes,
              to_regnamespace('supabase_migrations') is null and to_regnamespace('auth') is null as untouched`,
    ),
  ).toEqual([{ notes: 'mine', untouched: true }]);
});

it('accepts a folder of this release, with what a crashed earlier run left in it', async () => {
  // Every release so far ran PGlite 0.5 (PostgreSQL 18) and wrote nothing else into the folder, so a folder this
  // release made and stopped is what they all left; a crash leaves PostgreSQL's postmaster.pid, the lock's
  // socket and a pid file naming a process that may be alive by now.
  const dir = releaseFolder();
  fs.writeFileSync(path.join(dir, 'postmaster.pid'), '-42\n/pglite/data\n');
  fs.writeFileSync(path.join(dir, 'local-supabase.pid'), `${process.pid}\n`);
  fs.writeFileSync(path.join(dir, 'local-supabase.sock'), '');
  const server = await spawnServer({ DATA_DIR: dir });
  try {
    expect(server.output()).not.toContain('applied migrations');
    expect(server.output()).not.toContain('seeded');
    const signIn = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: headers(server),
      body: JSON.stringify({ email: DEMO.email, password: DEMO.password }),
    });
    expect(signIn.status).toBe(200);
    const services = await fetch(`${server.url}/rest/v1/services?select=id`, { headers: headers(server) });
    expect(((await services.json()) as unknown[]).length).toBeGreaterThan(0);
  } finally {
    await server.stop();
  }
  expect(fs.readdirSync(dir).filter((e) => OUR_FILES.includes(e))).toEqual([]);
});
