#!/usr/bin/env node
// Size budget of each remote (issue 8): what the shell downloads to show a remote's page, its remoteEntry.js
// plus the chunks of its `./routes` module, must stay within 60 KB gzip. The first-load budget of `/` is
// measured in the browser (e2e/tests/budgets.spec.ts), where the real set of downloaded files is known.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { APPS } from './lib/apps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REMOTE_BUDGET_KB = 60;
const remotes = APPS.filter((app) => app.remote).map((app) => app.package);

const gzipKb = (file) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length / 1024;

let failed = false;
for (const remote of remotes) {
  const dist = path.join(root, remote, 'dist');
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8'));
  const routes = manifest.exposes.find((e) => e.path === './routes');
  if (!routes) throw new Error(`${remote} exposes no ./routes`);
  const files = ['remoteEntry.js', ...routes.assets.js.sync];
  const kb = files.reduce((sum, f) => sum + gzipKb(path.join(dist, f)), 0);
  const ok = kb <= REMOTE_BUDGET_KB;
  failed ||= !ok;
  console.log(
    `${ok ? 'ok  ' : 'OVER'} ${remote.padEnd(17)} remoteEntry + ./routes: ${kb.toFixed(1)} KB gzip (budget ${REMOTE_BUDGET_KB} KB)`,
  );
}
process.exit(failed ? 1 : 0);
