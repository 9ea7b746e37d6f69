// The demo company's details never go live (issue #45.4): preparing an upload (scripts/write-site-url.mjs) and the
// check before `supabase db push` (scripts/db-push-check.mjs) refuse an origin other than localhost while shared-lib's
// company file or the migrations' row private.company_details holds an example value, naming each field; a local
// origin passes. The scripts run as a deployer runs them, in a child Node, over a copy of the repository's
// company file and migrations where a test needs other details.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

jest.setTimeout(120_000);

const repo = path.join(__dirname, '..', '..');
const node = (script, args) =>
  spawnSync(process.execPath, [path.join(repo, 'scripts', script), ...args], { encoding: 'utf8' });

const REAL = {
  iban: ['DE89370400440532013000', 'DE02120300000000202051'],
  vatId: ['DE000000000', 'DE811907980'],
  register: ['HRB 000000 B', 'HRB 123456 B'],
  street: ['Musterstraße 1', 'Friedrichstraße 68'],
};

const made = [];
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

/** A copy of what the checks read (the company file, the migrations), with the file's or the row's details real. */
function copyWith({ file, row }) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'company-check-'));
  made.push(root);
  fs.mkdirSync(path.join(root, 'shared-lib', 'src', 'company'), { recursive: true });
  fs.cpSync(path.join(repo, 'supabase', 'migrations'), path.join(root, 'supabase', 'migrations'), {
    recursive: true,
  });
  let company = fs.readFileSync(path.join(repo, 'shared-lib', 'src', 'company', 'company.ts'), 'utf8');
  if (file)
    for (const [demo, real] of Object.values(REAL)) company = company.replace(`'${demo}'`, `'${real}'`);
  fs.writeFileSync(path.join(root, 'shared-lib', 'src', 'company', 'company.ts'), company);
  if (row) {
    fs.writeFileSync(
      path.join(root, 'supabase', 'migrations', '29991231000000_real_company.sql'),
      `update private.company_details set iban = '${REAL.iban[1]}', vat_id = '${REAL.vatId[1]}',
         register_number = '${REAL.register[1]}', street = '${REAL.street[1]}';`,
    );
  }
  return root;
}

let upload;
beforeEach(() => {
  upload = fs.mkdtempSync(path.join(os.tmpdir(), 'upload-'));
  made.push(upload);
  fs.writeFileSync(
    path.join(upload, 'index.html'),
    '<link rel="canonical" href="https://site-url.invalid/">',
  );
});

describe('scripts/write-site-url.mjs', () => {
  it('refuses a public origin while the demo company’s details remain, naming every field, and writes nothing', () => {
    const result = node('write-site-url.mjs', ['https://shop.example.com', upload]);
    expect(result.status).toBe(1);
    for (const field of ['bank.iban', 'vatId', 'register.number', 'address.street']) {
      expect(result.stderr).toContain(
        `shared-lib/src/company/company.ts: ${field} is still the demo company's`,
      );
    }
    for (const column of ['iban', 'vat_id', 'register_number', 'street']) {
      expect(result.stderr).toContain(
        `private.company_details (supabase/migrations): ${column} is still the demo company's`,
      );
    }
    expect(fs.readFileSync(path.join(upload, 'index.html'), 'utf8')).toContain('https://site-url.invalid/');
  });

  it('writes a localhost origin with the demo details, as the local rehearsal does', () => {
    const result = node('write-site-url.mjs', ['http://localhost:3000', upload]);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(fs.readFileSync(path.join(upload, 'index.html'), 'utf8')).toContain('http://localhost:3000/');
  });
});

describe('npm run db:push-check', () => {
  it('refuses a public origin while the migrations’ row keeps the demo IBAN, naming the column, even with the file made real', () => {
    const root = copyWith({ file: true, row: false });
    const result = node('db-push-check.mjs', ['https://shop.example.com', '--root', root]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      `private.company_details (supabase/migrations): iban is still the demo company's "DE89370400440532013000"`,
    );
    expect(result.stderr).not.toContain('shared-lib/src/company/company.ts:');
  });

  it('refuses while the company file keeps them though a migration made the row real', () => {
    const root = copyWith({ file: false, row: true });
    const result = node('db-push-check.mjs', ['https://shop.example.com', '--root', root]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      `shared-lib/src/company/company.ts: vatId is still the demo company's "DE000000000"`,
    );
    expect(result.stderr).not.toContain('private.company_details (supabase/migrations):');
  });

  it('passes real details for a public origin, and the demo ones for localhost', () => {
    const real = node('db-push-check.mjs', [
      'https://shop.example.com',
      '--root',
      copyWith({ file: true, row: true }),
    ]);
    expect(real.stderr).toBe('');
    expect(real.stdout).toContain('db:push-check: the company details are fit for https://shop.example.com');
    const local = node('db-push-check.mjs', ['http://localhost:3000']);
    expect(local.status).toBe(0);
  });
});
