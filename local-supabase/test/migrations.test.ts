// Migrations as the Supabase CLI applies them: pending files in order, each recorded once, the seed once, and a
// failing migration leaves the database as it was. Run on a copy of supabase/ that grows between restarts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { DEMO, KINDS, startBackend, type Backend } from './harness';

jest.setTimeout(90_000);

const SOURCE = path.join(__dirname, '..', '..', 'supabase');
const FIRST = '20260901000000_storefront.sql';
const SECOND = '20261122140000_hardening.sql';

describe.each(KINDS)('migrations on %s', (kind) => {
  let backend: Backend;
  let dir: string;
  const copy = (file: string) =>
    fs.copyFileSync(path.join(SOURCE, 'migrations', file), path.join(dir, 'migrations', file));
  const subscribe = () =>
    backend
      .anon()
      .from('newsletter_subscribers')
      .insert({ name: 'Zoë', email: `zoe-${kind}@example.com`, discount_code: 'ZOË4K9Q2B' });

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ls-supabase-dir-'));
    fs.mkdirSync(path.join(dir, 'migrations'));
    fs.copyFileSync(path.join(SOURCE, 'seed.sql'), path.join(dir, 'seed.sql'));
    copy(FIRST);
    backend = await startBackend(kind, { SUPABASE_DIR: dir });
  });
  afterAll(async () => {
    await backend.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('applies a new migration on the next start, leaving data and seed alone', async () => {
    expect(backend.server.output()).toContain(`applied migrations: ${FIRST}\n`);
    expect(backend.server.output()).toContain('seeded supabase/seed.sql');
    // The first schema refuses a code made from a name outside A-Z; the second migration allows it.
    expect((await subscribe()).error).toMatchObject({ code: '23514' });

    copy(SECOND);
    await backend.restart();
    expect(backend.server.output()).toContain(`applied migrations: ${SECOND}\n`);
    expect(backend.server.output()).not.toContain('seeded');
    expect((await subscribe()).error).toBeNull();
    expect((await backend.anon().auth.signInWithPassword(DEMO)).error).toBeNull();

    if (backend.databaseUrl) {
      const client = new Client({ connectionString: backend.databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query(
          'select version, name, statements from supabase_migrations.schema_migrations order by version',
        );
        expect(rows.map((r) => [r.version, r.name, r.statements.length])).toEqual([
          ['20260901000000', 'storefront', 1],
          ['20261122140000', 'hardening', 1],
        ]);
        const seeds = await client.query('select path from supabase_migrations.seed_files');
        expect(seeds.rows).toEqual([{ path: 'supabase/seed.sql' }]);
      } finally {
        await client.end();
      }
    }
  });

  it('refuses to start on a failing migration and rolls it back whole', async () => {
    const broken = path.join(dir, 'migrations', '20991231000000_broken.sql');
    fs.writeFileSync(broken, 'create table public.half_done (id int);\nselect 1 / 0;\n');
    await expect(backend.restart()).rejects.toThrow(/20991231000000_broken\.sql failed: division by zero/);
    fs.rmSync(broken);
    await backend.restart();
    const missing = await backend.service().from('half_done').select('*');
    expect(missing).toMatchObject({ status: 404, error: { code: 'PGRST205' } });
    expect((await backend.anon().auth.signInWithPassword(DEMO)).error).toBeNull();
  });
});

// A project as `supabase init` leaves it has no migrations folder, and projects' migrations configure
// PostgREST's own role (supabase-js's postgrest-js suite: `alter role authenticator set pgrst.…`).
describe.each(KINDS)('a bare project on %s', (kind) => {
  let backend: Backend;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ls-bare-project-'));
    backend = await startBackend(kind, { SUPABASE_DIR: dir });
  });
  afterAll(async () => {
    await backend.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('starts without migrations, then applies one that configures the authenticator role', async () => {
    expect((await backend.anon().from('notes').select('*')).error?.code).toBe('PGRST205');
    fs.mkdirSync(path.join(dir, 'migrations'));
    fs.writeFileSync(
      path.join(dir, 'migrations', '20990101000000_notes.sql'),
      `alter role authenticator set pgrst.db_aggregates_enabled to 'true';
       create table public.notes (id int primary key);
       grant select on public.notes to anon;
       insert into public.notes values (1);`,
    );
    await backend.restart();
    expect(await backend.anon().from('notes').select('id')).toMatchObject({ error: null, data: [{ id: 1 }] });
  });
});
