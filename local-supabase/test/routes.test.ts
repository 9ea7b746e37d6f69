// The route table (src/routes.ts) is the whole map of the service: the README's "What it serves" is written from
// it, every route names the file of its handler, and the servers built from it serve exactly its routes.
import fs from 'node:fs';
import path from 'node:path';
import { buildApi, buildInbox } from '../src/app';
import { authOptions } from '../src/auth/options';
import { readSupabaseConfig } from '../src/config/file';
import type { Database } from '../src/db/database';
import type { FunctionsRuntime } from '../src/functions/runtime';
import { SUPABASE_DIR } from '../src/db/migrate';
import { EmailBudget, Mailer } from '../src/mail/mailer';
import type { SchemaCache } from '../src/rest/schema-cache';
import { END, routeTables, START } from '../src/routes-doc';
import { ROUTES } from '../src/routes';

const README = fs.readFileSync(path.join(__dirname, '..', 'README.md'), 'utf8');

it('the README lists every route as the table has it (`npm run routes -w local-supabase` writes it)', () => {
  const section = README.slice(README.indexOf(START) + START.length, README.indexOf(END)).trim();
  expect(section).toBe(routeTables());
});

it('names each route once, with a handler in a file of its own directory', () => {
  const tables = routeTables();
  for (const route of ROUTES) {
    const file = new RegExp(`\`${route.handler.name}\` in \`(src/[a-z-]+/[a-z-]+\\.ts)\``).exec(tables)?.[1];
    expect(file && fs.existsSync(path.join(__dirname, '..', file))).toBe(true);
  }
  const keys = ROUTES.map((route) => `${route.api} ${route.method} ${route.path}`);
  expect(new Set(keys).size).toBe(keys.length);
});

it('builds servers that serve the table’s routes, and only those', async () => {
  const config = readSupabaseConfig(SUPABASE_DIR);
  // Nothing is requested, so no database or catalogue is read.
  const base = {
    db: {} as Database,
    config,
    auth: authOptions(config, 'a'.repeat(40), 'http://localhost', 4),
    rest: { cache: {} as SchemaCache, maxRows: 1000, txEnd: 'commit' as const },
    mail: new Mailer(new EmailBudget(1, 1000)),
    functions: {
      has: () => false,
      portOf: async () => null,
      check: async () => undefined,
      track: (call) => call(),
      stop: async () => undefined,
    } satisfies FunctionsRuntime,
  };
  const { app, service } = await buildApi(base, {});
  const inbox = buildInbox(service);
  try {
    for (const route of ROUTES) {
      const server = route.api === 'inbox' ? inbox : app;
      for (const method of route.method === 'ANY' ? ['POST', 'OPTIONS', 'GET'] : [route.method])
        expect([route.path, server.hasRoute({ method, url: route.path })]).toEqual([route.path, true]);
    }
    expect(app.hasRoute({ method: 'GET', url: '/' })).toBe(false);
    expect(app.hasRoute({ method: 'GET', url: '/auth/v1/otp' })).toBe(false);
    expect(inbox.hasRoute({ method: 'GET', url: '/auth/v1/health' })).toBe(false);
  } finally {
    await app.close();
    await inbox.close();
  }
});
