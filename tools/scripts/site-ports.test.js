// npm start's and npm run dev's ports (scripts/lib/site-ports.mjs): a port a variable sets is kept, a default
// another program holds gives way to the next free port, announced, so the two commands run side by side. The
// module runs in a child Node process, as the scripts run it (an ES module), while this test holds ports.
const { spawnSync } = require('node:child_process');
const net = require('node:net');
const path = require('node:path');

const repo = path.join(__dirname, '..', '..');
const sitePorts = path.join(repo, 'scripts', 'lib', 'site-ports.mjs');

/** settlePorts for `apps` and `env`: the variables it set, and what it said. */
function settle(apps, env, localApi = false) {
  const program = `
    import { settlePorts } from ${JSON.stringify(sitePorts)};
    const said = [];
    const env = await settlePorts({
      root: ${JSON.stringify(repo)},
      apps: ${JSON.stringify(apps)},
      env: ${JSON.stringify(env)},
      localApi: ${localApi},
      log: (line) => said.push(line),
    });
    console.log(JSON.stringify({ env, said }));
  `;
  const { stdout, stderr } = spawnSync(process.execPath, ['--input-type=module', '-e', program], {
    encoding: 'utf8',
  });
  if (!stdout) throw new Error(stderr);
  return JSON.parse(stdout);
}

/** A server on a free port, on every interface (as npm start's static servers listen). */
async function hold() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, resolve));
  return server;
}

const app = (name, port) => ({ package: name, port, env: { port: `${name.toUpperCase()}_PORT` } });

let held;
beforeEach(async () => {
  held = await hold();
});
afterEach(() => held.close());

it('moves a server whose default port is held to the next free port, and says so', () => {
  const busy = held.address().port;
  const { env, said } = settle([app('shell', busy), app('marketing', busy)], {});
  const shell = Number(env.SHELL_PORT);
  const marketing = Number(env.MARKETING_PORT);
  expect(shell).toBeGreaterThan(busy);
  // Not the port the shell just took, though nothing listens on it yet.
  expect(marketing).toBeGreaterThan(shell);
  expect(said).toEqual([
    `Port ${busy} is in use (another npm start or npm run dev?): shell takes ${shell} (SHELL_PORT sets it).`,
    `Port ${busy} is in use (another npm start or npm run dev?): marketing takes ${marketing} (MARKETING_PORT sets it).`,
  ]);
});

it('keeps a port a variable sets, held or not: the server itself then says it is busy', () => {
  const busy = held.address().port;
  const { env, said } = settle([app('shell', 3000)], { SHELL_PORT: String(busy), OTHER: 'kept' });
  expect(env).toEqual({ SHELL_PORT: String(busy), OTHER: 'kept' });
  expect(said).toEqual([]);
});

it("gives the local API and its inbox supabase/config.toml's ports or the next free ones", () => {
  const busy = held.address().port;
  const { env, said } = settle([], { SUPABASE_PORT: String(busy) }, true);
  expect(env.SUPABASE_PORT).toBe(String(busy));
  // [inbucket] port = 54324, unless something else holds it on this machine.
  expect(Number(env.INBUCKET_PORT)).toBeGreaterThanOrEqual(54324);
  expect(said.every((line) => line.includes('the local inbox'))).toBe(true);
});
