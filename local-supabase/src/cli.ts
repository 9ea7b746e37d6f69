// `npm start -w local-supabase` / `node local-supabase/bin/local-supabase.mjs`: the API on PORT (54321),
// with its data in DATA_DIR (.data/ at the repository root) or on DATABASE_URL. Ctrl-C closes it cleanly.
import path from 'node:path';
import { startLocalSupabase } from './server';

const env = process.env;

async function main() {
  const dataDir = env.DATABASE_URL
    ? undefined
    : path.resolve(env.DATA_DIR ?? path.join(__dirname, '..', '..', '.data', 'local-supabase'));
  const server = await startLocalSupabase({
    port: Number(env.PORT ?? 54321),
    host: env.HOST ?? '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL,
    jwtSecret: env.JWT_SECRET,
    autoConfirm: env.AUTO_CONFIRM !== 'false',
    tokenRateLimit: env.AUTH_RATE_LIMIT ? Number(env.AUTH_RATE_LIMIT) : undefined,
    bcryptCost: env.BCRYPT_COST ? Number(env.BCRYPT_COST) : undefined,
    refreshReuseInterval: env.REFRESH_REUSE_INTERVAL ? Number(env.REFRESH_REUSE_INTERVAL) : undefined,
    corsOrigins: env.CORS_ORIGINS?.split(',').filter(Boolean),
    log: true,
  });
  const where = env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir}`;
  if (server.migrations.applied.length)
    console.log(`applied migrations: ${server.migrations.applied.join(', ')}`);
  if (server.migrations.seeded) console.log('seeded supabase/seed.sql');
  console.log(`database: ${where}`);
  console.log(`anon key: ${server.anonKey}`);
  console.log(`service_role key: ${server.serviceRoleKey}`);
  console.log(`local-supabase ready at ${server.url}`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error('local-supabase failed to start:', error);
  process.exit(1);
});
