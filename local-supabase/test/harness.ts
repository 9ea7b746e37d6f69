// Starts the API over a fresh database of either kind, and gives tests real supabase-js clients for it.
import fs from 'node:fs';
import http from 'node:http';
import type { Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { spawn, type ChildProcess } from 'node:child_process';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { DISPOSABLE_MARKER } from '../src/data-folder/inspect';

export type Kind = 'pglite' | 'postgres';
/**
 * The suites that run on PGlite as well as on PostgreSQL (docs/testing.md, "Which engine a backend suite runs on").
 * Every backend suite runs on PostgreSQL, the production engine; on PGlite (what `npm start` and the e2e suite run
 * on) only what can differ between the engines, and every suite of refusals (row-level security, roles, grants),
 * since a policy or grant that PGlite's adapter let through would open a developer's site. A suite that names its
 * engines itself (fault drills, signing keys, the fresh machine) is not listed. LOCAL_SUPABASE_ALL_ENGINES=1 runs
 * every suite on both, as after a change to the PGlite adapter.
 */
export const ON_BOTH_ENGINES = [
  // What differs between the engines: the adapter's transactions, errors and scripts (migrations as they apply,
  // Prefer: tx, raised errors, malformed input), and a stop with work in flight.
  'bad-input.test.ts',
  'discounts-rollout.test.ts',
  'hostile-rollout.test.ts',
  'migrations.test.ts',
  'postgrest-runtime.test.ts',
  'rest-longtail.test.ts',
  'stop.test.ts',
  // The concurrency PGlite serialises: simultaneous bookings, meeting actions and budgets, one winner each.
  'booking.test.ts',
  'fair-use.test.ts',
  'meeting-actions.test.ts',
  // Refusals: row-level security, roles and grants.
  'billing.test.ts',
  'data.test.ts',
  'fuzz.test.ts',
  'guest-booking-proof.test.ts',
  'hostile-client.test.ts',
  'hostile-round-two.test.ts',
  'order-status.test.ts',
  'promotions.test.ts',
  'staff.test.ts',
  'two-factor.test.ts',
];

/** The engines the running suite's `describe.each(KINDS)` blocks take (ON_BOTH_ENGINES). */
export function kindsFor(testPath: string | undefined): Kind[] {
  if (process.env.LOCAL_SUPABASE_ALL_ENGINES === '1' || testPath === undefined) return ['pglite', 'postgres'];
  return ON_BOTH_ENGINES.includes(path.basename(testPath)) ? ['pglite', 'postgres'] : ['postgres'];
}
// jest loads this module afresh for each test file, with that file's path in expect's state.
export const KINDS: Kind[] = kindsFor(expect.getState().testPath);

export interface Server {
  url: string;
  /** The local mail catcher ([local_smtp]), where every e-mail auth sends lands. */
  inboxUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  databaseUrl?: string;
  /** What the process printed so far (its start-up report: migrations applied, seed). */
  output: () => string;
  stop: () => Promise<void>;
  /** The process, for the fault drills: its pid, and a signal (SIGKILL: a crash) sent and waited on. */
  pid: number;
  kill: (signal: NodeJS.Signals) => Promise<void>;
  /** Lets the jest worker that started it exit while it runs (a shared backend: global-teardown.js stops it). */
  unref: () => void;
}

/**
 * The service in its own process, started as `npm start` starts it (PGlite's WebAssembly loader needs a plain
 * Node.js process, and the tests then talk to it only over HTTP, as a browser would).
 */
export function spawnServer(env: Record<string, string>): Promise<Server> {
  // LOCAL_SUPABASE_LOG_STARTS=<file>: one line per start (engine and test file), to count them (docs/testing.md).
  const log = process.env.LOCAL_SUPABASE_LOG_STARTS;
  if (log) {
    const engine = env.DATABASE_URL ? 'postgres' : 'pglite';
    fs.appendFileSync(log, `${engine} ${path.basename(expect.getState().testPath ?? '?')}\n`);
  }
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(__dirname, '..', 'bin', 'local-supabase.mjs')],
    {
      env: {
        ...process.env,
        PORT: '0',
        BCRYPT_COST: '4',
        REFRESH_REUSE_INTERVAL: '0',
        // The suites sign in and refresh far more often than config.toml's per-IP limits allow (the limits
        // suite sets its own); documented overrides of [auth.rate_limit].
        AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '100000',
        AUTH_RATE_LIMIT_TOKEN_REFRESH: '100000',
        AUTH_RATE_LIMIT_EMAIL_SENT: '100000',
        AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS: '100000',
        AUTH_RATE_LIMIT_MFA_CHALLENGE_AND_VERIFY: '100000',
        INBUCKET_PORT: '0',
        // The suites call send-emails themselves; the sweep's own timer would send behind their backs.
        FUNCTION_SCHEDULE_SECONDS: '0',
        // A suite that calls a function starts it then; the others need no Deno at all.
        FUNCTION_CHECK_AT_START: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  return new Promise((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`local-supabase did not start (${why}):\n${output}`));
    };
    const timer = setTimeout(() => fail('timeout'), 60_000);
    child.stderr!.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => fail(`exit ${code}`));
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      const url = /ready at (\S+)/.exec(output)?.[1];
      const anonKey = /anon key: (\S+)/.exec(output)?.[1];
      const serviceRoleKey = /service_role key: (\S+)/.exec(output)?.[1];
      const inboxUrl = /inbox at (\S+)/.exec(output)?.[1] ?? '';
      if (!url || !anonKey || !serviceRoleKey) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      const kill = (signal: NodeJS.Signals) =>
        new Promise<void>((done) => {
          if (child.exitCode !== null || child.signalCode !== null) return done();
          child.once('exit', () => done());
          child.kill(signal);
        });
      resolve({
        url,
        inboxUrl,
        anonKey,
        serviceRoleKey,
        output: () => output,
        stop: () => kill('SIGTERM'),
        pid: child.pid!,
        kill,
        unref: () => {
          child.unref();
          for (const stream of [child.stdout, child.stderr]) (stream as Socket).unref();
        },
      });
    });
  });
}

