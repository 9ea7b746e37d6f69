// The production static servers' safe defaults (scripts/lib/static-server.mjs), and the site and the local API
// listening on interfaces of their own (SITE_HOST, SUPABASE_HOST). The servers run in a child Node process, as
// the scripts run them (they are ES modules), over a small build folder.
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

jest.setTimeout(30_000);

const repo = path.join(__dirname, '..', '..');
const staticServer = path.join(repo, 'scripts', 'lib', 'static-server.mjs');
const SHELL = 'http://localhost:3000';

let dist;
beforeAll(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'static-server-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>t</title>');
  fs.writeFileSync(path.join(dist, 'remoteEntry.js'), 'export {};');
  fs.writeFileSync(path.join(dist, 'mf-manifest.json'), '{}');
  fs.writeFileSync(path.join(dist, 'main.0123456789.js'), 'export {};');
  fs.writeFileSync(path.join(dist, 'main.0123456789.js.map'), '{"version":3,"sources":["secret.ts"]}');
});
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

/**
 * Starts a shell and a remote over `dist` in a child process, plus the remote behind a socket marked as TLS (as
 * Node marks one an https server accepted), and resolves with their ports and listening addresses.
 */
function startServers(env = {}) {
  const program = `
    import http from 'node:http';
    import { createStaticApp, listen } from ${JSON.stringify(staticServer)};
    const dist = ${JSON.stringify(dist)};
    const shell = await listen(createStaticApp({ root: dist, kind: 'shell' }), 0);
    const captchaShell = await listen(
      createStaticApp({ root: dist, kind: 'shell', captchaOrigins: ['https://challenges.cloudflare.com'] }),
      0,
    );
    const remoteApp = createStaticApp({ root: dist, kind: 'remote', corsOrigins: [${JSON.stringify(SHELL)}] });
    const remote = await listen(remoteApp, 0);
    const tls = http.createServer((req, res) => { req.socket.encrypted = true; remoteApp(req, res); });
    await new Promise((resolve) => tls.listen(0, '127.0.0.1', resolve));
    console.log(JSON.stringify({
      shell: shell.address(), captchaShell: captchaShell.address(), remote: remote.address(), tls: tls.address(),
    }));
  `;
  const env_ = { ...process.env, ...env };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env_[key];
  const child = spawn(process.execPath, ['--input-type=module', '-e', program], {
    env: env_,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) {
        const addresses = JSON.parse(out);
        resolve({ ...addresses, stop: () => child.kill('SIGTERM') });
      }
    });
    child.once('exit', (code) => reject(new Error(`static servers exited with ${code}`)));
  });
}

