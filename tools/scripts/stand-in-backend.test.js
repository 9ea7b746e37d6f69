// The stand-in backend the tools that load public pages serve a build with (scripts/lib/stand-in-backend.mjs):
// the page's one public read (no promotion runs) is answered, as a browser asks it (with a CORS preflight), and
// anything else fails loudly. It runs in a child Node process, as the scripts run it (an ES module).
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const module_ = path.join(__dirname, '..', '..', 'scripts', 'lib', 'stand-in-backend.mjs');

/** Starts the stand-in, sends each request and returns [status, allowed origin, allowed headers, body]. */
function ask(requests) {
  const program = `
    import { serveStandInBackend } from ${JSON.stringify(module_)};
    const { server, url } = await serveStandInBackend();
    const answers = [];
    for (const [method, pathname, headers] of ${JSON.stringify(requests)}) {
      const response = await fetch(url + pathname, { method, headers });
      answers.push([
        response.status,
        response.headers.get('access-control-allow-origin'),
        response.headers.get('access-control-allow-headers'),
        await response.text(),
      ]);
    }
    server.close();
    console.log(JSON.stringify(answers));
  `;
  const { stdout, stderr } = spawnSync(process.execPath, ['--input-type=module', '-e', program], {
    encoding: 'utf8',
  });
  if (!stdout) throw new Error(stderr);
  return JSON.parse(stdout);
}

it('answers the banner that no promotion runs, to a page on another origin', () => {
  const [preflight, read] = ask([
    [
      'OPTIONS',
      '/rest/v1/promotions?select=id',
      { Origin: 'http://localhost:3000', 'Access-Control-Request-Headers': 'apikey,authorization' },
    ],
    ['GET', '/rest/v1/promotions?select=id,words,offer&limit=1', { apikey: 'k', Authorization: 'Bearer k' }],
  ]);
  expect(preflight[0]).toBe(204);
  expect(preflight[1]).toBe('*');
  expect(preflight[2]).toMatch(/apikey/);
  expect(preflight[2]).toMatch(/authorization/);
  expect(read).toEqual([200, '*', null, '[]']);
});

it('fails any other request, so a new backend read on a public page is seen, not answered with made-up data', () => {
  const [slots, write] = ask([
    ['POST', '/rest/v1/rpc/free_slots', {}],
    ['POST', '/rest/v1/promotions', {}],
  ]);
  expect(slots[0]).toBe(503);
  expect(JSON.parse(slots[3]).message).toMatch(/No backend runs/);
  expect(write[0]).toBe(503);
});
