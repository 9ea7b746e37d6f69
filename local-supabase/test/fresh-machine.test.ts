// A machine that never ran the project (#41): home, caches and Deno's folder empty, and no network for Deno (every
// proxy variable on a closed port, loopback exempt). send-emails must still start, its `npm:` imports coming from
// what `npm install` put in node_modules, and an order's e-mail must reach the inbox. A function that cannot start
// is said once, in one line, and the order's e-mail waits in the outbox until it can.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { mailTo, projectWithFixtures, removeProject, startBackend, type Backend } from './harness';

jest.setTimeout(180_000);

/** A loopback port nothing listens on: a proxy there refuses every connection. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('on a fresh machine with no network for Deno', () => {
  let backend: Backend;
  let dir: string;
  let empty: string;
  let denoJson: string;
  let pinned: string;
  let waiting: string;
  beforeAll(async () => {
    empty = fs.mkdtempSync(path.join(os.tmpdir(), 'ls-fresh-machine-'));
    for (const folder of ['home', 'cache', 'deno']) fs.mkdirSync(path.join(empty, folder));
    const proxy = `http://127.0.0.1:${await closedPort()}`;
    const proxies = ['HTTP_PROXY', 'HTTPS_PROXY', 'ALL_PROXY'].flatMap((name) => [name, name.toLowerCase()]);
    dir = projectWithFixtures('fresh-machine', '');
    // First a send-emails whose deno.json asks for a zod that npm did not install: it cannot start.
    denoJson = path.join(dir, 'functions', 'send-emails', 'deno.json');
    pinned = fs.readFileSync(denoJson, 'utf8');
    fs.writeFileSync(denoJson, pinned.replace(/"npm:zod@[^"]+"/, '"npm:zod@4.0.0"'));
    backend = await startBackend('pglite', {
      SUPABASE_DIR: dir,
      HOME: path.join(empty, 'home'),
      XDG_CACHE_HOME: path.join(empty, 'cache'),
      DENO_DIR: path.join(empty, 'deno'),
      ...Object.fromEntries(proxies.map((name) => [name, proxy])),
      NO_PROXY: '127.0.0.1,localhost,::1',
      no_proxy: '127.0.0.1,localhost,::1',
    });
  });
  afterAll(async () => {
    await backend?.stop();
    removeProject(dir);
    fs.rmSync(empty, { recursive: true, force: true });
  });

  const placeOrder = async () => {
    const { client, email } = await backend.newUser('fresh');
    const placed = await client.rpc('place_order', {
      items: [{ service_id: 'smart-website' }],
      expected_total: 89900,
      // An order with billing details is invoiced, and its confirmation queued with the agency's copy.
      billing: {
        name: 'Ada Lovelace',
        address: 'Example Street 12',
        postal_code: '10115',
        city: 'Berlin',
        country: 'DE',
      },
    });
    expect(placed.error).toBeNull();
    return { client, email };
  };
  const bootLines = () =>
    backend.server
      .output()
      .split('\n')
      .filter((line) => line.includes('cannot start'));

  // The two tests run in this order on one service: the function broken, then mended.
  it('takes the order while send-emails cannot start, and says why once, in one line with the fix', async () => {
    const { client, email } = await placeOrder();
    waiting = email;
    for (let call = 0; call < 3; call++) {
      const { error } = await client.functions.invoke('send-emails');
      expect(error?.context?.status).toBe(503);
    }
    expect(bootLines()).toEqual([
      "Edge Function send-emails cannot start: Could not find a matching package for 'npm:zod@4.0.0' in the node_modules directory (run npm install; deno.json's npm: versions must be the ones package-lock.json installs)",
    ]);
    expect(await mailTo(backend, email)).toEqual([]);
  });

  it("sends the order's e-mail, the one kept in the outbox too, once it can start, with no network", async () => {
    fs.writeFileSync(denoJson, pinned);
    const { client, email } = await placeOrder();
    const { data, error } = await client.functions.invoke('send-emails');
    expect(error).toBeNull();
    // This order's confirmation and the agency's copy, and the same two of the order placed while it was broken.
    expect(data).toEqual({ sent: 4, failed: 0 });
    for (const address of [waiting, email])
      expect((await mailTo(backend, address)).map((message) => message.subject)).toEqual([
        expect.stringMatching(/^Your order #[0-9a-f]{8} and invoice \d{4}-\d{4,}$/),
      ]);
    expect(bootLines()).toHaveLength(1);
  });
});
