#!/usr/bin/env node
// `npm run db:push-check -- <SITE_URL> [--db-url <postgres://...>]`: run before `supabase db push` (README,
// "Deploying"). Refuses (exit 1, naming each field) a SITE_URL other than localhost while shared-lib's company
// file or the row private.company_details still holds a demo company's example value (issue #45.4): the row as
// the migrations leave it (built in memory, PGlite), and with --db-url also as that database holds it now.
import { siteOrigin } from '../tools/webpack/site-url.js';
import {
  companyFile,
  companyRowFromDatabase,
  companyRowFromMigrations,
  exampleDetailProblems,
  isLocalOrigin,
  refusal,
} from './lib/company-check.mjs';

const args = process.argv.slice(2);
const urlFlag = args.indexOf('--db-url');
const dbUrl = urlFlag >= 0 ? args[urlFlag + 1] : undefined;
const rootFlag = args.indexOf('--root');
const root = rootFlag >= 0 ? args[rootFlag + 1] : undefined;
const flagValues = new Set([urlFlag, rootFlag].filter((i) => i >= 0).map((i) => i + 1));
const siteUrl = args.find((arg, i) => !arg.startsWith('--') && !flagValues.has(i));
if (!siteUrl || (urlFlag >= 0 && !dbUrl)) {
  console.error('Usage: npm run db:push-check -- <SITE_URL> [--db-url <connection string>]');
  process.exit(1);
}
let origin;
try {
  origin = siteOrigin(siteUrl);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
if (isLocalOrigin(origin)) {
  console.log(`db:push-check: ${origin} is this machine's; the demo company's details may stay`);
  process.exit(0);
}
const sources = [
  { where: 'shared-lib/src/company/company.ts', company: companyFile(root) },
  {
    where: 'private.company_details (supabase/migrations)',
    company: await companyRowFromMigrations(root),
    byColumn: true,
  },
];
if (dbUrl) {
  sources.push({
    where: 'private.company_details (the database)',
    company: await companyRowFromDatabase(dbUrl),
    byColumn: true,
  });
}
const problems = exampleDetailProblems(origin, sources);
if (problems.length) {
  console.error(refusal(origin, problems));
  process.exit(1);
}
console.log(`db:push-check: the company details are fit for ${origin}`);
