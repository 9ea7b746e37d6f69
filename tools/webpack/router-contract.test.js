// The build refuses a react-router-dom import that the shared router does not provide, instead of shipping code
// that fails in the browser.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const webpack = require('webpack');
const { RouterContractPlugin } = require('./router-contract');

jest.setTimeout(60_000);

/** Builds a one-file app with `source` as its entry; resolves to the build's error messages. */
function build(source) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'router-contract-'));
  fs.writeFileSync(path.join(dir, 'entry.js'), source);
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: './entry.js',
    output: { path: path.join(dir, 'dist') },
    resolve: { modules: [path.join(__dirname, '..', '..', 'node_modules')] },
    externals: { react: 'React', 'react-dom': 'ReactDOM' },
    plugins: [new RouterContractPlugin()],
  });
  return new Promise((resolve, reject) => {
    compiler.run((error, stats) => {
      fs.rmSync(dir, { recursive: true, force: true });
      if (error) reject(error);
      else resolve(stats.compilation.errors.map((e) => e.message));
    });
  });
}

it('builds an app that imports only what the shared router provides', async () => {
  await expect(
    build("import { Link, useParams } from 'react-router-dom'; console.log(Link, useParams);"),
  ).resolves.toEqual([]);
});

it('refuses an import the shared router does not provide, naming it and where to add it', async () => {
  const errors = await build(
    "import { Link, useMatch } from 'react-router-dom'; console.log(Link, useMatch);",
  );
  expect(errors).toEqual([
    expect.stringContaining("react-router-dom: 'useMatch' is not in the shared router"),
  ]);
  expect(errors[0]).toContain('tools/webpack/react-router-dom.js');
});

it('refuses a namespace import, which cannot be checked name by name', async () => {
  const errors = await build("import * as router from 'react-router-dom'; console.log(router);");
  expect(errors).toEqual([expect.stringContaining("'*' is not in the shared router")]);
});
