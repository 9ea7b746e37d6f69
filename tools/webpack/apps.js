// The apps and their descriptors. Each app's federation.json is the one place that says who it is: its package
// (and folder), its federation scope, its port and the environment variable that moves it, and for a remote its
// key in config.json, the variable that points the shell at another deployment of it, and the modules it
// exposes. The webpack build, the scripts, the dev and test servers, shared-lib's contract types and the single
// bundle all read it (docs/architecture.md, "One descriptor per app").
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..', '..');

/** Every exposed module is a file directly in the remote's src/exposes/ (the single bundle looks for it there). */
const EXPOSE_FILE = /^\.\/src\/exposes\/\w+\.tsx$/;

/**
 * The descriptor of the app in `dir`, checked: a mistake is named with its file and field when anything reads it,
 * not found later as a remote that does not load.
 */
function readDescriptor(dir) {
  const file = path.join(dir, 'federation.json');
  const descriptor = JSON.parse(fs.readFileSync(file, 'utf8'));
  const fail = (field, rule) => {
    throw new Error(`${path.relative(root, file)}: ${field} ${rule}`);
  };
  const { package: pkg, scope, port, env = {}, remote, exposes } = descriptor;
  if (pkg !== path.basename(dir)) fail('package', `must be the folder's name, '${path.basename(dir)}'`);
  const packageJson = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  if (packageJson.name !== pkg) fail('package', `must be package.json's name, '${packageJson.name}'`);
  if (!/^[A-Za-z_]\w*$/.test(scope ?? ''))
    fail('scope', 'must be a JavaScript identifier (e.g. mfe_account)');
  if (!Number.isInteger(port) || port < 1 || port > 65535) fail('port', 'must be a port number');
  if (!/^[A-Z][A-Z0-9_]*_PORT$/.test(env.port ?? ''))
    fail('env.port', 'must be a variable named <NAME>_PORT');
  if (remote === undefined) {
    if (exposes !== undefined || env.url !== undefined)
      fail('remote', 'is missing: only a remote exposes modules');
    return { dir, ...descriptor };
  }
  if (!/^[a-z]+$/.test(remote)) fail('remote', 'must be a lower-case word (its key in config.json)');
  if (!/^REMOTE_[A-Z0-9_]+_URL$/.test(env.url ?? ''))
    fail('env.url', 'must be a variable named REMOTE_<NAME>_URL');
  if (typeof exposes?.['./routes'] !== 'string') fail('exposes', "must name './routes' (the remote's pages)");
  for (const [key, expose] of Object.entries(exposes)) {
    if (!/^\.\/\w+$/.test(key)) fail(`exposes['${key}']`, "must be './<Name>'");
    if (!EXPOSE_FILE.test(expose)) fail(`exposes['${key}']`, 'must be a file ./src/exposes/<Name>.tsx');
    if (!fs.existsSync(path.join(dir, expose)))
      fail(`exposes['${key}']`, `names ${expose}, which does not exist`);
  }
  return { dir, ...descriptor };
}

/**
 * The folders a root package.json's workspace entry names: itself, or for a pattern such as `mfe-*` (how the
 * remotes are listed, so a new one needs no line there) the matching folders in name order, as npm finds them.
 */
function workspaceFolders(repo, workspace) {
  if (!workspace.includes('*')) return [path.join(repo, workspace)];
  const parent = path.dirname(workspace);
  if (parent.includes('*'))
    throw new Error(`package.json: workspace ${workspace}: only its last part may hold a *`);
  const pattern = new RegExp(`^${path.basename(workspace).split('*').map(escapeRegExp).join('[^/]*')}$`);
  return fs
    .readdirSync(path.join(repo, parent), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && pattern.test(entry.name))
    .map((entry) => path.join(repo, parent, entry.name))
    .sort();
}

const escapeRegExp = (text) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

/**
 * The workspaces that have a descriptor, in the root package.json's order (the shell first, then the remotes by
 * folder name), with what must be unique among them checked.
 */
function readApps(repo = root) {
  const { workspaces } = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8'));
  const apps = workspaces
    .flatMap((workspace) => workspaceFolders(repo, workspace))
    .filter((dir) => fs.existsSync(path.join(dir, 'federation.json')))
    .map(readDescriptor);
  for (const field of ['scope', 'port', 'remote']) {
    const values = apps.map((app) => app[field]).filter((value) => value !== undefined);
    const twice = values.find((value, i) => values.indexOf(value) !== i);
    if (twice !== undefined) throw new Error(`two apps' federation.json have the ${field} ${twice}`);
  }
  return apps;
}

module.exports = { readDescriptor, readApps };
