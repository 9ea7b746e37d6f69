// The production rehearsal (#29): the site as a new Supabase project and a CDN run it, set up the way the
// README's "Deploying" says, on free ports beside everything else:
//
// 1. The platform (on hosted Supabase, its own administrator at project creation; here the tests' PostgreSQL
//    superuser): a fresh database, what a project has before any migration (local-supabase's bootstrap.sql: the
//    API roles, the auth and extensions schemas), and a role with the rights of a project's `postgres`: not a
//    superuser; CREATEDB, CREATEROLE, BYPASSRLS; member of anon, authenticated and service_role; owner of the
//    database and so of `public`; usage (not create) on `auth` and every right on its tables and functions;
//    every right on `extensions`; and the project's default privileges, which grant what it makes in `public` to
//    the API roles (the migrations revoke what they do not mean to give). The migration history is the CLI's to
//    create, on the first push.
// 2. `npx supabase db push --remote=<url>` (the real CLI, no Docker) as that role: the migrations alone, no seed.
// 3. The platform's API in front of the database: local-supabase, connected as the platform (the superuser), with
//    config.toml as the README tells a production project to be configured (its `[remotes.production]` block:
//    confirmations on, e-mail changes confirmed from both addresses, the site's URL), the seed off, and
//    config.toml's per-IP rate limits as they are: the rehearsal's own sign-ins and e-mails must stay few (2
//    e-mails an hour for the whole project).
// 4. The production builds (`npm run build`, made before the tests) served by the static server with the CDN
//    rules of the README, from a copy of shell/dist into which `node scripts/write-site-url.mjs` wrote the site's
//    URL, and a config.json naming this backend and the remotes.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { parse, stringify } from 'smol-toml';
// @ts-expect-error: plain ESM module without type declarations
import { createStaticApp } from '../../scripts/lib/static-server.mjs';
// @ts-expect-error: plain ESM module without type declarations
import { freePortServer } from '../../scripts/lib/serve-builds.mjs';
import { remoteDirs, repoRoot, type RemoteName } from './servers';

const run = promisify(execFile);

export interface RehearsalSite {
  /** The shell's origin, also the site's URL (SITE_URL) and the only redirect target auth allows. */
  shellUrl: string;
  /** Each remote's origin. */
  remoteUrls: Record<RemoteName, string>;
  /** Each app's build folder as served: the shell's is the copy with the site's URL written into it. */
  servedDirs: Record<RemoteName | 'shell', string>;
  supabaseUrl: string;
  /** The local inbox, where the e-mails auth sends land (the JSON API of local-supabase/README.md). */
  inboxUrl: string;
  /** The agency's key to the API (the service role), for what the agency does by hand, such as marking paid. */
  serviceRoleKey: string;
  /**
   * The platform's own connection to the project's database (its superuser, as local-supabase connects), for
   * what neither a visitor nor the agency can do through the API, such as letting a day pass for one session.
   */
  databaseUrl: string;
}

type Table = Record<string, unknown>;
const isTable = (value: unknown): value is Table =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `base` with `over`'s values, table by table (as the CLI lays a `[remotes.<name>]` block over the file). */
function overlay(base: Table, over: Table): Table {
  const result = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = result[key];
    result[key] = isTable(current) && isTable(value) ? overlay(current, value) : value;
  }
  return result;
}

/** The README's example origin, which the rehearsal's own takes the place of. */
const EXAMPLE_ORIGIN = 'https://shop.example.com';

/**
 * config.toml as a production project is set: with the README's `[remotes.production]` block ("Deploying", step
 * 2: what hosted Supabase takes from `supabase config push` or the dashboard) laid over it, for `siteUrl`. And
 * no seed: `supabase db push` never runs it, nor does a hosted project.
 */
function productionConfig(configToml: string, readme: string, siteUrl: string): Table {
  const block = /```toml\n(\[remotes\.production\]\n[\s\S]*?)```/.exec(readme)?.[1];
  if (!block) throw new Error('README.md has no [remotes.production] block under "Deploying"');
  const remotes = parse(block.replaceAll(EXAMPLE_ORIGIN, siteUrl)).remotes as Record<string, Table>;
  const { project_id: _ref, ...production } = remotes.production!;
  return overlay(parse(configToml), { ...production, db: { seed: { enabled: false } } });
}