export interface Backend {
  kind: Kind;
  server: Server;
  /** The PostgreSQL database of a 'postgres' backend, for checks made beside the API. */
  databaseUrl?: string;
  /** The PGlite data folder of a 'pglite' backend (readable beside the API only while it is stopped). */
  dataDir?: string;
  /** A fresh anonymous client (no session). */
  anon: () => SupabaseClient;
  /**
   * The same from another address of the loopback network (127.0.0.2, ...): another client to the service.
   * `headers` go with every request (what a client may write, such as a forged x-forwarded-for).
   */
  anonFrom: (localAddress: string, headers?: Record<string, string>) => SupabaseClient;
  service: () => SupabaseClient;
  /** Signs up a new user and returns a client signed in as them. */
  newUser: (
    prefix?: string,
  ) => Promise<{ client: SupabaseClient; id: string; email: string; password: string }>;
  restart: () => Promise<void>;
  stop: () => Promise<void>;
}

function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    throw new Error(
      'TEST_DATABASE_URL is not set: run `npm test` (it starts PostgreSQL with scripts/ensure-postgres.sh) or point it at a server.',
    );
  }
  return url;
}

/** A new database: a copy of `template` (this run's migrated and seeded one, global-setup.js), or empty. */
async function createDatabase(template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = testDatabaseUrl();
  const name = `ls_test_${randomBytes(6).toString('hex')}`;
  const client = new Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new Client({ connectionString: admin });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

// Node 24's own fetch and WebSocket serve supabase-js, as a browser's do.
export const clientOptions = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
};

/**
 * Every client of the suites is 127.0.0.1, so the per-client budgets of client_budgets (bookings, subscriptions,
 * wrong codes, orders, unpaid orders; per account and per address) are lifted at start, as the auth rate limits are by the environment; the fair-use suite sets its
 * own. A database without the table (a suite's older migrations) is left as it is.
 */
async function liftClientBudgets(server: Server): Promise<void> {
  const service = createClient(server.url, server.serviceRoleKey, clientOptions);
  const lift = (values: Record<string, number>) =>
    service.from('client_budgets').update(values).gte('max_uses', 0);
  // The budgets of an address (anonymous calls) too, where the table has them (PGRST204: not yet).
  let { error } = await lift({ max_uses: 1_000_000, address_max_uses: 1_000_000 });
  if (error?.code === 'PGRST204') ({ error } = await lift({ max_uses: 1_000_000 }));
  if (error && error.code !== 'PGRST205')
    throw new Error(`could not lift the client budgets: ${error.message}`);
}

