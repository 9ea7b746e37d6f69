// Finds the Chrome or Chromium that prerendering, Playwright and Lighthouse run: CHROMIUM_PATH when set, else an
// installed one (chrome-launcher knows each platform's usual places and names). As root on Debian it installs
// Debian's chromium when none is found, as `npm test` and `npm start` promise in the README.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getChromePath } from 'chrome-launcher';

export const HOW_TO_INSTALL =
  'install Chrome or Chromium (Debian: sudo apt-get install chromium) or set CHROMIUM_PATH to one';

/** The path of an installed Chrome or Chromium, or null. */
export function findChromium(env = process.env) {
  if (env.CHROMIUM_PATH) return fs.existsSync(env.CHROMIUM_PATH) ? env.CHROMIUM_PATH : null;
  try {
    return getChromePath();
  } catch {
    return null;
  }
}

const canApt = () => process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get');

/** An installed Chromium, installing Debian's package first when none is found and this process may. */
export function ensureChromium() {
  const found = findChromium();
  if (found || process.env.CHROMIUM_PATH || !canApt()) return found;
  console.log("Installing Debian's chromium (none is installed)...");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const ok = (args) => spawnSync('apt-get', args, { stdio: 'inherit', env }).status === 0;
  if (!ok(['update', '-qq']) || !ok(['install', '-y', '-qq', 'chromium'])) return null;
  return findChromium();
}

// `node scripts/lib/chromium.mjs` prints the Chromium that the scripts would use (nothing is installed).
if (process.argv[1] && fs.realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const found = findChromium();
  if (!found) {
    console.error(`No Chrome or Chromium found: ${HOW_TO_INSTALL}.`);
    process.exit(1);
  }
  console.log(found);
}
