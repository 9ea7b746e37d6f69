// The embedded Supabase-compatible API: GoTrue's auth routes under /auth/v1 and PostgREST's under /rest/v1 (the
// route table, src/routes.ts), over PGlite (a data folder) or PostgreSQL (DATABASE_URL), and the local inbox.
import path from 'node:path';
import { buildApi, buildInbox } from './app';
import { authOptions } from './auth/options';
import { ConfigError, readSupabaseConfig } from './config/file';
import { readSigningKeys, type SigningKey } from './config/signing-keys';
import type { SupabaseConfig } from './config/settings';
import { openDataFolder } from './data-folder/open';
import { openPGlite, openPostgres, type Database } from './db/database';
import { migrate, SUPABASE_DIR, type MigrationReport } from './db/migrate';
import { writeSiteUrl } from './db/site-url';
import { apiKeys, DEFAULT_JWT_SECRET } from './keys';
import { functionsRuntime } from './functions/runtime';
import { startSchedule } from './functions/schedule';
import { EmailBudget, Mailer } from './mail/mailer';
import { inboxApiKey } from './mail/provider';
import { txEndOf } from './rest/preferences';
import { reloadOnNotify } from './rest/reload';
import { SchemaCache } from './rest/schema-cache';
import { bindPort, type BoundPort } from './startup';
import { RATE_LIMIT_WINDOWS } from './config/settings';

export interface LocalSupabaseOptions {
  port?: number;
  host?: string;
  /** PGlite's data folder; ignored when databaseUrl is set. Undefined: an in-memory database. */
  dataDir?: string;
  databaseUrl?: string;
  jwtSecret?: string;
  bcryptCost?: number;
  corsOrigins?: string[];
  /** Where config.toml, migrations/ and seed.sql are read from (the repository's supabase/ by default). */
  supabaseDir?: string;
  /** The settings shared with the Supabase CLI: by default `<supabaseDir>/config.toml` (src/config/). */
  config?: SupabaseConfig;
  /** Seconds between two calls of the scheduled functions (send-emails), as hosted's cron job; 0: never. */
  scheduleSeconds?: number;
  /** Start every Edge Function once the API serves, so one that cannot start is said at once (npm start). */
  checkFunctions?: boolean;
  log?: boolean;
}

export interface LocalSupabase {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  db: Database;
  migrations: MigrationReport;
  /** The local mail catcher's page ([local_smtp] port), or null when [local_smtp] enabled = false. */
  inboxUrl: string | null;
  stop: () => Promise<void>;
}

const MIN_JWT_SECRET_LENGTH = 32;

/** 127.0.0.0/8, ::1 and localhost: the interfaces only this machine reaches. */
function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    bare === 'localhost' ||
    bare === '::1' ||
    /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare) ||
    /^0{0,4}(:0{0,4}){0,6}:0{0,3}1$/.test(bare)
  );
}

