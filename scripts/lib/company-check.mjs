// The refusal to deploy the demo company (issue #45.4), shared by scripts/write-site-url.mjs (every upload) and
// scripts/db-push-check.mjs (before `supabase db push`): for a SITE_URL other than localhost, neither shared-lib's
// company file nor the row private.company_details (as the migrations leave it, or as a database holds it) may
// keep an example value of shared-lib's company/example-details.ts; the failure names the field and the file.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
// local-supabase's TypeScript loader reads shared-lib's and its own sources, as db-generate.mjs does.
const localSupabase = createRequire(path.join(repo, 'local-supabase', 'package.json'));
let registered = false;
function requireTs(file) {
  if (!registered) {
    process.env.SWC_NODE_PROJECT ??= path.join(repo, 'local-supabase', 'tsconfig.runtime.json');
    localSupabase('@swc-node/register');
    registered = true;
  }
  return localSupabase(file);
}

/** Whether an origin is this machine's, where the demo company's details are what a local demo shows. */
export function isLocalOrigin(origin) {
  const { hostname } = new URL(origin);
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname === '127.0.0.1' ||
    hostname === '[::1]'
  );
}

/** The company as shared-lib's file gives it, from `root` (this repository by default). */
export function companyFile(root = repo) {
  return requireTs(path.join(root, 'shared-lib', 'src', 'company', 'company.ts')).company;
}

/** The row private.company_details as private.seller() gives it, from a database the migrations of `root` build. */
export async function companyRowFromMigrations(root = repo) {
  const { openPGlite } = requireTs('./src/db/database.ts');
  const { migrate } = requireTs('./src/db/migrate.ts');
  const db = await openPGlite(undefined);
  try {
    await migrate(db, path.join(root, 'supabase'), { enabled: false, sqlPaths: [] });
    return (await db.query('select private.seller() as seller')).rows[0].seller;
  } finally {
    await db.close();
  }
}

/** The row private.company_details of a running database (e.g. the linked project's connection string). */
export async function companyRowFromDatabase(url) {
  const { openPostgres } = requireTs('./src/db/database.ts');
  const db = await openPostgres(url);
  try {
    return (await db.query('select private.seller() as seller')).rows[0].seller;
  } finally {
    await db.close();
  }
}

/**
 * The problems with deploying to `origin`: one line per example value still held, naming where (`sources` are
 * `{ where, company, byColumn }`: `byColumn` names the row's columns rather than the file's fields). None for a
 * local origin.
 */
export function exampleDetailProblems(origin, sources) {
  if (isLocalOrigin(origin)) return [];
  const { exampleDetailsIn } = requireTs(
    path.join(repo, 'shared-lib', 'src', 'company', 'example-details.ts'),
  );
  return sources.flatMap(({ where, company, byColumn }) =>
    exampleDetailsIn(company).map(
      (example) =>
        `${where}: ${byColumn ? example.column : example.field} is still the demo company's "${example.value}"`,
    ),
  );
}

/** The message a refused deployment prints. */
export const refusal = (origin, problems) =>
  [
    `Refusing to deploy ${origin} with the demo company's details (put the agency's own in shared-lib/src/company/company.ts and a migration that updates private.company_details; README, "Deploying"):`,
    ...problems.map((problem) => `  - ${problem}`),
  ].join('\n');
