// `npm run db:check` (scripts/db-generate.mjs --check, a step of `npm test`) fails when the committed database
// types are not what supabase/migrations generate, or when the database the migrations build and the one
// supabase/schemas builds differ (a whole-database pg_dump of each, compared). Shown on a copy of the repository's
// supabase/ folder and generated types: as committed, with a migration nobody wrote into the schema files, and
// with a schema file changed without a migration.
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

function dbCheck(dir) {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(root, 'scripts', 'db-generate.mjs'), '--check', '--root', dir],
      { cwd: root, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? error.code : 0, stdout, stderr }),
    );
  });
}

const dirs = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

test('passes on the committed files', async () => {
  const dir = copyOfRepo();
  dirs.push(dir);
  const result = await dbCheck(dir);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  expect(result.stdout).toContain(
    `db:check: ${TYPES} matches supabase/migrations, and supabase/schemas builds the same database.`,
  );
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

test('fails with the diff when a schema file changes a function and no migration does', async () => {
  const dir = copyOfRepo();
  dirs.push(dir);
  const file = path.join(dir, 'supabase', 'schemas', '06_orders_and_invoices.sql');
  const schema = fs.readFileSync(file, 'utf8');
  // A grant and a policy count as much as a body.
  const changed = schema.replace(
    'GRANT ALL ON FUNCTION public.recent_purchases() TO anon;',
    'GRANT ALL ON FUNCTION public.recent_purchases() TO anon;\nGRANT ALL ON FUNCTION private.seller() TO anon;',
  );
  expect(changed).not.toBe(schema);
  fs.writeFileSync(file, changed);
  const result = await dbCheck(dir);
  expect(result.code).toBe(1);
  expect(result.stderr).toContain(`db:check: ${DIFFERENT}`);
  expect(result.stderr).not.toContain(TYPES); // the API's types did not change
  expect(result.stdout).toContain('+GRANT ALL ON FUNCTION private.seller() TO anon;');
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
