// `npm start -w local-supabase` / `node local-supabase/bin/local-supabase.mjs`: the API on PORT (54321),
// with its data in DATA_DIR (.data/local-supabase at the repository root) or on DATABASE_URL. Ctrl-C (or
// SIGTERM) closes it cleanly, so PGlite's data folder is always left consistent.
import path from 'node:path';
import { ConfigError } from './config/file';
import { loadConfig } from './config/env';
import { SUPABASE_DIR } from './db/migrate';
import { DEFAULT_DATA_DIR } from './data-folder/inspect';
import { startLocalSupabase, type LocalSupabase } from './server';
import { StartupError } from './startup';

const env = process.env;

/** A whole number from the environment; a typo is an error at start, not a silent default. */
function intFromEnv(name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number, got '${raw}'`);
  return Number(raw);
}

async function main() {
  // Signal handlers first: a stop asked for while migrations run waits for them, then closes the database.
  const running: { server?: LocalSupabase } = {};
  let stopRequested = false;
  let stopping = false;
  const stop = () => {
    stopRequested = true;
    if (!running.server || stopping) return;
    stopping = true;
    running.server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // Started by `npm start` with an IPC channel: when that process dies, even by SIGKILL, the channel closes and
  // the database is closed cleanly instead of being left running, holding the port and the data folder.
  process.on('disconnect', stop);

  const databaseUrl = env.DATABASE_URL || undefined;
  const dataDir = databaseUrl ? undefined : path.resolve(env.DATA_DIR || DEFAULT_DATA_DIR);
  const supabaseDir = env.SUPABASE_DIR ? path.resolve(env.SUPABASE_DIR) : SUPABASE_DIR;
  // supabase/config.toml, with the environment's overrides of its keys (src/config/).
  const config = loadConfig(supabaseDir, env);
  for (const warning of config.warnings) console.warn(warning);
  const server = await startLocalSupabase({
    host: env.HOST || '127.0.0.1',
    dataDir,
    databaseUrl,
    jwtSecret: env.JWT_SECRET || undefined,
    bcryptCost: intFromEnv('BCRYPT_COST'),
    corsOrigins: env.CORS_ORIGINS?.split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    supabaseDir,
    config,
    scheduleSeconds: intFromEnv('FUNCTION_SCHEDULE_SECONDS'),
    checkFunctions: env.FUNCTION_CHECK_AT_START !== '0',
    log: true,
  });
  running.server = server;
  if (server.migrations.applied.length)
    console.log(`applied migrations: ${server.migrations.applied.join(', ')}`);
  if (server.migrations.seeded) console.log('seeded supabase/seed.sql');
  console.log(`database: ${databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir}`}`);
  console.log(`anon key: ${server.anonKey}`);
  console.log(`service_role key: ${server.serviceRoleKey}`);
  // Before "ready at": whoever waits for that line (npm start, the tests) has the inbox's address by then.
  if (server.inboxUrl) console.log(`inbox at ${server.inboxUrl} (e-mails the auth API sends)`);
  console.log(`local-supabase ready at ${server.url}`);
  if (stopRequested) stop();
}

main().catch((error: unknown) => {
  // A refusal the user can act on (a busy port, a data folder in use, damaged or not this service's) is one
  // line that says what to do; anything else is a bug, with its stack.
  if (error instanceof StartupError || error instanceof ConfigError)
    console.error(`local-supabase: ${error.message}`);
  else console.error('local-supabase failed to start:', error);
  process.exit(1);
});