export async function startLocalSupabase(options: LocalSupabaseOptions = {}): Promise<LocalSupabase> {
  const secret = options.jwtSecret ?? DEFAULT_JWT_SECRET;
  const host = options.host ?? '127.0.0.1';
  // The default secret is published with the Supabase CLI: anyone who reaches the API could sign a service_role
  // token with it. Refused before anything is bound or opened.
  if (secret === DEFAULT_JWT_SECRET && !isLoopback(host)) {
    throw new ConfigError(
      `refusing to listen on ${host} with the public default JWT secret (anyone could sign a service_role token): set JWT_SECRET to a secret of your own, or listen on 127.0.0.1`,
    );
  }
  // PostgREST and GoTrue refuse a shorter secret: a short HMAC key can be guessed offline from any token.
  if (secret.length < MIN_JWT_SECRET_LENGTH && !isLoopback(host)) {
    throw new ConfigError(
      `refusing to listen on ${host} with a JWT secret of ${secret.length} characters: PostgREST and GoTrue require at least ${MIN_JWT_SECRET_LENGTH}; set JWT_SECRET to a longer secret, or listen on 127.0.0.1`,
    );
  }
  const config = options.config ?? readSupabaseConfig(options.supabaseDir ?? SUPABASE_DIR);
  // A damaged key file stops the start here, naming the file and the key, before a port or the data is touched.
  const signingKeys = config.auth.signingKeysPath ? readSigningKeys(config.auth.signingKeysPath) : [];
  // Bind, then lock, then open: a start on a busy port fails before it touches the data folder, and a data
  // folder another process holds is refused before PGlite opens it (src/startup.ts, src/data-folder/).
  const bound = await bindPort(options.port ?? config.api.port, host);
  let inbox: BoundPort | null = null;
  try {
    // On loopback whatever HOST says: its messages hold sign-in links (src/mail/inbox.ts).
    inbox = config.inbucket.enabled
      ? await bindPort(config.inbucket.port, '127.0.0.1', 'INBUCKET_PORT')
      : null;
  } catch (error) {
    await bound.close();
    throw error;
  }
  let db: Database;
  try {
    db = options.databaseUrl
      ? await openPostgres(options.databaseUrl)
      : options.dataDir
        ? await openDataFolder(path.resolve(options.dataDir))
        : await openPGlite(undefined);
  } catch (error) {
    await bound.close();
    await inbox?.close();
    throw error;
  }
  try {
    return await serve(db, secret, signingKeys, { ...options, config }, bound, inbox);
  } catch (error) {
    // A failed migration: close the database so PGlite's data folder is left consistent, and free the ports.
    await bound.close();
    await inbox?.close();
    await db.close().catch(() => undefined);
    throw error;
  }
}

async function serve(
  db: Database,
  secret: string,
  signingKeys: SigningKey[],
  options: LocalSupabaseOptions & { config: SupabaseConfig },
  bound: BoundPort,
  inbox: BoundPort | null,
): Promise<LocalSupabase> {
  const { config } = options;
  const migrations = await migrate(db, options.supabaseDir ?? SUPABASE_DIR, config.db.seed);
  await writeSiteUrl(db, config.auth.siteUrl);
  const cache = await SchemaCache.load(db);
  const url = `http://localhost:${bound.port}`;
  const keys = apiKeys(secret);
  const functions = functionsRuntime({
    dir: path.join(options.supabaseDir ?? SUPABASE_DIR, 'functions'),
    // What hosted Supabase sets in every function; the API on loopback, however this service listens.
    platform: {
      SUPABASE_URL: `http://127.0.0.1:${bound.port}`,
      SUPABASE_ANON_KEY: keys.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: keys.serviceRoleKey,
    },
    mailApi: inbox ? { url: `http://localhost:${inbox.port}`, key: inboxApiKey(secret) } : null,
    log: options.log ? undefined : () => undefined,
  });
  const { app, service } = await buildApi(
    {
      db,
      config,
      auth: authOptions(config, secret, url, options.bcryptCost ?? 10, signingKeys),
      rest: { cache, maxRows: config.api.maxRows, txEnd: txEndOf(process.env.PGRST_DB_TX_END) },
      mail: new Mailer(
        new EmailBudget(config.auth.rateLimit.emailSent, RATE_LIMIT_WINDOWS.emailSent),
        config.auth.email.templates,
      ),
      functions,
    },
    { corsOrigins: options.corsOrigins, log: options.log },
  );
  if (config.api.enabled) {
    const unlisten = await reloadOnNotify(db, cache, app.log);
    app.addHook('onClose', () => unlisten());
  }
  try {
    await bound.serve(app);
  } catch (error) {
    await app.close();
    throw error;
  }
  const mail = inbox ? buildInbox(service) : null;
  if (inbox && mail) {
    try {
      await inbox.serve(mail);
    } catch (error) {
      await app.close();
      await mail.close();
      throw error;
    }
  }
  if (options.checkFunctions) void functions.check();
  const stopSchedule = startSchedule({
    apiUrl: url,
    serviceRoleKey: keys.serviceRoleKey,
    seconds: options.scheduleSeconds ?? 60,
    exists: functions.has,
    log: (line) => console.warn(line),
  });
  return {
    url,
    ...keys,
    jwtSecret: secret,
    db,
    migrations,
    inboxUrl: inbox ? `http://localhost:${inbox.port}` : null,
    stop: async () => {
      await stopSchedule();
      await functions.stop();
      await app.close();
      await mail?.close();
      await db.close();
    },
  };
}
