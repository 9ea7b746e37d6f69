// The embedded Supabase-compatible API: GoTrue's auth routes under /auth/v1 and PostgREST's under /rest/v1,
// over PGlite (a data folder) or PostgreSQL (DATABASE_URL).
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import { openPGlite, openPostgres, type Database } from './db/database';
import { migrate, SUPABASE_DIR, type MigrationReport } from './db/migrate';
import { authRoutes } from './auth/routes';
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
        minPasswordLength: 6,
        bcryptCost: options.bcryptCost ?? 10,
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

  await app.listen({ port, host });
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
