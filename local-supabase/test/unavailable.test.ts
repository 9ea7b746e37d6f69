// The database going away under a running service (DATABASE_URL mode): PostgREST's 503 without the server's
// address in any message, nothing half-done, and recovery on its own when the server is back. The service
// reaches PostgreSQL through a TCP relay the test can stop and start, as if the server were stopped and started.
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { DEMO, raw, startBackend, type Backend } from './harness';

jest.setTimeout(90_000);

/**
 * A relay on a fixed local port to PostgreSQL: stop() refuses new connections and cuts the open ones; silent()
 * cuts the open ones and lets new ones connect to nothing that ever answers (a network gone, not a refusal).
 */
async function relayTo(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  let silent = false;
  const cut = () => {
    for (const socket of sockets) socket.destroy();
  };
  const start = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer((client) => {
        sockets.add(client);
        client.on('close', () => sockets.delete(client));
        client.on('error', () => undefined);
        if (silent) return;
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  await start();
  return {
    port: () => port,
    start,
    stop: () =>
      new Promise<void>((resolve) => {
        cut();
        server!.close(() => resolve());
      }),
    silent: (on: boolean) => {
      silent = on;
      if (on) cut();
    },
  };
}

describe('the database unreachable (DATABASE_URL)', () => {
  const admin = new URL(process.env.TEST_DATABASE_URL!);
  const name = `ls_test_down_${randomBytes(6).toString('hex')}`;
  let relay: Awaited<ReturnType<typeof relayTo>>;
  let backend: Backend;

  const adminQuery = async (sql: string) => {
    const client = new Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await adminQuery(`create database ${name}`);
    relay = await relayTo(admin);
    const url = new URL(admin);
    url.hostname = '127.0.0.1';
    url.port = String(relay.port());
    url.pathname = `/${name}`;
    backend = await startBackend('postgres', { DATABASE_URL: url.toString(), PG_CONNECT_TIMEOUT: '3' });
  });
  afterAll(async () => {
    await backend?.stop();
    await relay?.stop();
    await adminQuery(`drop database if exists ${name} with (force)`);
  });

  // PostgREST's two answers for a database it cannot use: PGRST000 when a connection cannot be made, PGRST001
  // when one breaks under a request (a pooled connection the relay cut just before the request took it).
  const UNAVAILABLE = {
    PGRST000: 'Database connection error.',
    PGRST001: 'Database client error. Retrying the connection.',
  } as Record<string, string>;
  const expectUnavailable = (error: { code: string; message: string } | null) => {
    expect(error).not.toBeNull();
    expect(UNAVAILABLE[error!.code]).toBe(error!.message);
  };

  /** No message of an answer may name where the database is. */
  const expectNoAddress = (body: unknown) => {
    const text = JSON.stringify(body);
    for (const leak of [String(relay.port()), '127.0.0.1', 'localhost', admin.hostname, 'ECONNREFUSED']) {
      expect(text).not.toContain(leak);
    }
  };

  it('answers 503 in PostgREST’s and GoTrue’s shapes while it is down, and recovers by itself', async () => {
    const { client: user } = await backend.newUser('down');
    expect((await backend.anon().from('services').select('id')).status).toBe(200);

    await relay.stop();

    // supabase-js retries a 503 read three times (1, 2 and 4 s); one answer is what is checked here.
    const read = await backend.anon().from('services').select('id').retry(false);
    expect(read.status).toBe(503);
    expectUnavailable(read.error);
    expect(Object.keys(read.error!).sort()).toEqual(['code', 'details', 'hint', 'message']);
    expectNoAddress(read.error);

    const write = await raw(backend, 'POST', '/rest/v1/contact_messages', {
      name: 'Ada',
      email: 'down@example.com',
      message: 'Written while the database was down',
    });
    expect(write.status).toBe(503);
    expectNoAddress(write.json);

    const rpc = await user.rpc('replace_cart', {
      items: [{ service_id: 'smart-website', service_title: 'Smart Website', service_price: 899 }],
    });
    expect(rpc.status).toBe(503);
    expectNoAddress(rpc.error);

    const signIn = await backend.anon().auth.signInWithPassword(DEMO);
    expect(signIn.error).toMatchObject({ status: 503 });
    const signInRaw = await raw(backend, 'POST', '/auth/v1/token?grant_type=password', DEMO);
    expect(signInRaw).toMatchObject({ status: 503, json: { code: 'unexpected_failure' } });
    expectNoAddress(signInRaw.json);

    await relay.start();

    // The very next requests succeed: nothing to restart.
    expect((await backend.anon().from('services').select('id')).status).toBe(200);
    expect((await backend.anon().auth.signInWithPassword(DEMO)).error).toBeNull();
    // What was refused while it was down was not stored.
    const stored = await backend
      .service()
      .from('contact_messages')
      .select('id')
      .eq('email', 'down@example.com');
    expect(stored.data).toEqual([]);
    const cart = await user.from('cart_items').select('id');
    expect(cart.data).toEqual([]);
  });

  it('a connection that breaks in the middle of requests is a 503 too, then the pool reconnects', async () => {
    expect((await backend.anon().from('services').select('id')).status).toBe(200);
    // Cut the service's open connections without refusing new ones (a server restart, a dropped network).
    await relay.stop();
    await relay.start();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => backend.anon().from('services').select('id').retry(false)),
    );
    for (const answer of answers) {
      expect([200, 503]).toContain(answer.status);
      if (answer.status === 503) expectNoAddress(answer.error);
    }
    expect((await backend.anon().from('services').select('id')).status).toBe(200);
  });

  it('a server that stops answering (not refusing) is a 503 after PG_CONNECT_TIMEOUT, not a request held forever', async () => {
    relay.silent(true);
    const started = Date.now();
    const read = await backend.anon().from('services').select('id').retry(false);
    expect(read.status).toBe(503);
    expectUnavailable(read.error);
    expectNoAddress(read.error);
    expect(Date.now() - started).toBeLessThan(10_000);
    relay.silent(false);
    expect((await backend.anon().from('services').select('id')).status).toBe(200);
  });
});
