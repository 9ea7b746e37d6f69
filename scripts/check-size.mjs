#!/usr/bin/env node
// Size budget of each remote (issue 8): what the shell downloads to show a remote's page, its remoteEntry.js
// plus the chunks of its `./routes` module, must stay within 60 KB gzip. The first-load budget of `/` is
// measured in the browser (e2e/tests/budgets.spec.ts), where the real set of downloaded files is known.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { eachMapping, TraceMap } from '@jridgewell/trace-mapping';
import { APPS, SHELL } from './lib/apps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REMOTE_BUDGET_KB = 60;
const remotes = APPS.filter((app) => app.remote).map((app) => app.package);

/** The size of `what` (a file's path, or its bytes), gzipped, in KB. */
const gzipKb = (what) =>
  zlib.gzipSync(Buffer.isBuffer(what) ? what : fs.readFileSync(what), { level: 9 }).length / 1024;

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

// What the back office adds to the public pages (issue #42: visitors load none of its bytes, and the public pages'
// JavaScript stays the same size within 1 KB). The shell's files are measured by the source each byte comes from
// (the production source maps in dist-maps/): no module of mfe-backoffice may be in them, and the shell's own
// back-office code, its staff guard, stays within 1 KB gzip. That no public page downloads a file of the
// back-office remote itself is watched on the network by e2e/tests/backoffice.spec.ts.
export const BACKOFFICE_IN_SHELL_KB = 1;
const BACKOFFICE_REMOTE_SOURCE = /(^|\/)mfe-backoffice\//;
const STAFF_GUARD_SOURCE = /(^|\/)shell\/src\/auth\/StaffRoute\.tsx$/;

/** The generated code of `file` in `dist`, by the source file each piece was built from. */
function codeBySource(dist, file) {
  const lines = fs.readFileSync(path.join(dist, file), 'utf8').split('\n');
  const map = new TraceMap(fs.readFileSync(path.join(`${dist}-maps`, `${file}.map`), 'utf8'));
  const pieces = new Map();
  let previous;
  const close = (endLine, endColumn) => {
    if (!previous?.source) return;
    const { generatedLine: line, generatedColumn: column, source } = previous;
    const end = endLine === line ? endColumn : lines[line - 1].length;
    pieces.set(source, (pieces.get(source) ?? '') + lines[line - 1].slice(column, end));
  };
  // Mappings come in the order of the generated code: each piece runs to the next mapping (or its line's end).
  eachMapping(map, (mapping) => {
    close(mapping.generatedLine, mapping.generatedColumn);
    previous = mapping;
  });
  close(-1, 0);
  return pieces;
}

const shellDist = path.join(root, SHELL.package, 'dist');
let remoteBytes = 0;
let guard = '';
for (const file of fs.readdirSync(shellDist).filter((f) => f.endsWith('.js'))) {
  for (const [source, code] of codeBySource(shellDist, file)) {
    if (BACKOFFICE_REMOTE_SOURCE.test(source)) remoteBytes += code.length;
    if (STAFF_GUARD_SOURCE.test(source)) guard += code;
  }
}
const guardKb = guard ? gzipKb(Buffer.from(guard)) : 0;
const shellOk = remoteBytes === 0 && guardKb <= BACKOFFICE_IN_SHELL_KB;
failed ||= !shellOk;
console.log(
  `${shellOk ? 'ok  ' : 'OVER'} the back office in the shell's files: ${remoteBytes} bytes of mfe-backoffice (none allowed), its staff guard ${guardKb.toFixed(1)} KB gzip (budget ${BACKOFFICE_IN_SHELL_KB} KB)`,
);
process.exit(failed ? 1 : 0);
