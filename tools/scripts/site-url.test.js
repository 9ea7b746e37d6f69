// SITE_URL at serve time: the production server puts the site's origin into the files the build wrote with the
// placeholder origin (tools/webpack/site-url.js), and npm start's config carries it to the app. The server runs in
// a child Node process, as the scripts run it (an ES module), over a small build folder.
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { SITE_URL_PLACEHOLDER, remoteUrlPlaceholder } = require('../webpack/site-url');

jest.setTimeout(30_000);

const repo = path.join(__dirname, '..', '..');
const SITE = 'https://shop.example.com';
const MARKETING = 'https://cdn.example.com/marketing/1.4.0/mf-manifest.json';
const page = (title) =>
  `<!doctype html><title>${title}</title><link rel="canonical" href="${SITE_URL_PLACEHOLDER}/about">`;

let dist;
let server;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'site-url-'));
  const write = (file, text) => {
    fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    fs.writeFileSync(path.join(dist, file), text);
  };
  write('index.html', page('shell'));
  write('404.html', page('not found'));
  write(
    'prerendered/about/index.html',
    `${page('about')}<img src="${remoteUrlPlaceholder('marketing')}assets/hero.0123456789.svg" alt="">`,
  );
  write('routes.json', JSON.stringify(['/', '/about']));
  write('sitemap.xml', `<urlset><url><loc>${SITE_URL_PLACEHOLDER}/about</loc></url></urlset>`);
  write('robots.txt', `Sitemap: ${SITE_URL_PLACEHOLDER}/sitemap.xml\n`);
  write('manifest.webmanifest', '{"start_url":"/"}');
  write('.secret.txt', SITE_URL_PLACEHOLDER);
  fs.writeFileSync(path.join(os.tmpdir(), 'outside-site-url.txt'), SITE_URL_PLACEHOLDER);

  const program = `
    import { createStaticApp, listen } from ${JSON.stringify(path.join(repo, 'scripts/lib/static-server.mjs'))};
    const app = createStaticApp({
      root: ${JSON.stringify(dist)},
      kind: 'shell',
      siteUrl: ${JSON.stringify(SITE)},
      scriptOrigins: [${JSON.stringify(MARKETING)}],
      config: () => ({ remotes: { marketing: ${JSON.stringify(MARKETING)} } }),
    });
    const server = await listen(app, 0, '127.0.0.1');
    console.log(server.address().port);
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', program], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    child.stdout.once('data', (chunk) => resolve(Number(chunk.toString())));
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
  server = { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
});
afterAll(() => {
  server?.stop();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (file, headers = {}) => fetch(`${server.url}${file}`, { headers });

it("a route's prerendered page, the shell page and the 404 page are sent with the site's origin", async () => {
  for (const [route, status, title] of [
    ['/about', 200, 'about'],
    ['/', 200, 'shell'],
    ['/nowhere', 404, 'not found'],
  ]) {
    const response = await get(route);
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = await response.text();
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toContain(`href="${SITE}/about"`);
    expect(html).not.toContain(SITE_URL_PLACEHOLDER);
  }
});

it("a prerendered page's pictures come from where config.json puts their remote, which the CSP allows", async () => {
  const response = await get('/about');
  expect(await response.text()).toContain(
    '<img src="https://cdn.example.com/marketing/1.4.0/assets/hero.0123456789.svg" alt="">',
  );
  expect(response.headers.get('content-security-policy')).toContain(
    "img-src 'self' data: https://cdn.example.com",
  );
});

it('sitemap.xml and robots.txt name the site by its origin, with their own content types', async () => {
  const sitemap = await get('/sitemap.xml');
  expect(sitemap.headers.get('content-type')).toMatch(/^application\/xml/);
  expect(await sitemap.text()).toBe(`<urlset><url><loc>${SITE}/about</loc></url></urlset>`);
  const robots = await get('/robots.txt');
  expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
  expect(await robots.text()).toBe(`Sitemap: ${SITE}/sitemap.xml\n`);
});

it('answers a repeated request with 304 when the text has not changed', async () => {
  const first = await get('/sitemap.xml');
  const etag = first.headers.get('etag');
  expect(etag).toBeTruthy();
  // (A conditional fetch() adds `Cache-Control: no-cache`, an end-to-end reload, unless the request has its own.)
  const again = await get('/sitemap.xml', { 'If-None-Match': etag, 'Cache-Control': 'max-age=0' });
  expect(again.status).toBe(304);
});

it('serves the web app manifest with its content type', async () => {
  const manifest = await get('/manifest.webmanifest');
  expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
});

it('sends nothing from outside the folder, nor a dotfile', async () => {
  for (const file of ['/..%2foutside-site-url.txt', '/%2e%2e/outside-site-url.txt', '/.secret.txt']) {
    const response = await get(file);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain(SITE_URL_PLACEHOLDER);
  }
});

/** npm start's runtime config (scripts/lib/apps.mjs) for the environment given, or the error it throws. */
function runtimeConfigFor(env) {
  const program = `
    import { runtimeConfig } from ${JSON.stringify(path.join(repo, 'scripts/lib/apps.mjs'))};
    try {
      console.log(JSON.stringify(runtimeConfig({ supabaseUrl: 'http://localhost:54321', supabaseAnonKey: 'k', env: ${JSON.stringify(env)} })));
    } catch (error) {
      console.log(JSON.stringify({ error: error.message }));
    }
  `;
  const { stdout } = spawnSync(process.execPath, ['--input-type=module', '-e', program], {
    encoding: 'utf8',
  });
  return JSON.parse(stdout);
}

it("npm start's config.json carries SITE_URL, by default the local shell's origin", () => {
  expect(runtimeConfigFor({ SITE_URL: 'https://shop.example.com/' }).siteUrl).toBe(SITE);
  expect(runtimeConfigFor({}).siteUrl).toBe('http://localhost:3000');
  expect(runtimeConfigFor({ SHELL_PORT: '4000' }).siteUrl).toBe('http://localhost:4000');
  expect(runtimeConfigFor({ SITE_URL: 'shop.example.com' }).error).toMatch(
    /SITE_URL must be an http\(s\) URL/,
  );
});

it("npm start's config.json names the CAPTCHA's site key only when TURNSTILE_SITE_KEY is set", () => {
  expect(runtimeConfigFor({ TURNSTILE_SITE_KEY: '0x4AAAAAAA' }).captchaSiteKey).toBe('0x4AAAAAAA');
  expect(runtimeConfigFor({})).not.toHaveProperty('captchaSiteKey');
  expect(runtimeConfigFor({ TURNSTILE_SITE_KEY: '' })).not.toHaveProperty('captchaSiteKey');
});

it("write-site-url.mjs writes the site's origin and each remote's location into a copy for a CDN", () => {
  // A local origin: for any other, the script first refuses the demo company's example details
  // (tools/scripts/company-check.test.js); the substitution is the same.
  const origin = 'http://localhost:4100';
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'write-site-url-'));
  try {
    const file = path.join(folder, 'prerendered', 'index.html');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(
      file,
      `${page('home')}<img src="${remoteUrlPlaceholder('marketing')}assets/hero.0123456789.svg" alt="">`,
    );
    const result = spawnSync(
      process.execPath,
      [path.join(repo, 'scripts', 'write-site-url.mjs'), origin, folder],
      { env: { ...process.env, REMOTE_MARKETING_URL: MARKETING }, encoding: 'utf8' },
    );
    expect(result.status).toBe(0);
    expect(fs.readFileSync(file, 'utf8')).toBe(
      `${page('home').replace(SITE_URL_PLACEHOLDER, origin)}` +
        '<img src="https://cdn.example.com/marketing/1.4.0/assets/hero.0123456789.svg" alt="">',
    );
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
