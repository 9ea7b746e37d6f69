// Starts the embedded Supabase-compatible API (local-supabase/) unless SUPABASE_URL points at another one,
// and resolves with the URL and anon key the browser should use, and the local inbox's address (where the
// e-mails auth sends land; null with another Supabase, which sends real ones).
import { createRequire } from 'node:module';
import path from 'node:path';
import { startChild } from './processes.mjs';

/**
 * The ports the local API and its inbox take by default: supabase/config.toml's [api] and [inbucket] ports, read by
 * local-supabase's own config reader (the inbox's is null when [inbucket] is disabled).
 */
export function localApiDefaults(root) {
  const localSupabase = createRequire(path.join(root, 'local-supabase', 'package.json'));
  const project = process.env.SWC_NODE_PROJECT;
  process.env.SWC_NODE_PROJECT ??= path.join(root, 'local-supabase', 'tsconfig.runtime.json');
  localSupabase('@swc-node/register');
  if (project === undefined) delete process.env.SWC_NODE_PROJECT;
  const { readSupabaseConfig } = localSupabase('./src/config/file.ts');
  const { api, inbucket } = readSupabaseConfig(path.join(root, 'supabase'));
  return { api: api.port, inbox: inbucket.enabled ? inbucket.port : null };
}

export async function startBackend({ root, env = process.env, siteUrl }) {
  if (env.SUPABASE_URL) {
    if (!env.SUPABASE_ANON_KEY) throw new Error('SUPABASE_URL is set: set SUPABASE_ANON_KEY too.');
    return { supabaseUrl: env.SUPABASE_URL, supabaseAnonKey: env.SUPABASE_ANON_KEY, inboxUrl: null };
  }
  // Its own variables, not the generic PORT and HOST a shell may carry: SUPABASE_PORT (else config.toml's
  // [api] port) and SUPABASE_HOST (else loopback only; the static servers have SITE_HOST).
  const child = startChild(
    'local-supabase',
    process.execPath,
    [path.join(root, 'local-supabase', 'bin', 'local-supabase.mjs')],
    {
      cwd: root,
      // SITE_URL: e-mail links without an allowed redirect_to lead to the site actually being served.
      env: {
        ...env,
        PORT: env.SUPABASE_PORT ?? '',
        HOST: env.SUPABASE_HOST || '127.0.0.1',
        ...(siteUrl && !env.SITE_URL ? { SITE_URL: siteUrl } : {}),
      },
      // The IPC channel tells it when this process is gone, even killed (local-supabase/src/cli.ts).
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    let anonKey = null;
    const timer = setTimeout(() => reject(new Error('local-supabase did not start within 120 s')), 120_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`local-supabase exited with code ${code}`));
    });
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      output += chunk.toString();
      anonKey ??= /anon key:\s*(\S+)/i.exec(output)?.[1] ?? null;
      const url = /ready at (\S+)\r?\n/.exec(output)?.[1];
      if (anonKey && url) {
        clearTimeout(timer);
        // local-supabase prints the inbox before "ready at" (none when [local_smtp] enabled = false).
        const inboxUrl = /inbox at (\S+)/.exec(output)?.[1] ?? null;
        resolve({ supabaseUrl: url, supabaseAnonKey: anonKey, inboxUrl });
      }
    });
  });
}
