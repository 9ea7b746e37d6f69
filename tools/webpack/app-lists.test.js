// The remotes' lists that must be written out (tools/webpack/app-lists.js) say what the descriptors say: a remote added,
// renamed or removed without `npm run apps:generate` fails here, naming the command.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { appLists, writeAppLists } = require('./app-lists');
const { readApps } = require('./apps');

const root = path.join(__dirname, '..', '..');

it.each(Object.entries(appLists()))('%s is what npm run apps:generate writes', (file, text) => {
  const actual = fs.readFileSync(path.join(root, file), 'utf8');
  if (actual !== text)
    throw new Error(`${file} is out of step with the descriptors: run npm run apps:generate`);
});

it('names a new remote in both lists, by its key and folder, and keeps the rest of the loader', () => {
  const apps = [
    ...readApps(),
    {
      package: 'mfe-till',
      remote: 'till',
      scope: 'mfe_till',
      exposes: { './routes': './src/exposes/routes.tsx' },
    },
  ];
  const lists = appLists(apps);
  const contracts = lists['shared-lib/src/contracts/remotes.generated.ts'];
  expect(contracts).toContain("import till from '../../../mfe-till/federation.json';");
  expect(contracts).toMatch(/export const remoteDescriptors = \{ [^}]*\btill\b[^}]*\};/);
  expect(lists['tools/single-bundle/remotes.ts']).toContain(
    "till: import.meta.webpackContext('mfe-till/src/exposes', {",
  );
  const loader = fs.readFileSync(path.join(root, 'tools/single-bundle/remotes.ts'), 'utf8');
  const outside = (text) => text.replace(/\/\/ apps:generate begin[\s\S]*\/\/ apps:generate end/, '');
  expect(outside(lists['tools/single-bundle/remotes.ts'])).toBe(outside(loader));
});

it('writes the lists into a repository and reports which files changed', () => {
  const repo = fs.mkdtempSync(path.join(os.tmpdir(), 'app-lists-'));
  try {
    fs.cpSync(path.join(root, 'package.json'), path.join(repo, 'package.json'));
    for (const app of readApps()) {
      const dir = path.join(repo, app.package);
      fs.mkdirSync(path.join(dir, 'src', 'exposes'), { recursive: true });
      for (const file of ['package.json', 'federation.json'])
        fs.cpSync(path.join(app.dir, file), path.join(dir, file));
      for (const file of Object.values(app.exposes ?? {})) fs.writeFileSync(path.join(dir, file), '');
    }
    for (const folder of ['shared-lib/src/contracts', 'tools/single-bundle'])
      fs.mkdirSync(path.join(repo, folder), { recursive: true });
    // The loader with an empty list between its markers, as before the first remote.
    const loader = fs.readFileSync(path.join(root, 'tools/single-bundle/remotes.ts'), 'utf8');
    fs.writeFileSync(
      path.join(repo, 'tools/single-bundle/remotes.ts'),
      loader.replace(/(\/\/ apps:generate begin[^\n]*\n)[\s\S]*(\/\/ apps:generate end)/, '$1$2'),
    );
    expect(writeAppLists(repo).sort()).toEqual(Object.keys(appLists()).sort());
    expect(writeAppLists(repo)).toEqual([]);
  } finally {
    fs.rmSync(repo, { recursive: true, force: true });
  }
});
