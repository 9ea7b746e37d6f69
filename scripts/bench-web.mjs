#!/usr/bin/env node
// `npm run bench:web`: a benchmark, not a test. Serves the federated build and the single-bundle build of the
// same code side by side, runs Lighthouse (Debian's chromium) three times per page in mobile and desktop modes,
// collects browser metrics with Playwright, and writes the comparison to docs/performance.md. Lighthouse's SEO and
// best-practices scores are recorded beside performance (issue 24), not gated anywhere. It samples the machine
// before it starts and after it has stopped what it ran (scripts/lib/machine-load.mjs), records both with the
// results, and writes nothing from a busy machine unless run with --allow-busy.
//
// `--baseline <git ref>` compares a change with its parent instead: it builds that commit in a temporary git
// worktree (scripts/lib/baseline-build.mjs) and measures its federated build and the working tree's the same way,
// in the same run, and writes the ratios per page (docs/performance.md, "Comparing a change with its parent").
// In both modes the builds are measured interleaved: each page's runs alternate between them, so a machine that
// slows down or speeds up during the run weighs on both alike.
/* global window */
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from '@playwright/test';
import { findChromium, HOW_TO_INSTALL } from './lib/chromium.mjs';
import { servePublicBuild } from './lib/serve-builds.mjs';
import { describeMachine, judgeMachine, sampleMachine } from './lib/machine-load.mjs';
import { buildBaseline, resolveCommit } from './lib/baseline-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = findChromium();
if (!CHROMIUM) throw new Error(`bench:web needs Chromium: ${HOW_TO_INSTALL}.`);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ALLOW_BUSY = process.argv.includes('--allow-busy');
const KEEP_BASELINE = process.argv.includes('--keep-baseline');
const baselineAt = process.argv.indexOf('--baseline');
const BASELINE_REF = baselineAt === -1 ? undefined : process.argv[baselineAt + 1];
if (baselineAt !== -1 && (!BASELINE_REF || BASELINE_REF.startsWith('--'))) {
  console.error('Usage: npm run bench:web -- --baseline <git ref> [--keep-baseline] [--allow-busy]');
  process.exit(1);
}
// BENCH_PAGES=/,/blog measures only those pages (a quick check of the script itself, not a measurement).
const PAGES_ALL = ['/', '/how-we-work', '/services/ai-website-building', '/blog'];
const PAGES = process.env.BENCH_PAGES ? process.env.BENCH_PAGES.split(',') : PAGES_ALL;
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

function ensureBuilds({ single }) {
  // The builds as they are deployed: with their prerendered public pages.
  const need = (dir) => !fs.existsSync(path.join(root, dir, 'prerendered', 'index.html'));
  if (need('shell/dist')) spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (single && need('shell/dist-single')) {
    spawnSync('npm', ['run', 'build:single'], { cwd: root, stdio: 'inherit' });
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** One Lighthouse run, or null when Lighthouse reports the run as failed (it is then tried again). */
async function runLighthouse(url, mode) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  try {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'seo', 'best-practices'],
      },
      mode === 'desktop' ? desktopConfig : undefined,
    );
    const { audits, categories, runtimeError } = result.lhr;
    if (runtimeError || categories.performance.score === null) {
      console.warn(`Lighthouse failed on ${url} (${mode}): ${runtimeError?.code ?? 'no score'}`);
      return null;
    }
    // The best-practices audits that cost points, by id (printed per page: they do not depend on the machine).
    const bestPracticesLost = categories['best-practices'].auditRefs
      .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && audits[ref.id]?.score < 1)
      .map((ref) => ref.id);
    return {
      bestPracticesLost,
      score: Math.round(categories.performance.score * 100),
      seo: Math.round((categories.seo.score ?? Number.NaN) * 100),
      bestPractices: Math.round((categories['best-practices'].score ?? Number.NaN) * 100),
      lcp: audits['largest-contentful-paint'].numericValue,
      cls: audits['cumulative-layout-shift'].numericValue,
      tbt: audits['total-blocking-time'].numericValue,
    };
  } finally {
    await chrome.kill();
  }
}