/** The tests' PostgreSQL server (TEST_DATABASE_URL, else the one scripts/ensure-postgres.sh starts). */
async function testServerUrl(): Promise<string> {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  const { stdout } = await run('bash', [path.join(repoRoot, 'scripts', 'ensure-postgres.sh')]);
  const url = /TEST_DATABASE_URL=(\S+)/.exec(stdout)?.[1];
  if (!url) throw new Error('scripts/ensure-postgres.sh printed no TEST_DATABASE_URL');
  return url;
}

function withCredentials(base: string, database: string, user?: { name: string; password: string }): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  if (user) {
    url.username = user.name;
    url.password = user.password;
  }
  // The CLI takes postgresql:// URLs; no TLS on the tests' server.
  url.protocol = 'postgresql:';
  url.searchParams.set('sslmode', 'disable');
  return url.toString();
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Step 1: what a new project has before its first push, and its `postgres` role (here `role`). */
async function createProjectDatabase(
  server: string,
  database: string,
  role: { name: string; password: string },
) {
  await withClient(server, (admin) => admin.query(`create database ${database} template template0`));
  const bootstrap = fs.readFileSync(
    path.join(repoRoot, 'local-supabase', 'src', 'db', 'bootstrap.sql'),
    'utf8',
  );
  await withClient(withCredentials(server, database), async (platform) => {
    await platform.query(bootstrap);
    // bootstrap.sql also makes the CLI's migration history for local-supabase; on a project the CLI makes it,
    // as `postgres`, on the first push.
    await platform.query('drop schema supabase_migrations cascade');
    await platform.query(`
      create role ${role.name} login password '${role.password}'
        nosuperuser createdb createrole replication bypassrls;
      grant anon, authenticated, service_role, pg_read_all_data, pg_signal_backend to ${role.name};
      alter database ${database} owner to ${role.name};
      grant usage on schema auth to ${role.name};
      grant all on all tables in schema auth to ${role.name};
      grant all on all sequences in schema auth to ${role.name};
      grant all on all routines in schema auth to ${role.name};
      grant all on schema extensions to ${role.name};
      grant all on all tables in schema extensions to ${role.name};
      grant all on all routines in schema extensions to ${role.name};
      alter default privileges for role ${role.name} in schema public
        grant all on tables to anon, authenticated, service_role;
      alter default privileges for role ${role.name} in schema public
        grant all on functions to anon, authenticated, service_role;
      alter default privileges for role ${role.name} in schema public
        grant all on sequences to anon, authenticated, service_role;
    `);
  });
}

async function dropProjectDatabase(server: string, database: string, role: string) {
  await withClient(server, async (admin) => {
    await admin.query(`drop database if exists ${database} with (force)`);
    // Roles belong to the cluster, not the database.
    await admin.query(`drop role if exists ${role}`);
  });
}

