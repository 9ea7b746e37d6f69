// `npm run db:check` (scripts/db-generate.mjs --check, a step of `npm test`) fails when the committed database
// types are not what supabase/migrations generate, or when the database the migrations build and the one
// supabase/schemas builds differ (a whole-database pg_dump of each, compared). Shown on a copy of the repository's
// supabase/ folder and generated types: with a migration nobody wrote into the schema files, and with schema files
// changed without a migration until the one `npm run db:diff` drafts is added (then it passes, as it does on the
// committed files in every `npm test`).
// Needs PostgreSQL like the backend tests: TEST_DATABASE_URL, or the script starts it (scripts/ensure-postgres.sh).
const { execFile } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

jest.setTimeout(120_000);

const root = path.join(__dirname, '..');
const TYPES = 'shared-lib/src/supabase/database.generated.ts';
const DIFFERENT = 'supabase/migrations and supabase/schemas describe different databases';

/** A folder with the repository's supabase/ and generated types, as `--root` reads them. */
function copyOfRepo() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'db-check-'));
  fs.cpSync(path.join(root, 'supabase'), path.join(dir, 'supabase'), { recursive: true });
  fs.mkdirSync(path.dirname(path.join(dir, TYPES)), { recursive: true });
  fs.copyFileSync(path.join(root, TYPES), path.join(dir, TYPES));
  return dir;
}

/** scripts/db-generate.mjs with `flag` ('--check' or '--diff') on the copy in `dir`. */
function run(flag, dir) {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(root, 'scripts', 'db-generate.mjs'), flag, '--root', dir],
      { cwd: root, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? error.code : 0, stdout, stderr }),
    );
  });
}

const dbCheck = (dir) => run('--check', dir);

const dirs = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

test('fails with both diffs when a migration changes the database and the schema files do not', async () => {
  const dir = copyOfRepo();
  dirs.push(dir);
  fs.writeFileSync(
    path.join(dir, 'supabase', 'migrations', '29991231000000_drift_probe.sql'),
    'alter table public.meetings add column drift_probe text;\n' +
      'create function private.drift_probe() returns trigger language plpgsql as $$ begin return new; end $$;\n' +
      'create trigger drift_probe after insert on auth.users for each row execute function private.drift_probe();\n',
  );
  const result = await dbCheck(dir);
  expect(result.code).toBe(1);
  expect(result.stderr).toContain(
    `db:check: ${TYPES} is not what supabase/migrations generate (diff above): ` +
      'run `npm run db:generate` and commit the result.',
  );
  expect(result.stderr).toContain(DIFFERENT);
  // What to do, either way round.
  expect(result.stderr).toContain('added a migration? Write its result into the schema file of its area');
  expect(result.stderr).toContain('changed a schema file? Add the migration that makes the same change');
  // The types' diff, then the databases' diff: `-` is the migrations' side, down to the platform's auth tables.
  expect(result.stdout).toContain(`+++ ${TYPES} (from the migrations)`);
  expect(result.stdout).toContain('+          drift_probe: string | null;');
  expect(result.stdout).toContain(
    '--- database from supabase/migrations\n+++ database from supabase/schemas',
  );
  expect(result.stdout).toContain('-    drift_probe text');
  expect(result.stdout).toContain('-CREATE FUNCTION private.drift_probe() RETURNS trigger');
  expect(result.stdout).toContain(
    '-CREATE TRIGGER drift_probe AFTER INSERT ON auth.users FOR EACH ROW EXECUTE FUNCTION private.drift_probe();',
  );
  // The copy is only compared, never rewritten.
  expect(fs.readFileSync(path.join(dir, TYPES), 'utf8')).toBe(
    fs.readFileSync(path.join(root, TYPES), 'utf8'),
  );
});

