#!/usr/bin/env node
// CI's check of `npm run dev` as a team runs it on a fresh clone, also beside a running `npm start`: the dev
// servers start (on the ports npm start leaves them), the home page renders in Chromium with every remote, and
// Ctrl-C stops everything it started (every port it announced free again).
/* global document */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { APPS } from './lib/apps.mjs';
import { findChromium } from './lib/chromium.mjs';
import { portInUse, waitFor } from './lib/ports.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const START_TIMEOUT_MS = 240_000;

/** The site's address and every port npm run dev says it listens on: each app's line, the API's and the inbox's. */
function announced(output) {
  const site = /storefront is ready at (http:\/\/\S+)/.exec(output)?.[1];
  const lines = output.split('\n');
  const urls = [
    ...lines.map((line) => /^[\w-]+\s+(http:\/\/localhost:\d+)$/.exec(line.trim())?.[1]),
    ...lines.map((line) => /^(?:API|Inbox[^:]*): (http:\/\/\S+)$/.exec(line.trim())?.[1]),
  ].filter(Boolean);
  return { site, ports: urls.map((url) => Number(new URL(url).port)) };
}

// Its own process group, as in a terminal: Ctrl-C reaches npm and the start script together.
const dev = spawn('npm', ['run', 'dev'], {
  cwd: root,
  detached: true,
  stdio: ['ignore', 'pipe', 'inherit'],
  env: { ...process.env, DATA_DIR: path.join(os.tmpdir(), `storefront-check-dev-${process.pid}`) },
});
let output = '';
dev.stdout.on('data', (chunk) => {
  output += chunk;
  process.stdout.write(chunk);
});
let exited = false;
dev.once('exit', () => (exited = true));

let failure = null;
let ports = [];
try {
  // Ready once the inbox's line (the last) is printed too.
  await waitFor(
    'npm run dev ready',
    () => exited || /storefront is ready[^]*Inbox/.test(output),
    START_TIMEOUT_MS,
  );
  if (exited) throw new Error('npm run dev exited before it was ready');
  const { site, ports: listening } = announced(output);
  ports = listening;
  // Every app, the API and its inbox.
  const expected = APPS.length + 2;
  if (ports.length !== expected)
    throw new Error(`npm run dev announced ${ports.length} servers, not ${expected}`);
  const browser = await chromium.launch({
    executablePath: findChromium() ?? undefined,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // The dev servers compile on first request: the first load may take a while on two cores.
    await page.goto(site, { timeout: START_TIMEOUT_MS });
    await page.locator('main h1').first().waitFor({ timeout: START_TIMEOUT_MS });
    await page.locator('header button[aria-label^="Cart"]').waitFor({ timeout: 60_000 });
    const text = await page.evaluate(() => document.body.innerText);
    if (/Temporarily unavailable/.test(text)) throw new Error('a remote did not load in dev mode');
    if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
    console.log(`check-dev: the home page rendered ("${await page.locator('main h1').first().innerText()}")`);
  } finally {
    await browser.close();
  }
} catch (error) {
  failure = error;
}

process.kill(-dev.pid, 'SIGINT');
try {
  await waitFor('npm run dev to stop after Ctrl-C', () => exited, 30_000);
  await waitFor(
    'every port of npm run dev free',
    async () => !(await Promise.all(ports.map((port) => portInUse(port)))).some(Boolean),
    15_000,
  );
  console.log('check-dev: Ctrl-C stopped every server npm run dev started');
} catch (error) {
  failure ??= error;
  try {
    process.kill(-dev.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

if (failure) {
  console.error(`check-dev: ${failure.message}`);
  process.exit(1);
}