/** Step 3: local-supabase on `databaseUrl` with `supabaseDir`'s config.toml and no overrides of it. */
function startApi(
  databaseUrl: string,
  supabaseDir: string,
): Promise<{
  child: ChildProcess;
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  inboxUrl: string;
}> {
  const child = spawn(
    process.execPath,
    [path.join(repoRoot, 'local-supabase', 'bin', 'local-supabase.mjs')],
    {
      // Only what it needs: none of the variables that override config.toml (rate limits, AUTO_CONFIRM, ...).
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: databaseUrl,
        SUPABASE_DIR: supabaseDir,
        PORT: '0',
        INBUCKET_PORT: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail('it did not start within 60 s'), 60_000);
    function fail(why: string) {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`local-supabase: ${why}:\n${output}`));
    }
    child.once('exit', (code) => fail(`exit ${code}`));
    child.stderr!.on('data', (chunk) => (output += chunk));
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      const url = /ready at (\S+)/.exec(output)?.[1];
      const anonKey = /anon key: (\S+)/.exec(output)?.[1];
      const serviceRoleKey = /service_role key: (\S+)/.exec(output)?.[1];
      const inboxUrl = /inbox at (\S+)/.exec(output)?.[1];
      if (!url || !anonKey || !serviceRoleKey || !inboxUrl) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve({ child, url, anonKey, serviceRoleKey, inboxUrl });
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Sets the whole rehearsal up; `stop` takes all of it down again, the database and its role included. */
export async function startRehearsal(): Promise<{ site: RehearsalSite; stop: () => Promise<void> }> {
  const stops: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    for (const step of stops.reverse()) await step().catch((error) => console.error(error));
  };
  try {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-rehearsal-'));
    stops.push(async () => fs.rmSync(work, { recursive: true, force: true }));

    const shell = await freePortServer();
    const remotes = {} as Record<RemoteName, { server: http.Server; url: string }>;
    for (const name of Object.keys(remoteDirs) as RemoteName[]) remotes[name] = await freePortServer();
    for (const { server } of [shell, ...Object.values(remotes)]) {
      stops.push(
        () =>
          new Promise((resolve) => {
            server.close(resolve);
            server.closeAllConnections();
          }),
      );
    }

    // The deployer's checkout of supabase/: the migrations, the e-mail templates config.toml names, the Edge
    // Functions, and config.toml as production is configured; beside it the checkout's node_modules, where the
    // functions' `npm:` imports come from locally (local-supabase/README.md, "Edge Functions").
    const supabaseDir = path.join(work, 'supabase');
    for (const folder of ['migrations', 'templates', 'functions']) {
      fs.cpSync(path.join(repoRoot, 'supabase', folder), path.join(supabaseDir, folder), { recursive: true });
    }
    fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(work, 'node_modules'));
    const read = (file: string) => fs.readFileSync(path.join(repoRoot, file), 'utf8');
    const config = productionConfig(read('supabase/config.toml'), read('README.md'), shell.url);
    fs.writeFileSync(path.join(supabaseDir, 'config.toml'), stringify(config));

    const server = await testServerUrl();
    const id = `${process.pid}_${randomBytes(4).toString('hex')}`;
    const database = `rehearsal_${id}`;
    const role = { name: `rehearsal_postgres_${id}`, password: randomBytes(12).toString('hex') };
    stops.push(() => dropProjectDatabase(server, database, role.name));
    await createProjectDatabase(server, database, role);

    // The README's command, from the repository (`--no`: the CLI installed there, never a download), on the
    // deployer's supabase/ folder.
    const remote = withCredentials(server, database, role);
    await run('npx', ['--no', 'supabase', 'db', 'push', `--workdir=${work}`, `--remote=${remote}`, '--yes'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        SUPABASE_TELEMETRY_DISABLED: '1',
        DO_NOT_TRACK: '1',
        SUPABASE_NO_UPDATE_NOTIFIER: '1',
      },
    }).catch((error: { stdout?: string; stderr?: string; message: string }) => {
      throw new Error(`supabase db push failed:\n${error.stdout ?? ''}${error.stderr ?? error.message}`);
    });

    const databaseUrl = withCredentials(server, database);
    const api = await startApi(databaseUrl, supabaseDir);
    stops.push(() => stopChild(api.child));

    const shellDir = path.join(work, 'shell-dist');
    fs.cpSync(path.join(repoRoot, 'shell', 'dist'), shellDir, { recursive: true });
    const remoteUrls = Object.fromEntries(
      Object.entries(remotes).map(([name, { url }]) => [name, url]),
    ) as Record<RemoteName, string>;
    // The remotes' locations too, as a deploy gives them (README, "Deploying"): the pages' pictures name them.
    await run(process.execPath, [path.join(repoRoot, 'scripts', 'write-site-url.mjs'), shell.url, shellDir], {
      env: {
        ...process.env,
        ...Object.fromEntries(
          Object.entries(remoteUrls).map(([name, url]) => [
            `REMOTE_${name.toUpperCase()}_URL`,
            `${url}/mf-manifest.json`,
          ]),
        ),
      },
    });
    const origins = Object.values(remoteUrls);
    const runtimeConfig = {
      supabaseUrl: api.url,
      supabaseAnonKey: api.anonKey,
      remotes: Object.fromEntries(
        Object.entries(remoteUrls).map(([name, url]) => [name, `${url}/mf-manifest.json`]),
      ),
      siteUrl: shell.url,
    };
    shell.server.on(
      'request',
      createStaticApp({
        root: shellDir,
        kind: 'shell',
        scriptOrigins: origins,
        connectOrigins: [...origins, api.url],
        config: () => runtimeConfig,
      }),
    );
    const servedDirs = { shell: shellDir } as RehearsalSite['servedDirs'];
    for (const name of Object.keys(remotes) as RemoteName[]) {
      servedDirs[name] = path.join(repoRoot, remoteDirs[name], 'dist');
      remotes[name].server.on(
        'request',
        createStaticApp({ root: servedDirs[name], kind: 'remote', corsOrigins: [shell.url] }),
      );
    }
    return {
      site: {
        shellUrl: shell.url,
        remoteUrls,
        servedDirs,
        supabaseUrl: api.url,
        inboxUrl: api.inboxUrl,
        serviceRoleKey: api.serviceRoleKey,
        databaseUrl,
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