async function runLighthouseWithRetries(url, mode) {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const result = await runLighthouse(url, mode);
    if (result) return result;
  }
  return {
    score: Number.NaN,
    seo: Number.NaN,
    bestPractices: Number.NaN,
    lcp: Number.NaN,
    cls: Number.NaN,
    tbt: Number.NaN,
  };
}

/** JS bytes (compressed, as sent) before the page is interactive, requests and the longest request chain. */
async function collectWithPlaywright(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const requests = new Map();
  cdp.on('Network.requestWillBeSent', ({ requestId, request, initiator, type, wallTime }) => {
    const parent = initiator.stack?.callFrames?.[0]?.url ?? initiator.url ?? null;
    requests.set(requestId, { url: request.url, parent, type, bytes: 0, startedAt: wallTime * 1000 });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const r = requests.get(requestId);
    if (r) r.bytes = encodedDataLength;
  });
  await page.addInitScript(() => {
    window.__metrics = { lcp: 0, cls: 0, tbt: 0 };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__metrics.lcp = e.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (!e.hadRecentInput) window.__metrics.cls += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__metrics.tbt += Math.max(0, e.duration - 50);
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  // The idle-time widgets include the newsletter popup, which opens about 2 s after load: wait for it, so both
  // builds count the same widgets whatever the machine's speed.
  await page.getByRole('dialog').waitFor({ timeout: 15_000 });
  await page.waitForTimeout(500);
  const metrics = await page.evaluate(() => window.__metrics);
  // The page is interactive when the shell marks its content rendered (the live app has replaced the
  // prerendered HTML); the widgets loaded afterwards, in idle time, are counted apart.
  const interactiveAt = await page.evaluate(() => {
    const [mark] = performance.getEntriesByName('storefront:page-rendered');
    return performance.timeOrigin + mark.startTime;
  });
  const all = [...requests.values()];
  const js = all.filter((r) => r.type === 'Script');
  const kb = (list) => list.reduce((sum, r) => sum + r.bytes, 0) / 1024;
  const byUrl = new Map(all.map((r) => [r.url, r]));
  const depth = (r, seen = new Set()) => {
    if (!r.parent || seen.has(r.url) || !byUrl.has(r.parent)) return 1;
    seen.add(r.url);
    return 1 + depth(byUrl.get(r.parent), seen);
  };
  await context.close();
  return {
    jsKb: kb(js.filter((r) => r.startedAt <= interactiveAt)),
    allJsKb: kb(js),
    requests: all.length,
    chain: Math.max(...all.map((r) => depth(r))),
    ...metrics,
  };
}

/**
 * Every page of every build: for each page, its Lighthouse runs alternate between the builds (the first build
 * first in even runs, last in odd ones), then Playwright loads it once per build. `builds` maps a label to the
 * shell's URL; resolves to each build's rows by page.
 */
async function measure(builds, browser) {
  const labels = Object.keys(builds);
  const rows = Object.fromEntries(labels.map((label) => [label, {}]));
  for (const pagePath of PAGES) {
    const lh = Object.fromEntries(labels.map((label) => [label, { mobile: [], desktop: [] }]));
    for (const mode of ['mobile', 'desktop']) {
      for (let i = 0; i < RUNS; i += 1) {
        const order = i % 2 === 0 ? labels : [...labels].reverse();
        for (const label of order) {
          lh[label][mode].push(await runLighthouseWithRetries(`${builds[label]}${pagePath}`, mode));
        }
      }
    }
    for (const label of labels) {
      const pw = await collectWithPlaywright(browser, `${builds[label]}${pagePath}`);
      const pick = (mode, key) => median(lh[label][mode].map((r) => r[key]));
      rows[label][pagePath] = {
        mobileScore: pick('mobile', 'score'),
        desktopScore: pick('desktop', 'score'),
        seo: pick('mobile', 'seo'),
        bestPractices: pick('mobile', 'bestPractices'),
        mobileLcp: pick('mobile', 'lcp'),
        desktopLcp: pick('desktop', 'lcp'),
        cls: Math.max(pick('mobile', 'cls'), pick('desktop', 'cls'), pw.cls),
        tbt: pick('mobile', 'tbt'),
        ...pw,
      };
      console.log(`${label} ${pagePath}`, JSON.stringify(rows[label][pagePath]));
      const lost = [...new Set(lh[label].mobile.flatMap((r) => r.bestPracticesLost ?? []))];
      if (lost.length) console.log(`${label} ${pagePath} best practices lost on: ${lost.join(', ')}`);
    }
  }
  return rows;
}

const fmt = (n, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');

function table(fed, single) {
  const lines = [
    '| page | build | Lighthouse mobile | Lighthouse desktop | SEO | best practices | mobile LCP (s) | desktop LCP (s) | CLS | mobile TBT (ms) | JS KB before interactive | JS KB with idle-time widgets | requests | longest chain |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const p of PAGES) {
    for (const [label, r] of [
      ['federated', fed[p]],
      ['single bundle', single[p]],
    ]) {
      lines.push(
        `| \`${p}\` | ${label} | ${r.mobileScore} | ${r.desktopScore} | ${fmt(r.seo)} | ${fmt(r.bestPractices)} | ${fmt(r.mobileLcp / 1000, 2)} | ${fmt(r.desktopLcp / 1000, 2)} | ${fmt(r.cls, 3)} | ${fmt(r.tbt)} | ${fmt(r.jsKb, 1)} | ${fmt(r.allJsKb, 1)} | ${r.requests} | ${r.chain} |`,
      );
    }
    lines.push(
      `| \`${p}\` | **ratio** | | | | | ${fmt(fed[p].mobileLcp / single[p].mobileLcp, 2)} | ${fmt(fed[p].desktopLcp / single[p].desktopLcp, 2)} | | | **${fmt(fed[p].jsKb / single[p].jsKb, 2)}** | ${fmt(fed[p].allJsKb / single[p].allJsKb, 2)} | | |`,
    );
  }
  return lines.join('\n');
}

/** The working tree beside the baseline: each build's figures, then the ratios (working tree / baseline). */
function comparisonTable(base, work, baseLabel) {
  const lines = [
    '| page | build | Lighthouse mobile | Lighthouse desktop | best practices | mobile LCP (s) | desktop LCP (s) | CLS | mobile TBT (ms) | JS KB before interactive | JS KB with idle-time widgets | requests |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  const ratio = (key) => (p) => fmt(work[p][key] / base[p][key], 2);
  for (const p of PAGES) {
    for (const [label, r] of [
      [baseLabel, base[p]],
      ['working tree', work[p]],
    ]) {
      lines.push(
        `| \`${p}\` | ${label} | ${r.mobileScore} | ${r.desktopScore} | ${fmt(r.bestPractices)} | ${fmt(r.mobileLcp / 1000, 2)} | ${fmt(r.desktopLcp / 1000, 2)} | ${fmt(r.cls, 3)} | ${fmt(r.tbt)} | ${fmt(r.jsKb, 1)} | ${fmt(r.allJsKb, 1)} | ${r.requests} |`,
      );
    }
    lines.push(
      `| \`${p}\` | **ratio** | ${ratio('mobileScore')(p)} | ${ratio('desktopScore')(p)} | | **${ratio('mobileLcp')(p)}** | ${ratio('desktopLcp')(p)} | | **${ratio('tbt')(p)}** | **${ratio('jsKb')(p)}** | ${ratio('allJsKb')(p)} | |`,
    );
  }
  return lines.join('\n');
}

/** The working tree's commit, and whether it has changes not committed yet. */
function describeWorkingTree() {
  const git = (...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' }).stdout.trim();
  const changed = git('status', '--porcelain', '--untracked-files=no') !== '';
  return `${git('rev-parse', '--short=9', 'HEAD')}${changed ? ' with uncommitted changes' : ''}`;
}

/** Writes `text` between the two markers of docs/performance.md, at the end of the file when it has none yet. */
function writeSection(marker, text) {
  const open = `<!-- ${marker} -->`;
  const close = `<!-- /${marker} -->`;
  const doc = path.join(root, 'docs', 'performance.md');
  const existing = fs.existsSync(doc) ? fs.readFileSync(doc, 'utf8') : '';
  const has = existing.includes(open) && existing.includes(close);
  const head = has ? existing.slice(0, existing.indexOf(open)) : `${existing.trimEnd()}\n\n`;
  const tail = has ? existing.slice(existing.indexOf(close)) : `${close}\n`;
  fs.mkdirSync(path.dirname(doc), { recursive: true });
  fs.writeFileSync(doc, `${head}${open}\n${text}${tail}`);
  console.log('Written to docs/performance.md');
}

// Before anything of its own runs (a build it may start included).
const start = await sampleMachine();
const baselineCommit = BASELINE_REF && resolveCommit(root, BASELINE_REF);
ensureBuilds({ single: !baselineCommit });
const baseline = baselineCommit && buildBaseline(root, baselineCommit);
const baseLabel = baselineCommit && `baseline ${baselineCommit.slice(0, 9)}`;
const servers = [];
const serve = async (options) => {
  const served = await servePublicBuild(options);
  servers.push(...served.servers);
  return served.url;
};
const builds = baseline
  ? { [baseLabel]: await serve({ root: baseline.dir }), 'working tree': await serve() }
  : { federated: await serve(), 'single bundle': await serve({ single: true }) };
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: FLAGS.filter((f) => f !== '--headless=new'),
});
let rows;
try {
  rows = await measure(builds, browser);
} finally {
  await browser.close();
  for (const server of servers) server.close();
  if (baseline && !KEEP_BASELINE) baseline.remove();
}
// After everything it started has stopped: what remains is other processes.
const machine = { start, end: await sampleMachine() };
const { busy, reasons } = judgeMachine(machine);
const markdown = baseline
  ? `${comparisonTable(rows[baseLabel], rows['working tree'], baseLabel)}\n`
  : `${table(rows.federated, rows['single bundle'])}\n`;
console.log(`\n${markdown}\n${describeMachine(machine)}`);
if (busy && !ALLOW_BUSY) {
  console.error(
    `\nNot written to docs/performance.md: the machine was busy (${reasons.join('; ')}). Its figures measure the ` +
      'other work as much as the site: run it again on a quiet machine, or with --allow-busy to record them anyway ' +
      '(the results then say so).',
  );
  process.exit(1);
}
if (process.env.BENCH_PAGES) {
  console.error('\nNot written to docs/performance.md: BENCH_PAGES measured only some of the pages.');
  process.exit(0);
}
const verdict = busy
  ? `A busy machine, recorded with --allow-busy: ${reasons.join('; ')}.`
  : 'A quiet machine.';
const measured = `Measured ${new Date().toISOString().slice(0, 10)}, median of ${RUNS} Lighthouse runs per mode`;
if (baseline) {
  writeSection(
    'bench:web comparison',
    `${measured}, the working tree (${describeWorkingTree()}) beside ${BASELINE_REF} (${baselineCommit.slice(0, 9)}), ` +
      `interleaved. ${describeMachine(machine)} ${verdict}\n\n${markdown}`,
  );
} else {
  writeSection('bench:web results', `${measured}. ${describeMachine(machine)} ${verdict}\n\n${markdown}`);
}