describe('static servers', () => {
  let servers;
  beforeAll(async () => {
    servers = await startServers({ SITE_HOST: '127.0.0.1' });
  });
  afterAll(() => servers.stop());

  const get = (address, file, headers = {}) => fetch(`http://127.0.0.1:${address.port}/${file}`, { headers });

  it('a remote varies every answer on Origin, also when the origin is refused or absent', async () => {
    const allowed = await get(servers.remote, 'remoteEntry.js', { Origin: SHELL });
    expect(allowed.headers.get('access-control-allow-origin')).toBe(SHELL);
    expect(allowed.headers.get('vary')).toMatch(/\bOrigin\b/);
    const refused = await get(servers.remote, 'remoteEntry.js', { Origin: 'http://evil.example' });
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    expect(refused.headers.get('vary')).toMatch(/\bOrigin\b/);
    const none = await get(servers.remote, 'mf-manifest.json');
    expect(none.headers.get('vary')).toMatch(/\bOrigin\b/);
    const missing = await get(servers.remote, 'no-such-file.js', { Origin: 'http://evil.example' });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('vary')).toMatch(/\bOrigin\b/);
  });

  it('forbids framing as the CSP does: X-Frame-Options DENY beside frame-ancestors none', async () => {
    for (const [address, file] of [
      [servers.shell, ''],
      [servers.remote, 'remoteEntry.js'],
    ]) {
      const response = await get(address, file);
      expect(response.headers.get('x-frame-options')).toBe('DENY');
    }
    const page = await get(servers.shell, '');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it("allows the CAPTCHA's script and frame only where one is configured", async () => {
    const csp = async (address) => (await get(address, '')).headers.get('content-security-policy');
    const plain = await csp(servers.shell);
    expect(plain).not.toContain('challenges.cloudflare.com');
    expect(plain).not.toContain('frame-src');
    const withCaptcha = await csp(servers.captchaShell);
    expect(withCaptcha).toContain("script-src 'self' https://challenges.cloudflare.com");
    expect(withCaptcha).toContain('frame-src https://challenges.cloudflare.com');
    expect(withCaptcha).toContain("frame-ancestors 'none'");
  });

  it('never serves a source map, even one left in the folder, on the shell or a remote', async () => {
    for (const address of [servers.shell, servers.remote]) {
      expect((await get(address, 'main.0123456789.js')).status).toBe(200);
      for (const file of ['main.0123456789.js.map', 'main.0123456789.js%2Emap', 'main.0123456789.js%2emap']) {
        const response = await get(address, file, { Origin: SHELL });
        expect(response.status).toBe(404);
        expect(await response.text()).not.toContain('secret.ts');
      }
    }
  });

  it('sends HSTS only over https', async () => {
    expect((await get(servers.shell, '')).headers.get('strict-transport-security')).toBeNull();
    expect((await get(servers.remote, 'remoteEntry.js')).headers.get('strict-transport-security')).toBeNull();
    const overTls = await get(servers.tls, 'remoteEntry.js');
    expect(overTls.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
  });

  it('listens on SITE_HOST', () => {
    expect(servers.shell.address).toBe('127.0.0.1');
    expect(servers.remote.address).toBe('127.0.0.1');
  });
});

it('the static servers ignore the generic HOST: without SITE_HOST they listen on every interface', async () => {
  const servers = await startServers({ HOST: '127.0.0.1', SITE_HOST: undefined });
  try {
    expect(['::', '0.0.0.0']).toContain(servers.shell.address);
  } finally {
    servers.stop();
  }
});

/** Runs scripts/lib/backend.mjs's startBackend with `env` and reports how it ended and what was printed. */
function runBackend(env) {
  const backend = path.join(repo, 'scripts', 'lib', 'backend.mjs');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backend-host-'));
  const program = `
    import { startBackend } from ${JSON.stringify(backend)};
    try {
      const api = await startBackend({ root: ${JSON.stringify(repo)}, env: process.env });
      console.log('started ' + api.supabaseUrl);
    } catch (error) {
      console.log('failed: ' + error.message);
    }
    process.exit(0);
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', program], {
    env: {
      ...process.env,
      SUPABASE_URL: '',
      DATA_DIR: dataDir,
      JWT_SECRET: '',
      SUPABASE_PORT: '0',
      INBUCKET_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => {
    child.once('close', () => {
      const left = fs.readdirSync(dataDir);
      fs.rmSync(dataDir, { recursive: true, force: true });
      resolve({ stdout, stderr, left });
    });
  });
}

it('npm start gives the local API SUPABASE_HOST, and the public default secret is refused off loopback', async () => {
  const { stdout, stderr, left } = await runBackend({ SUPABASE_HOST: '0.0.0.0' });
  // npm start's process handling stops everything when the API exits (scripts/lib/processes.mjs).
  expect(stdout).not.toMatch(/started/);
  expect(stderr).toMatch(/local-supabase stopped \(exit code 1\)/);
  expect(stderr).toMatch(
    /local-supabase: refusing to listen on 0\.0\.0\.0 with the public default JWT secret/,
  );
  expect(left).toEqual([]);
});

it('npm start does not pass the generic HOST on to the local API', async () => {
  // Were HOST=0.0.0.0 passed on, the start would be refused for the default secret; it is not: it gets as far
  // as the database, which this test points nowhere.
  const { stdout, stderr } = await runBackend({
    HOST: '0.0.0.0',
    DATABASE_URL: 'postgres://nobody@127.0.0.1:9/none',
  });
  expect(stdout).not.toMatch(/started/);
  expect(stderr).toMatch(/local-supabase stopped \(exit code 1\)/);
  expect(stderr).not.toMatch(/refusing to listen/);
});
