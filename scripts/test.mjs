#!/usr/bin/env node
// `npm test`: everything CI runs, in order of speed — lint, type check, unit/component/backend tests (jest, on
// PGlite and PostgreSQL), production builds with their size budgets, then the composed site in Chromium.
// It installs what a fresh machine lacks when it can (dependencies; as root, Debian's chromium and PostgreSQL)
// and says exactly what to install when it cannot. `--no-build` tests the builds already there (CI builds each
// app once and serves it beside the tests, as a developer's `npm start` would be: .ci/run).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureNode } from './lib/ensure-node.mjs';

ensureNode(); // first of all: on a Node older than 22.12 this re-runs the script on Node 24

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const build = !process.argv.includes('--no-build');
const results = path.join(os.tmpdir(), `storefront-test-${process.pid}`);
fs.mkdirSync(results, { recursive: true });

/**
 * CPU seconds used so far by this process's finished children and everything they waited for (Linux's
 * /proc/self/stat cutime + cstime); null elsewhere. Wall time on a shared machine measures the neighbours too; CPU
 * time is what a step costs whatever else runs, so each step reports both.
 */
function childCpuSeconds() {
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After the command name: state is field 3, cutime and cstime are fields 16 and 17 (clock ticks of 1/100 s).
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
}

const timings = [];
function step(title, command, args, options = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const cpuBefore = childCpuSeconds();
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    ...options,
    env: { ...process.env, ...options.env },
  });
  const wall = (Date.now() - started) / 1000;
  const cpu = cpuBefore === null ? null : childCpuSeconds() - cpuBefore;
  timings.push({ title, wall, cpu });
  console.log(
    `  ${title}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${wall.toFixed(0)} s${cpu === null ? '' : ` (CPU ${cpu.toFixed(0)} s)`}`,
  );
  return result.status === 0;
}

function must(ok) {
  if (!ok) {
    printSummary();
    process.exit(1);
  }
}

function ensurePostgres() {
  if (process.env.TEST_DATABASE_URL) return true;
  const out = spawnSync('bash', [path.join(root, 'scripts', 'ensure-postgres.sh')], {
    cwd: root,
    encoding: 'utf8',
  });
  process.stdout.write(out.stdout ?? '');
  process.stderr.write(out.stderr ?? '');
  const url = /TEST_DATABASE_URL=(\S+)/.exec(out.stdout ?? '')?.[1];
  if (out.status !== 0 || !url) {
    console.error(
      'PostgreSQL is needed for the backend tests: install postgresql (Debian) or set TEST_DATABASE_URL.',
    );
    return false;
  }
  process.env.TEST_DATABASE_URL = url;
  return true;
}

const counts = { passed: 0, failed: 0 };
function addJestCounts(file) {
  if (!fs.existsSync(file)) return;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  counts.passed += report.numPassedTests;
  counts.failed += report.numFailedTests;
}
function addPlaywrightCounts(file) {
  if (!fs.existsSync(file)) return;
  const { stats } = JSON.parse(fs.readFileSync(file, 'utf8'));
  counts.passed += stats.expected + stats.flaky;
  counts.failed += stats.unexpected;
}
function printSummary() {
  console.log('\nstep                                              wall s   CPU s');
  for (const { title, wall, cpu } of timings)
    console.log(
      `${title.padEnd(48)} ${wall.toFixed(0).padStart(7)} ${cpu === null ? '' : cpu.toFixed(0).padStart(7)}`,
    );
  console.log(`\n${counts.passed} passed, ${counts.failed} failed`);
}

if (!fs.existsSync(path.join(root, 'node_modules', '.package-lock.json'))) {
  must(step('install dependencies', 'npm', ['install', '--no-audit', '--no-fund']));
}

must(step('lint (ESLint, knip)', 'npm', ['run', '--silent', 'lint']));
must(step('formatting', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']));
must(step('type check', 'npx', ['tsc', '-p', 'tsconfig.json']));
must(ensurePostgres());
must(
  step('database types and supabase/schemas match the migrations', 'npm', ['run', '--silent', 'db:check']),
);
const jestReport = path.join(results, 'jest.json');
const jestOk = step('unit, component and backend tests (jest)', 'npx', [
  'jest',
  '--json',
  `--outputFile=${jestReport}`,
]);
addJestCounts(jestReport);
must(jestOk);
// Before the builds: their last step prerenders pages in it.
const { ensureChromium, HOW_TO_INSTALL } = await import('./lib/chromium.mjs');
const chromium = ensureChromium();
if (!chromium) console.error(`Chromium is missing: ${HOW_TO_INSTALL}.`);
must(chromium);
process.env.CHROMIUM_PATH = chromium;
if (build) must(step('production builds', 'npm', ['run', 'build']));
else console.log('\n▶ production builds: the ones already there (--no-build)');
must(step('size budgets', 'node', ['scripts/check-size.mjs']));
const playwrightReport = path.join(results, 'playwright.json');
const e2eOk = step(
  'composed site in Chromium (Playwright)',
  'npx',
  ['playwright', 'test', '--reporter=list,json'],
  {
    cwd: path.join(root, 'e2e'),
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
  },
);
addPlaywrightCounts(playwrightReport);
printSummary();
process.exit(e2eOk ? 0 : 1);