/**
 * A fetch whose connections leave from `localAddress`. Linux answers the whole of 127.0.0.0/8 on loopback, so a
 * client on 127.0.0.2 is another client to the service, which reads the client from the socket as Supabase's
 * gateway does.
 */
export function fetchFrom(localAddress: string): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    return new Promise((resolve, reject) => {
      const outgoing = http.request(
        request.url,
        { method: request.method, headers: Object.fromEntries(request.headers), localAddress },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('error', reject);
          incoming.on('end', () => {
            const headers = new Headers();
            for (const [name, value] of Object.entries(incoming.headers)) {
              for (const one of [value ?? []].flat()) headers.append(name, one);
            }
            const status = incoming.statusCode ?? 500;
            const empty = status === 204 || status === 304 || request.method === 'HEAD';
            resolve(new Response(empty ? null : Buffer.concat(chunks), { status, headers }));
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  };
}

interface Storage {
  DATABASE_URL?: string;
  DATA_DIR?: string;
}

/** The clients and controls of a backend whose service is `server()`. */
function backendOver(
  kind: Kind,
  storage: Storage,
  server: () => Server,
  controls: Pick<Backend, 'restart' | 'stop'>,
): Backend {
  let counter = 0;
  return {
    kind,
    databaseUrl: storage.DATABASE_URL,
    dataDir: storage.DATA_DIR,
    get server() {
      return server();
    },
    anon: () => createClient(server().url, server().anonKey, clientOptions),
    anonFrom: (localAddress, headers = {}) =>
      createClient(server().url, server().anonKey, {
        ...clientOptions,
        global: { fetch: fetchFrom(localAddress), headers },
      }),
    service: () => createClient(server().url, server().serviceRoleKey, clientOptions),
    newUser: async (prefix = 'user') => {
      counter += 1;
      const email = `${prefix}-${counter}-${randomBytes(4).toString('hex')}@example.com`;
      const password = 'Passw0rdOk';
      const client = createClient(server().url, server().anonKey, clientOptions);
      const { data, error } = await client.auth.signUp({ email, password });
      if (error || !data.user) throw error ?? new Error('sign-up failed');
      return { client, id: data.user.id, email, password };
    },
    ...controls,
  };
}

export async function startBackend(kind: Kind, env: Record<string, string> = {}): Promise<Backend> {
  let dropDatabase = async () => undefined as void;
  const storage: Storage = {};
  if (kind === 'postgres') {
    // Like PGlite's below: a copy of the migrated and seeded database, unless the suite brings its own supabase/
    // folder (then empty: the platform bootstrap costs little on PostgreSQL).
    const db = await createDatabase(
      env.SUPABASE_DIR ? undefined : process.env.LOCAL_SUPABASE_POSTGRES_TEMPLATE,
    );
    storage.DATABASE_URL = db.url;
    dropDatabase = db.drop;
  } else {
    storage.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'ls-test-'));
    // A copy of a folder templates.js prepared: migrated and seeded, or with only the platform bootstrap
    // when the suite brings its own supabase/ folder. Without one, the service starts from empty.
    const template = env.SUPABASE_DIR
      ? process.env.LOCAL_SUPABASE_PGLITE_BARE_TEMPLATE
      : process.env.LOCAL_SUPABASE_PGLITE_TEMPLATE;
    if (template) {
      fs.cpSync(template, storage.DATA_DIR, { recursive: true });
      // A throwaway copy: its starts skip the service's safety copy of the folder (40 MB each).
      fs.writeFileSync(path.join(storage.DATA_DIR, DISPOSABLE_MARKER), '');
    }
  }
  const start = () => spawnServer({ ...storage, ...env });
  let server = await start();
  await liftClientBudgets(server);
  return backendOver(kind, storage, () => server, {
    restart: async () => {
      await server.stop();
      server = await start();
    },
    stop: async () => {
      await server.stop();
      await dropDatabase();
      if (storage.DATA_DIR) fs.rmSync(storage.DATA_DIR, { recursive: true, force: true });
    },
  });
}

/** What a jest worker keeps of a shared backend, in this run's folder (global-setup.js), for its next files. */
interface SharedRecord extends Storage {
  kind: Kind;
  pid: number;
  url: string;
  inboxUrl: string;
  anonKey: string;
  serviceRoleKey: string;
}

const sharedInFile = new Map<string, Promise<Backend>>();

/**
 * The backend of `kind` in the default configuration (the migrated and seeded database), or with an environment
 * `env` that several files use, shared by the test files one jest worker runs, one file at a time: the first file
 * to ask starts it, and it serves every later file of the worker until global-teardown.js stops it. A file on it
 * sees what the files before it left (users, orders, meetings, e-mails, codes; what they left queued is sent before
 * the file gets it), so it makes its own users and rows, counts what it added rather than what there is, and puts
 * back any setting it changes (booking settings, budgets) before it ends. `stop()` only lets it go; a file that
 * restarts, kills or reconfigures its service, reads its data folder, changes what every client sees (the
 * catalogue, the promotions it did not add, the e-mail sweep) or needs an empty table starts its own
 * (`startBackend`).
 */
export function sharedBackend(kind: Kind, env: Record<string, string> = {}): Promise<Backend> {
  const dir = process.env.LOCAL_SUPABASE_SHARED_BACKENDS;
  if (!dir)
    throw new Error(
      'LOCAL_SUPABASE_SHARED_BACKENDS is not set: run the suites through jest (global-setup.js).',
    );
  const key = createHash('sha256')
    .update(JSON.stringify([kind, env]))
    .digest('hex')
    .slice(0, 12);
  if (!sharedInFile.has(key)) {
    const file = path.join(dir, `worker-${process.env.JEST_WORKER_ID ?? '1'}-${kind}-${key}.json`);
    sharedInFile.set(key, adoptOrStart(file, kind, env));
  }
  return sharedInFile.get(key)!;
}

async function adoptOrStart(file: string, kind: Kind, env: Record<string, string>): Promise<Backend> {
  let record: SharedRecord | undefined;
  if (fs.existsSync(file)) {
    record = JSON.parse(fs.readFileSync(file, 'utf8')) as SharedRecord;
    if (!isAlive(record.pid)) throw new Error(`the shared ${kind} backend (pid ${record.pid}) has stopped`);
  } else {
    const started = await startBackend(kind, env);
    const { server } = started;
    server.unref();
    record = {
      kind,
      pid: server.pid,
      url: server.url,
      inboxUrl: server.inboxUrl,
      anonKey: server.anonKey,
      serviceRoleKey: server.serviceRoleKey,
      DATABASE_URL: started.databaseUrl,
      DATA_DIR: started.dataDir,
    };
    fs.writeFileSync(file, JSON.stringify(record));
  }
  const refuse = (what: string) => () =>
    Promise.reject(new Error(`a shared backend cannot ${what}: start one of the file's own (startBackend)`));
  const server: Server = {
    url: record.url,
    inboxUrl: record.inboxUrl,
    anonKey: record.anonKey,
    serviceRoleKey: record.serviceRoleKey,
    databaseUrl: record.DATABASE_URL,
    output: () => '',
    stop: refuse('stop'),
    pid: record.pid,
    kill: refuse('be killed'),
    unref: () => undefined,
  };
  const backend = backendOver(kind, record, () => server, {
    restart: refuse('restart'),
    stop: async () => undefined,
  });
  await sendWhatIsQueued(backend);
  return backend;
}

/**
 * Sends every e-mail the files before left queued, as the sweep does, so that a file starts with none due as on a
 * fresh database: a client's call of send-emails (the browser's after an order or a booking) sends one batch of
 * the oldest due e-mails, which must be the file's own.
 */
async function sendWhatIsQueued(backend: Backend): Promise<void> {
  // A failed e-mail waits a minute before it is due again, so this ends; the bound says so if that ever changes.
  for (let batch = 0; batch < 100; batch += 1) {
    const { data, error } = await backend.service().functions.invoke('send-emails');
    if (error) throw new Error(`send-emails failed on the shared backend: ${error.message}`);
    const { sent, failed } = data as { sent: number; failed: number };
    if (sent + failed === 0) return;
  }
  throw new Error('send-emails still had e-mails due after 100 batches on the shared backend');
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Backends shared by the describe blocks of one test file: the first block to ask for an engine and configuration
 * starts it, later blocks of the file asking for the same get the same backend, and the file's afterAll stops them.
 * A backend start costs several CPU seconds (docs/testing.md), so a file starts one per configuration it needs.
 * Call it once at the top of a file.
 */
export function shareBackends(): (kind: Kind, env?: Record<string, string>) => Promise<Backend> {
  const started = new Map<string, Promise<Backend>>();
  afterAll(async () => {
    await Promise.all(
      [...started.values()].map(async (backend) => (await backend.catch(() => null))?.stop()),
    );
  });
  return (kind, env = {}) => {
    const key = JSON.stringify([kind, env]);
    if (!started.has(key)) started.set(key, startBackend(kind, env));
    return started.get(key)!;
  };
}

/** A raw request to the API, for what supabase-js would never send. */
export async function raw(
  backend: Backend,
  method: string,
  route: string,
  body?: string | object,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${backend.server.url}${route}`, {
    method,
    headers: {
      apikey: backend.server.anonKey,
      'Content-Type': 'application/json',
      'X-Supabase-Api-Version': '2024-01-01',
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: response.status, headers: response.headers, json: json as Record<string, unknown> };
}

/**
 * A scratch project holding a copy of the repository's supabase/ (and a link to its node_modules) plus `fixtures`
 * as its last migration; returns its supabase/ folder, which keeps that name because config.toml names its e-mail
 * templates from the project (`./supabase/templates/…`), as the Supabase CLI does. `removeProject` deletes the whole copy.
 */
export function projectWithFixtures(name: string, fixtures: string): string {
  const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), `ls-${name}-`)), 'supabase');
  fs.cpSync(path.join(__dirname, '..', '..', 'supabase'), dir, { recursive: true });
  // Beside supabase/ as in the repository: the Edge Functions' `npm:` imports come from node_modules.
  fs.symlinkSync(path.join(__dirname, '..', '..', 'node_modules'), path.join(dir, '..', 'node_modules'));
  fs.writeFileSync(
    path.join(dir, 'migrations', `20991231000000_${name.replace(/-/g, '_')}_fixtures.sql`),
    fixtures,
  );
  return dir;
}

/** A scratch project with no migration but `schema` (and an empty seed): for PostgREST's shapes on tables of a test's own. */
function bareProject(name: string, schema: string): string {
  const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), `ls-${name}-`)), 'supabase');
  fs.mkdirSync(path.join(dir, 'migrations'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'migrations', `20990101000000_${name.replace(/-/g, '_')}.sql`), schema);
  fs.writeFileSync(path.join(dir, 'seed.sql'), '');
  return dir;
}

export const removeProject = (supabaseDir: string) =>
  fs.rmSync(path.dirname(supabaseDir), { recursive: true, force: true });

/**
 * For the enclosing describe block: a backend of `kind` on a bareProject of `name` and `schema`, started before
 * its tests (handed to `started`) and stopped, its project removed, after them.
 */
export function withBareProject(
  kind: Kind,
  name: string,
  schema: string,
  started: (backend: Backend) => void,
): void {
  const dir = bareProject(name, schema);
  let backend: Backend | undefined;
  beforeAll(async () => {
    backend = await startBackend(kind, { SUPABASE_DIR: dir });
    started(backend);
  });
  afterAll(async () => {
    await backend?.stop();
    removeProject(dir);
  });
}

export const DEMO = {
  id: 'd0d0d0d0-0000-4000-8000-000000000001',
  email: 'demo@example.com',
  password: 'DemoPass123',
};

export interface InboxMessage {
  id: number;
  from: string;
  to: string;
  subject: string;
  created_at: string;
  text: string;
  html: string;
  links: string[];
}

/** The e-mails sent to `address`, newest first, read through the inbox's JSON API. */
export async function mailTo(backend: Backend, address: string): Promise<InboxMessage[]> {
  const base = backend.server.inboxUrl;
  const list = (await (await fetch(`${base}/api/v1/messages?to=${encodeURIComponent(address)}`)).json()) as {
    messages: { id: number }[];
  };
  return Promise.all(
    list.messages.map(
      async (m) => (await (await fetch(`${base}/api/v1/messages/${m.id}`)).json()) as InboxMessage,
    ),
  );
}

/** The code of an e-mail ("enter the code: 123456"). */
export const codeOf = (message: InboxMessage): string => /enter the code: (\d+)/.exec(message.text)![1]!;
