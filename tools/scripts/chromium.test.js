// The Chromium that prerendering, Playwright and Lighthouse use is found where it is installed
// (scripts/lib/chromium.mjs, run as its command so it is tested as the scripts use it).
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const script = path.join(__dirname, '..', '..', 'scripts', 'lib', 'chromium.mjs');
const find = (extra) => {
  const env = { ...process.env };
  delete env.CHROMIUM_PATH;
  return spawnSync(process.execPath, [script], { env: { ...env, ...extra }, encoding: 'utf8' });
};

test('finds the installed Chromium without being told where it is', () => {
  const result = find({});
  expect(result.status).toBe(0);
  const found = result.stdout.trim();
  expect(path.basename(found)).toMatch(/chrom/i);
  expect(() => fs.accessSync(found, fs.constants.X_OK)).not.toThrow();
});

test('uses CHROMIUM_PATH when it names a browser', () => {
  const installed = find({}).stdout.trim();
  const result = find({ CHROMIUM_PATH: installed });
  expect(result.stdout.trim()).toBe(installed);
});

test('says how to get one when CHROMIUM_PATH names nothing', () => {
  const result = find({ CHROMIUM_PATH: path.join(__dirname, 'no-such-browser') });
  expect(result.status).toBe(1);
  expect(result.stderr).toMatch(/No Chrome or Chromium found: install Chrome or Chromium/);
});
