#!/usr/bin/env node
// `node scripts/write-site-url.mjs <SITE_URL> [folder]`: writes the site's public origin into a shell build for a
// static host or CDN, which cannot substitute it as npm start's server does (scripts/lib/static-server.mjs): every
// page, sitemap.xml and robots.txt of the folder (default shell/dist) gets the origin in place of the build's
// placeholder, and each remote's location (REMOTE_<NAME>_URL, its mf-manifest.json URL, as config.json names
// it) in place of the remote's placeholder in the prerendered pages' pictures. Run it on the copy you upload,
// once per domain and set of remote locations. It refuses (exit 1, naming each field) an origin other than
// localhost while shared-lib's company file or the migrations' row private.company_details still holds the demo
// company's example details (issue #45.4; scripts/lib/company-check.mjs).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { siteOrigin, withRemoteUrls, withSiteUrl } from '../tools/webpack/site-url.js';
import { remoteLocations } from './lib/apps.mjs';
import {
  companyFile,
  companyRowFromMigrations,
  exampleDetailProblems,
  isLocalOrigin,
  refusal,
} from './lib/company-check.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [siteUrl, folder = path.join(root, 'shell', 'dist')] = process.argv.slice(2);
if (!siteUrl) {
  console.error('Usage: node scripts/write-site-url.mjs <SITE_URL> [folder]');
  process.exit(1);
}
let origin;
try {
  origin = siteOrigin(siteUrl);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
if (!isLocalOrigin(origin)) {
  const problems = exampleDetailProblems(origin, [
    { where: 'shared-lib/src/company/company.ts', company: companyFile() },
    {
      where: 'private.company_details (supabase/migrations)',
      company: await companyRowFromMigrations(),
      byColumn: true,
    },
  ]);
  if (problems.length) {
    console.error(refusal(origin, problems));
    process.exit(1);
  }
}
// Where the shell finds each remote: the environment's URL, else the local build's port, as npm start does.
const remotes = remoteLocations();
let written = 0;
for (const entry of fs.readdirSync(folder, { recursive: true })) {
  const file = path.join(folder, entry);
  if (!/\.(html|xml|txt)$/.test(file) || !fs.statSync(file).isFile()) continue;
  const text = fs.readFileSync(file, 'utf8');
  const replaced = withRemoteUrls(withSiteUrl(text, origin), remotes);
  if (replaced !== text) {
    fs.writeFileSync(file, replaced);
    written += 1;
  }
}
console.log(
  `write-site-url: ${origin} and the remotes ${Object.values(remotes).join(', ')} written into ${written} files ` +
    `of ${path.relative(root, folder) || '.'}`,
);
