// The embedded Supabase-compatible API: GoTrue's auth routes under /auth/v1 and PostgREST's under /rest/v1,
// over PGlite (a data folder) or PostgreSQL (DATABASE_URL).
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import { openPGlite, openPostgres, type Database } from './db/database';
import { migrate, SUPABASE_DIR, type MigrationReport } from './db/migrate';
import { authRoutes } from './auth/routes';
import type { PasswordRequirements } from './auth/passwords';
import { restRoutes } from './rest/routes';
import { SchemaCache } from './rest/schema-cache';
import { apiKeys, DEFAULT_JWT_SECRET } from './keys';

export interface LocalSupabaseOptions {
  port?: number;
  host?: string;
  /** PGlite's data folder; ignored when databaseUrl is set. Undefined: an in-memory database. */
  dataDir?: string;
  databaseUrl?: string;
  jwtSecret?: string;
  autoConfirm?: boolean;
  /** Seconds during which a rotated refresh token is still accepted (two tabs refreshing at once). */
  refreshReuseInterval?: number;
  bcryptCost?: number;
  /** GoTrue's minimum_password_length: 8, as supabase/config.toml sets it. */
  minPasswordLength?: number;
  /** GoTrue's password_requirements: '' (none), 'letters_digits' or 'lower_upper_letters_digits' (default). */
  passwordRequirements?: PasswordRequirements;
  tokenRateLimit?: number;
  corsOrigins?: string[];
  supabaseDir?: string;
  log?: boolean;
}

export interface LocalSupabase {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  db: Database;
  migrations: MigrationReport;
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
];

export async function startLocalSupabase(options: LocalSupabaseOptions = {}): Promise<LocalSupabase> {
  const secret = options.jwtSecret ?? DEFAULT_JWT_SECRET;
  const db = options.databaseUrl
    ? await openPostgres(options.databaseUrl)
    : await openPGlite(options.dataDir ? path.resolve(options.dataDir) : undefined);
  try {
    return await serve(db, secret, options);
  } catch (error) {
    // A failed migration or a port in use: close the database so PGlite's data folder is left consistent.
    await db.close().catch(() => undefined);
    throw error;
  }
}

async function serve(db: Database, secret: string, options: LocalSupabaseOptions): Promise<LocalSupabase> {
  const migrations = await migrate(db, options.supabaseDir ?? SUPABASE_DIR);
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
  // An empty JSON body is allowed (supabase-js sends one with sign-out); malformed JSON is a 400.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') return done(null, undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch (error) {
      done(Object.assign(error as Error, { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON' }), undefined);
    }
  });

  const port = options.port ?? 54321;
  const host = options.host ?? '127.0.0.1';
  await app.register(
    (instance, _opts, done) => {
      void authRoutes(instance, {
        db,
        secret,
        issuer: `http://localhost:${port}/auth/v1`,
        jwtExpiry: 3600,
        autoConfirm: options.autoConfirm ?? true,
        password: {
          // supabase/config.toml's [auth] settings, which mirror the UI's zod rules.
          minLength: options.minPasswordLength ?? 8,
          requirements: options.passwordRequirements ?? 'lower_upper_letters_digits',
          bcryptCost: options.bcryptCost ?? 10,
        },
        refreshReuseInterval: options.refreshReuseInterval ?? 10,
        tokenRateLimit: options.tokenRateLimit ?? 30,
      }).then(() => done(), done);
    },
    { prefix: '/auth/v1' },
  );
  await app.register(
    (instance, _opts, done) => {
      void restRoutes(instance, { db, secret, cache, maxRows: 1000 }).then(() => done(), done);
    },
    { prefix: '/rest/v1' },
  );

  try {
    await app.listen({ port, host });
  } catch (error) {
    await app.close();
    throw error;
  }
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const keys = apiKeys(secret);
  return {
    url: `http://localhost:${actualPort}`,
    ...keys,
    jwtSecret: secret,
    db,
    migrations,
    stop: async () => {
      await app.close();
      await db.close();
    },
  };
}
