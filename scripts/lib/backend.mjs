// Starts the embedded Supabase-compatible API (local-supabase/) unless SUPABASE_URL points at another one,
// and resolves with the URL and anon key the browser should use.
import path from 'node:path';
import { startChild } from './processes.mjs';

export async function startBackend({ root, env = process.env }) {
  if (env.SUPABASE_URL) {
    if (!env.SUPABASE_ANON_KEY) throw new Error('SUPABASE_URL is set: set SUPABASE_ANON_KEY too.');
    return { supabaseUrl: env.SUPABASE_URL, supabaseAnonKey: env.SUPABASE_ANON_KEY };
  }
  const port = env.SUPABASE_PORT ?? '54321';
  const child = startChild(
    'local-supabase',
    process.execPath,
    [path.join(root, 'local-supabase', 'bin', 'local-supabase.mjs')],
    { cwd: root, env: { ...env, PORT: port }, stdio: ['ignore', 'pipe', 'inherit'] },
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
      if (anonKey && /ready/i.test(output)) {
        clearTimeout(timer);
        resolve({ supabaseUrl: `http://localhost:${port}`, supabaseAnonKey: anonKey });
      }
    });
  });
}
