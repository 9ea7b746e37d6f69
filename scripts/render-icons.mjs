#!/usr/bin/env node
// Renders the web app manifest's PNG icons (shell/public/manifest.webmanifest) from the SVG favicon in Chromium.
// Run it after changing shell/public/favicon.svg; its output is committed: a few kilobytes of PNG, so a build
// needs no browser for them (prerendering, which does, is optional) and every build ships the same bytes.
/* global document */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { ensureChromium, HOW_TO_INSTALL } from './lib/chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = path.join(root, 'shell', 'public');
const favicon = fs.readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
// Maskable and Apple icons are cropped by the system (circle, squircle): the favicon's square without its
// rounded corners, so no transparent corner shows. Its mark stays within the maskable safe zone (80%).
const square = favicon.replace(/ rx="[^"]*"/, '');

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: favicon },
  { file: 'icon-512.png', size: 512, svg: favicon },
  { file: 'icon-maskable-512.png', size: 512, svg: square },
  { file: 'apple-touch-icon.png', size: 180, svg: square },
];

const executablePath = ensureChromium();
if (!executablePath) throw new Error(`No Chrome or Chromium to render the icons: ${HOW_TO_INSTALL}.`);
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage();
  for (const { file, size, svg } of ICONS) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
    );
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: path.join(publicDir, file), omitBackground: true });
    console.log(`render-icons: shell/public/${file} (${size}x${size})`);
  }
} finally {
  await browser.close();
}