test('fails when a schema file changes and no migration does, until the migration db:diff drafts is added', async () => {
  const dir = copyOfRepo();
  dirs.push(dir);
  const edit = (name, replacements) => {
    const file = path.join(dir, 'supabase', 'schemas', name);
    let text = fs.readFileSync(file, 'utf8');
    for (const [from, to] of replacements) {
      expect(text).toContain(from);
      text = text.replace(from, to);
    }
    fs.writeFileSync(file, text);
  };
  // A grant and a function body count as much as a column.
  edit('06_orders_and_invoices.sql', [
    [
      'GRANT SELECT ON TABLE public.orders TO authenticated;',
      (grant) => `${grant}\nGRANT SELECT ON TABLE public.orders TO anon;`,
    ],
  ]);
  // A private table's column: the API's types stay as they are, so no db:generate is needed below.
  edit('07_newsletter_and_codes.sql', [
    ['    sent_at timestamp with time zone not null,', (column) => `${column}\n    drift_probe text,`],
  ]);
  edit('02_company_and_promotions.sql', [
    ['select c.site_url || site_link.path', () => "select c.site_url || '/' || site_link.path"],
  ]);

  const result = await dbCheck(dir);
  expect(result.code).toBe(1);
  expect(result.stderr).toContain(`db:check: ${DIFFERENT}`);
  expect(result.stderr).not.toContain(TYPES); // the types follow the migrations, which did not change
  expect(result.stdout).toContain('+GRANT SELECT ON TABLE public.orders TO anon;');
  expect(result.stdout).toContain('+    drift_probe text');

  const draft = await run('--diff', dir);
  expect(draft.code).toBe(0);
  expect(draft.stdout).toContain(
    'alter table "private"."newsletter_code_resends" add column "drift_probe" text;',
  );
  expect(draft.stdout).toContain("select c.site_url || '/' || site_link.path");
  expect(draft.stdout).toContain('grant select on table "public"."orders" to "anon";');
  fs.writeFileSync(path.join(dir, 'supabase', 'migrations', '29991231000000_drift_probe.sql'), draft.stdout);
  const again = await dbCheck(dir);
  expect(again.stderr).toBe('');
  expect(again.code).toBe(0);
  expect(again.stdout).toContain(
    `db:check: ${TYPES} matches supabase/migrations, and supabase/schemas builds the same database.`,
  );
});

test("fails when a schema file's new table keeps the grants hosted projects give by default", async () => {
  const dir = copyOfRepo();
  dirs.push(dir);
  const table = 'create table public.drift_probe (id integer primary key);\n';
  fs.writeFileSync(
    path.join(dir, 'supabase', 'migrations', '29991231000000_drift_probe.sql'),
    `${table}revoke all on table public.drift_probe from anon, authenticated;\n`,
  );
  fs.appendFileSync(path.join(dir, 'supabase', 'schemas', '08_booking.sql'), `\n${table}`);
  const result = await dbCheck(dir);
  expect(result.code).toBe(1);
  expect(result.stderr).toContain(DIFFERENT);
  expect(result.stdout).toContain('+GRANT ALL ON TABLE public.drift_probe TO anon;');
  expect(result.stdout).toContain('+GRANT ALL ON TABLE public.drift_probe TO authenticated;');
});

test('fails at once when a schema file is not listed in config.toml', async () => {
  const dir = copyOfRepo();
  dirs.push(dir);
  fs.writeFileSync(
    path.join(dir, 'supabase', 'schemas', '09_reviews.sql'),
    'create table public.reviews ();\n',
  );
  const result = await dbCheck(dir);
  expect(result.code).toBe(1);
  expect(result.stderr).toBe(
    "db:check: supabase/schemas/09_reviews.sql is not in supabase/config.toml's [db.migrations] schema_paths: " +
      'list it after the files whose tables and functions it uses.\n',
  );
});

test('names the schema file that does not apply, and why', async () => {
  const dir = copyOfRepo();
  dirs.push(dir);
  fs.appendFileSync(
    path.join(dir, 'supabase', 'schemas', '00_roles_and_grants.sql'),
    '\ncreate policy too_early on public.orders using (true);\n',
  );
  const result = await dbCheck(dir);
  expect(result.code).toBe(1);
  expect(result.stderr).toContain(
    'db:check: supabase/schemas/00_roles_and_grants.sql failed on a database that has the platform and the files ' +
      'before it in schema_paths: relation "public.orders" does not exist.',
  );
});
