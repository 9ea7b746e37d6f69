// The apps' descriptors (each app's federation.json, read by tools/webpack/apps.js): the repository's are
// consistent, and a mistake in one is named with its file and field when the build or a script reads it.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { readApps, readDescriptor } = require('./apps');

const root = path.join(__dirname, '..', '..');

let repo;
beforeEach(() => {
  repo = fs.mkdtempSync(path.join(os.tmpdir(), 'descriptors-'));
});
afterEach(() => fs.rmSync(repo, { recursive: true, force: true }));

/** An app folder in the scratch repository: its package.json, its descriptor and the files it names. */
function writeApp(name, descriptor, files = ['src/exposes/routes.tsx']) {
  const dir = path.join(repo, name);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name }));
  fs.writeFileSync(path.join(dir, 'federation.json'), JSON.stringify(descriptor));
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), 'export default [];');
  }
  return dir;
}

const remote = (overrides = {}) => ({
  package: 'mfe-shop',
  remote: 'shop',
  scope: 'mfe_shop',
  port: 3005,
  env: { port: 'SHOP_PORT', url: 'REMOTE_SHOP_URL' },
  exposes: { './routes': './src/exposes/routes.tsx' },
  ...overrides,
});

it('lists every app of the repository, the shell first, each remote with its key, scope, port and exposed files', () => {
  const apps = readApps();
  // Every folder with a descriptor is an app that the scripts, tests and builds know, without a list to extend.
  const withDescriptor = fs
    .readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(root, entry.name, 'federation.json')))
    .map((entry) => entry.name);
  expect(apps.map((app) => app.package).sort()).toEqual(withDescriptor.sort());
  expect(apps[0]).toMatchObject({ package: 'shell', scope: 'shell', port: 3000 });
  expect(apps[0].remote).toBeUndefined();
  for (const app of apps.slice(1)) {
    expect(app.remote).toMatch(/^[a-z]+$/);
    expect(app.env.url).toBe(`REMOTE_${app.remote.toUpperCase()}_URL`);
    for (const file of Object.values(app.exposes)) expect(fs.existsSync(path.join(app.dir, file))).toBe(true);
  }
});

it('finds the remotes a workspace pattern names, in folder order, and skips folders without a descriptor', () => {
  fs.writeFileSync(path.join(repo, 'package.json'), JSON.stringify({ workspaces: ['host', 'mfe-*', 'e2e'] }));
  writeApp('host', { package: 'host', scope: 'host', port: 3000, env: { port: 'HOST_PORT' } }, []);
  writeApp('mfe-till', remote({ package: 'mfe-till', remote: 'till', scope: 'mfe_till', port: 3006 }));
  writeApp('mfe-shop', remote());
  fs.mkdirSync(path.join(repo, 'mfe-notes'));
  fs.mkdirSync(path.join(repo, 'e2e'));
  expect(readApps(repo).map((app) => app.package)).toEqual(['host', 'mfe-shop', 'mfe-till']);
});

it('reads a valid remote with its folder', () => {
  const dir = writeApp('mfe-shop', remote());
  expect(readDescriptor(dir)).toEqual({ dir, ...remote() });
});

it.each([
  [
    'a package that is not its folder',
    remote({ package: 'mfe-other' }),
    "mfe-shop/federation.json: package must be the folder's name",
  ],
  [
    'a scope that is not an identifier',
    remote({ scope: 'mfe-shop' }),
    'scope must be a JavaScript identifier',
  ],
  ['a port that is not a number', remote({ port: '3005' }), 'port must be a port number'],
  [
    'a port variable not named <NAME>_PORT',
    remote({ env: { port: 'SHOP', url: 'REMOTE_SHOP_URL' } }),
    'env.port must be a variable',
  ],
  [
    'no REMOTE_<NAME>_URL variable',
    remote({ env: { port: 'SHOP_PORT' } }),
    'env.url must be a variable named REMOTE_<NAME>_URL',
  ],
  [
    'a remote key that is not a lower-case word',
    remote({ remote: 'Shop' }),
    'remote must be a lower-case word',
  ],
  [
    "no './routes'",
    remote({ exposes: { './Cart': './src/exposes/routes.tsx' } }),
    "exposes must name './routes'",
  ],
  [
    'an exposed file outside src/exposes',
    remote({ exposes: { './routes': './src/exposes/routes.tsx', './Cart': './src/Cart.tsx' } }),
    "exposes['./Cart'] must be a file ./src/exposes/<Name>.tsx",
  ],
  [
    'an exposed file that does not exist',
    remote({ exposes: { './routes': './src/exposes/routes.tsx', './Cart': './src/exposes/Cart.tsx' } }),
    "exposes['./Cart'] names ./src/exposes/Cart.tsx, which does not exist",
  ],
])('refuses a descriptor with %s, naming its file and field', (_, descriptor, message) => {
  const dir = writeApp('mfe-shop', descriptor);
  expect(() => readDescriptor(dir)).toThrow(message);
});

it('refuses exposed modules on an app that is not a remote', () => {
  const host = { ...remote(), env: { port: 'SHOP_PORT' } };
  delete host.remote;
  const dir = writeApp('mfe-shop', host);
  expect(() => readDescriptor(dir)).toThrow('remote is missing: only a remote exposes modules');
});

it('refuses two apps with one port', () => {
  fs.writeFileSync(path.join(repo, 'package.json'), JSON.stringify({ workspaces: ['mfe-shop', 'mfe-till'] }));
  writeApp('mfe-shop', remote());
  writeApp(
    'mfe-till',
    remote({
      package: 'mfe-till',
      remote: 'till',
      scope: 'mfe_till',
      env: { port: 'TILL_PORT', url: 'REMOTE_TILL_URL' },
    }),
  );
  expect(() => readApps(repo)).toThrow("two apps' federation.json have the port 3005");
});
