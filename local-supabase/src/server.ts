// The embedded Supabase-compatible API: GoTrue's auth routes under /auth/v1 and PostgREST's under /rest/v1,
// over PGlite (a data folder) or PostgreSQL (DATABASE_URL).
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import { openPGlite, openPostgres, type Database } from './db/database';
import { openDataFolder } from './data-folder';
import { bindPort, type BoundPort } from './startup';
import { migrate, SUPABASE_DIR, type MigrationReport } from './db/migrate';
import { writeSiteUrl } from './db/site-url';
import { authRoutes } from './auth/routes';
import { txEndOf } from './rest/preferences';
import { restRoutes } from './rest/routes';
import { SchemaCache } from './rest/schema-cache';
import { apiKeys, DEFAULT_JWT_SECRET } from './keys';
import { ConfigError, readSupabaseConfig, type SupabaseConfig } from './config';
import { jsonBodyParser } from './json-body';
import { inboxApp } from './mail/inbox';

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
  /** The settings shared with the Supabase CLI: by default `<supabaseDir>/config.toml` (src/config.ts). */
  config?: SupabaseConfig;
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

const ALLOWED_HEADERS = [
  'accept',
  'apikey',
  'authorization',
  'content-type',
  'content-profile',
  'accept-profile',
  'prefer',
  'range',
  'x-client-info',
  'x-client-ip',
  'x-supabase-api-version',
  'x-jwt-aud',
];
const EXPOSED_HEADERS = [
  'Content-Range',
  'X-Total-Count',
  'Link',
  'X-Supabase-Api-Version',
  'x-sb-error-code',
  // A 429's wait, which the storefront tells the visitor ("try again in N seconds").
  'Retry-After',
];

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
  const config = options.config ?? readSupabaseConfig(options.supabaseDir ?? SUPABASE_DIR);
  // Bind, then lock, then open: a start on a busy port fails before it touches the data folder, and a data
  // folder another process holds is refused before PGlite opens it (src/startup.ts, src/data-folder.ts).
  const bound = await bindPort(options.port ?? config.api.port, host);
  let inbox: BoundPort | null = null;
  try {
    inbox = config.inbucket.enabled ? await bindPort(config.inbucket.port, host, 'INBUCKET_PORT') : null;
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
    return await serve(db, secret, { ...options, config }, bound, inbox);
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
  options: LocalSupabaseOptions & { config: SupabaseConfig },
  bound: BoundPort,
  inbox: BoundPort | null,
): Promise<LocalSupabase> {
  const { config } = options;
  const migrations = await migrate(db, options.supabaseDir ?? SUPABASE_DIR, config.db.seed);
  await writeSiteUrl(db, config.auth.siteUrl);
  const cache = await SchemaCache.load(db);

  const app: FastifyInstance = Fastify({
    logger: options.log ? { level: 'warn' } : false,
    bodyLimit: 1024 * 1024,
  });
  await app.register(cors, {
    origin: options.corsOrigins?.length ? options.corsOrigins : true,
    allowedHeaders: ALLOWED_HEADERS,
    exposedHeaders: EXPOSED_HEADERS,
    methods: ['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'],
    maxAge: 86400,
  });
  await app.register(rateLimit, { global: false });
  // JSON bodies: depth-limited, and their text kept for the writes that pass it on to PostgreSQL unchanged.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, jsonBodyParser);

  const { auth } = config;
  if (auth.enabled) {
    await app.register(
      (instance, _opts, done) => {
        void authRoutes(instance, {
          db,
          secret,
          issuer: `http://localhost:${bound.port}/auth/v1`,
          jwtExpiry: auth.jwtExpiry,
          autoConfirm: !auth.email.enableConfirmations,
          enableSignup: auth.enableSignup,
          emailEnabled: auth.email.enabled,
          password: {
            minLength: auth.minimumPasswordLength,
            requirements: auth.passwordRequirements,
            bcryptCost: options.bcryptCost ?? 10,
          },
          refreshTokenRotation: auth.refreshTokenRotation,
          refreshReuseInterval: auth.refreshTokenReuseInterval,
          rateLimit: auth.rateLimit,
          redirect: { siteUrl: auth.siteUrl, additionalRedirectUrls: auth.additionalRedirectUrls },
          otpLength: auth.email.otpLength,
          otpExpiry: auth.email.otpExpiry,
          maxFrequency: auth.email.maxFrequency,
          doubleConfirmChanges: auth.email.doubleConfirmChanges,
          securePasswordChange: auth.email.securePasswordChange,
          mfa: auth.mfa,
        }).then(() => done(), done);
      },
      { prefix: '/auth/v1' },
    );
  }
  if (config.api.enabled) {
    await app.register(
      (instance, _opts, done) => {
        void restRoutes(instance, {
          db,
          secret,
          cache,
          maxRows: config.api.maxRows,
          txEnd: txEndOf(process.env.PGRST_DB_TX_END),
        }).then(() => done(), done);
      },
      { prefix: '/rest/v1' },
    );
  }

  try {
    await bound.serve(app);
  } catch (error) {
    await app.close();
    throw error;
  }
  const mail = inbox ? inboxApp(db) : null;
  if (inbox && mail) {
    try {
      await inbox.serve(mail);
    } catch (error) {
      await app.close();
      await mail.close();
      throw error;
    }
  }
  const actualPort = bound.port;
  const keys = apiKeys(secret);
  return {
    url: `http://localhost:${actualPort}`,
    ...keys,
    jwtSecret: secret,
    db,
    migrations,
    inboxUrl: inbox ? `http://localhost:${inbox.port}` : null,
    stop: async () => {
      await app.close();
      await mail?.close();
      await db.close();
    },
  };
}
