// `npm run db:check` (scripts/db-generate.mjs --check, a step of `npm test`) fails when the committed database
// types or supabase/schema.sql (the schemas public and private, and the triggers on auth.users) are not what
// supabase/migrations generate. Shown on a copy of the repository's
// supabase/ folder and generated types, once as committed and once with a migration nobody regenerated for.
// Needs PostgreSQL like the backend tests: TEST_DATABASE_URL, or the script starts it (scripts/ensure-postgres.sh).
const { execFile } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

jest.setTimeout(120_000);

const root = path.join(__dirname, '..');
const TYPES = 'shared-lib/src/supabase/database.generated.ts';
const SCHEMA = 'supabase/schema.sql';

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
  expect(result.stdout).toContain('match supabase/migrations');
});

test('fails with the diff when a migration changes what regenerating writes', async () => {
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
    `db:check: ${TYPES} and ${SCHEMA} are not what supabase/migrations generate (diff above): ` +
      'run `npm run db:generate` and commit the result.',
  );
  // Both diffs, each naming its file, with the new column.
  expect(result.stdout).toContain(`+++ ${TYPES} (from the migrations)`);
  expect(result.stdout).toContain('+          drift_probe: string | null;');
  expect(result.stdout).toContain(`+++ ${SCHEMA} (from the migrations)`);
  expect(result.stdout).toContain('+    drift_probe text');
  // schema.sql records every schema the migrations own, and what they add to the platform's auth tables.
  expect(result.stdout).toContain('+CREATE FUNCTION private.drift_probe() RETURNS trigger');
  expect(result.stdout).toContain(
    '+CREATE TRIGGER drift_probe AFTER INSERT ON auth.users FOR EACH ROW EXECUTE FUNCTION private.drift_probe();',
  );
  // The copy is only compared, never rewritten.
  expect(fs.readFileSync(path.join(dir, TYPES), 'utf8')).toBe(
    fs.readFileSync(path.join(root, TYPES), 'utf8'),
  );
});
