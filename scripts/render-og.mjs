#!/usr/bin/env node
// Renders the Open Graph images (one per page type: default, service, article) from their SVG sources in
// shell/og/ to 1200x630 PNGs in shell/public/og/, which link previews fetch. Link-preview bots do not all read
// SVG, hence PNG. Run after editing a source (`node scripts/render-og.mjs`) and commit the PNGs: builds use the
// committed files and need no browser for them. Uses the installed Chromium through Playwright's library.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { ensureChromium, HOW_TO_INSTALL } from './lib/chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sources = path.join(root, 'shell', 'og');
const out = path.join(root, 'shell', 'public', 'og');
const WIDTH = 1200;
const HEIGHT = 630;

const executablePath = ensureChromium();
if (!executablePath) {
  console.error(`No Chrome or Chromium to render with: ${HOW_TO_INSTALL}.`);
  process.exit(1);
}
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT } });
  fs.mkdirSync(out, { recursive: true });
  for (const file of fs.readdirSync(sources).filter((f) => f.endsWith('.svg'))) {
    const svg = fs.readFileSync(path.join(sources, file), 'utf8');
    await page.setContent(`<!doctype html><style>html,body{margin:0}</style>${svg}`);
    const target = path.join(out, file.replace(/\.svg$/, '.png'));
    await page.screenshot({ path: target, clip: { x: 0, y: 0, width: WIDTH, height: HEIGHT } });
    console.log(`${path.relative(root, target)} (${(fs.statSync(target).size / 1024).toFixed(0)} KB)`);
  }
} finally {
  await browser.close();
}
