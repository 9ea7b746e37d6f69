// Supabase Edge Functions on this machine: each folder of supabase/functions with an index.ts (not `_shared` or
// another name starting with `_`, as the Supabase CLI skips them) runs under Deno, from the npm package `deno`, in
// a process of its own on a free loopback port, started at its first request and kept running. No Docker, and not
// `supabase functions serve` (which needs it). Its secrets are what hosted Supabase gives every function
// (SUPABASE_URL, the anon and service-role keys) and those of supabase/functions/.env.example, then .env over them
// (git-ignored); unless they name an e-mail provider (RESEND_API_URL), the local inbox is the provider.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseEnv } from 'node:util';

/** A function's name as the Supabase CLI accepts it; anything else is no function. */
const NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
const START_TIMEOUT_MS = 120_000;
const BOOTSTRAP = path.join(__dirname, '..', '..', 'deno', 'serve-function.ts');
/**
 * How long a stop lets a call in flight finish before the function is killed: killed mid-run, send-emails would
 * leave what it had claimed leased for five minutes (supabase/migrations/20261128090000_email_outbox.sql).
 */
export const STOP_GRACE_MS = 10_000;

/** Resolves once every promise has settled or `ms` have passed, whichever comes first. */
export async function settledWithin(work: Promise<unknown>[], ms: number): Promise<void> {
  if (work.length === 0) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([Promise.allSettled(work), new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/**
 * What the machine's environment lends Deno itself: its home and cache, proxies (both spellings), and the
 * certificate authorities the machine trusts, for a function that fetches from the network (a TLS-inspecting
 * proxy's authority is in the machine's store, not in Deno's own).
 */
const PASSED_THROUGH = [
  'HOME',
  'PATH',
  'DENO_DIR',
  'XDG_CACHE_HOME',
  ...['HTTP_PROXY', 'HTTPS_PROXY', 'ALL_PROXY', 'NO_PROXY'].flatMap((name) => [name, name.toLowerCase()]),
  'DENO_CERT',
  'DENO_TLS_CA_STORE',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
];

/** Deno's trust: the machine's store beside Deno's own, and Node's extra authority file unless DENO_CERT names one. */
function trust(env: NodeJS.ProcessEnv): Record<string, string> {
  const cert = env.DENO_CERT || env.NODE_EXTRA_CA_CERTS;
  return {
    DENO_TLS_CA_STORE: env.DENO_TLS_CA_STORE || 'mozilla,system',
    ...(cert ? { DENO_CERT: cert } : {}),
  };
}

/**
 * What a function that cannot start tells the developer: Deno's own error line, and what fixes the usual cause.
 * Its `npm:` imports come from the repository's node_modules (`--node-modules-dir=manual`), never downloaded.
 */
function bootFailure(name: string, output: string): string {
  const lines = output.split('\n').map((line) => line.trim());
  const error = (
    lines.find((line) => line.startsWith('error:')) ??
    lines.filter(Boolean).at(-1) ??
    'no output'
  )
    .replace(/^error:\s*(Uncaught (\(in promise\) )?)?(\w*Error: )?/, '')
    // Deno's advice after the first sentence (`deno install`, auto-install) is not how this project installs.
    .split(/\.\s/)[0]!;
  const fix = /node_modules|npm package|npm:/.test(error)
    ? "run npm install; deno.json's npm: versions must be the ones package-lock.json installs"
    : `fix supabase/functions/${name}`;
  return `Edge Function ${name} cannot start: ${error} (${fix})`;
}

export class FunctionBootError extends Error {}

export interface FunctionsRuntime {
  /** Whether supabase/functions/<name>/index.ts exists. */
  has(name: string): boolean;
  /** Starts every function, so one that cannot start says so now (once), not at its first call. */
  check(): Promise<void>;
  /** The function's loopback port, starting it first if needed; null when there is no such function. */
  portOf(name: string): Promise<number | null>;
  /** Runs a call to a function; a stop lets the calls in flight finish (within STOP_GRACE_MS). */
  track<T>(call: () => Promise<T>): Promise<T>;
  stop(graceMs?: number): Promise<void>;
}

export interface FunctionsOptions {
  /** supabase/functions */
  dir: string;
  /** The secrets Supabase itself sets (SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY). */
  platform: Record<string, string>;
  /** The local inbox's e-mail API, or null when [local_smtp] is off. */
  mailApi: { url: string; key: string } | null;
  log?: (line: string) => void;
}

function readEnvFile(file: string): Record<string, string> {
  if (!fs.existsSync(file)) return {};
  const entries = Object.entries(parseEnv(fs.readFileSync(file, 'utf8')) as Record<string, string>);
  // As the Supabase CLI: the platform's own names cannot be set from a file.
  return Object.fromEntries(entries.filter(([name]) => !name.startsWith('SUPABASE_')));
}

/** The environment of every function: the platform's, the files', the local inbox as provider by default. */
function functionEnv(options: FunctionsOptions): Record<string, string> {
  const secrets = {
    ...readEnvFile(path.join(options.dir, '.env.example')),
    ...readEnvFile(path.join(options.dir, '.env')),
  };
  const mail: Record<string, string> =
    !secrets.RESEND_API_URL && options.mailApi
      ? { RESEND_API_URL: options.mailApi.url, RESEND_API_KEY: options.mailApi.key }
      : {};
  const machine = Object.fromEntries(
    PASSED_THROUGH.flatMap((name) => (process.env[name] ? [[name, process.env[name]!]] : [])),
  );
  return {
    ...machine,
    ...trust(process.env),
    NO_COLOR: '1',
    ...secrets,
    ...mail,
    ...options.platform,
  };
}

/** The `deno` executable of the npm package (its platform's build). */
export function denoBinary(): string {
  const require = createRequire(__filename);
  return (require('deno/install_api.cjs') as { runInstall: () => string }).runInstall();
}

interface Running {
  child: ChildProcess;
  port: Promise<number>;
}

export function functionsRuntime(options: FunctionsOptions): FunctionsRuntime {
  const running = new Map<string, Running>();
  const calls = new Set<Promise<unknown>>();
  const log = options.log ?? ((line: string) => console.log(line));
  let stopped = false;
  // The last failed start said per function: a function that keeps failing the same way is reported once.
  const reported = new Map<string, string>();
  const report = (name: string, message: string) => {
    if (reported.get(name) !== message) log(message);
    reported.set(name, message);
  };

  const exists = (name: string) =>
    NAME.test(name) && !name.startsWith('_') && fs.existsSync(path.join(options.dir, name, 'index.ts'));

  function start(name: string): Running {
    const folder = path.join(options.dir, name);
    const config = path.join(folder, 'deno.json');
    const child = spawn(
      denoBinary(),
      [
        'run',
        '--no-prompt',
        '--allow-net',
        '--allow-env',
        `--allow-read=${folder}`,
        // `npm:` imports from the repository's node_modules, as `npm install` put them: no download at start.
        '--node-modules-dir=manual',
        ...(fs.existsSync(config) ? ['--config', config] : ['--no-config']),
        BOOTSTRAP,
        pathToFileURL(path.join(folder, 'index.ts')).href,
      ],
      { cwd: folder, env: functionEnv(options), stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    let listening = false;
    let settled = false;
    const port = new Promise<number>((resolve, reject) => {
      const failed = (message: string) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (!stopped) report(name, message);
        reject(new FunctionBootError(message));
      };
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        failed(`Edge Function ${name} did not start within ${START_TIMEOUT_MS / 1000} s`);
      }, START_TIMEOUT_MS);
      child.stdout!.on('data', (chunk: Buffer) => {
        for (const line of chunk.toString().split('\n')) {
          const ready = /^local-supabase function listening on (\d+)$/.exec(line.trim());
          if (ready) {
            clearTimeout(timer);
            listening = settled = true;
            reported.delete(name);
            resolve(Number(ready[1]));
          } else if (line.trim()) log(`[${name}] ${line.trimEnd()}`);
        }
      });
      child.stderr!.on('data', (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-4000);
        // Until it serves, Deno's report is kept for the one line a failed start gives (bootFailure).
        if (!listening) return;
        for (const line of chunk.toString().split('\n')) if (line.trim()) log(`[${name}] ${line.trimEnd()}`);
      });
      child.once('error', (error) => failed(`Edge Function ${name} cannot start: ${error.message}`));
      child.once('exit', (code, signal) => {
        // The next request starts it again (a crash, an edit that broke it and was fixed, or `npm install` run).
        if (running.get(name)?.child === child) running.delete(name);
        if (!listening) failed(bootFailure(name, output));
        else if (!stopped)
          log(`[${name}] stopped (${signal ?? `exit ${code}`}); the next call starts it again`);
      });
    });
    port.catch(() => undefined);
    return { child, port };
  }

  return {
    has: exists,
    async check() {
      const names = fs.existsSync(options.dir) ? fs.readdirSync(options.dir).filter(exists) : [];
      await Promise.all(names.map((name) => this.portOf(name).catch(() => undefined)));
    },
    async portOf(name) {
      if (stopped || !exists(name)) return null;
      let entry = running.get(name);
      if (!entry) {
        entry = start(name);
        running.set(name, entry);
      }
      return entry.port;
    },
    async track(call) {
      const work = call();
      calls.add(work);
      try {
        return await work;
      } finally {
        calls.delete(work);
      }
    },
    async stop(graceMs = STOP_GRACE_MS) {
      stopped = true;
      await settledWithin([...calls], graceMs);
      await Promise.all(
        [...running.values()].map(
          ({ child }) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGTERM');
            }),
        ),
      );
      running.clear();
    },
  };
}
