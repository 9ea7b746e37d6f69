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

/** What the machine's environment lends Deno itself: where to cache and fetch npm packages, and proxies. */
const PASSED_THROUGH = [
  'HOME',
  'PATH',
  'DENO_DIR',
  'XDG_CACHE_HOME',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
];

export class FunctionBootError extends Error {}

export interface FunctionsRuntime {
  /** Whether supabase/functions/<name>/index.ts exists. */
  has(name: string): boolean;
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
  // npm's registry (npm sets npm_config_registry for the scripts it runs), so `npm:` imports come from the same
  // place as the repository's own packages.
  const registry = process.env.NPM_CONFIG_REGISTRY || process.env.npm_config_registry;
  return {
    ...machine,
    ...(registry ? { NPM_CONFIG_REGISTRY: registry } : {}),
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
        ...(fs.existsSync(config) ? ['--config', config] : ['--no-config']),
        BOOTSTRAP,
        pathToFileURL(path.join(folder, 'index.ts')).href,
      ],
      { cwd: folder, env: functionEnv(options), stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    const port = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new FunctionBootError(`function ${name} did not start within ${START_TIMEOUT_MS / 1000} s`));
      }, START_TIMEOUT_MS);
      child.stdout!.on('data', (chunk: Buffer) => {
        for (const line of chunk.toString().split('\n')) {
          const listening = /^local-supabase function listening on (\d+)$/.exec(line.trim());
          if (listening) {
            clearTimeout(timer);
            resolve(Number(listening[1]));
          } else if (line.trim()) log(`[${name}] ${line.trimEnd()}`);
        }
      });
      child.stderr!.on('data', (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-4000);
        for (const line of chunk.toString().split('\n')) if (line.trim()) log(`[${name}] ${line.trimEnd()}`);
      });
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(new FunctionBootError(`function ${name} could not start: ${error.message}`));
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        // The next request starts it again (a crash, or an edit that broke it and was fixed).
        if (running.get(name)?.child === child) running.delete(name);
        reject(
          new FunctionBootError(`function ${name} stopped (${signal ?? `exit ${code}`}): ${output.trim()}`),
        );
      });
    });
    port.catch(() => undefined);
    return { child, port };
  }

  return {
    has: exists,
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
