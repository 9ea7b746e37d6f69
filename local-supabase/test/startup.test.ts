// Binding the port before anything else: a busy port is refused in one line, and a request that arrives while
// the service is still opening its database waits and is answered once it is ready.
import http from 'node:http';
import Fastify from 'fastify';
import { bindPort, StartupError } from '../src/startup';

jest.setTimeout(30_000);

function get(port: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/ping' }, (response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, body }));
      })
      .on('error', reject)
      // A request nobody answers fails the test instead of holding it.
      .setTimeout(10_000, function (this: http.ClientRequest) {
        this.destroy(new Error('no answer within 10 s'));
      });
  });
}

it('answers a request made during the start once the service is ready, on the port bound first', async () => {
  const bound = await bindPort(0, '127.0.0.1');
  let answered = false;
  const early = get(bound.port).then((result) => {
    answered = true;
    return result;
  });
  // The database would be opening now.
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(answered).toBe(false);

  const app = Fastify();
  app.get('/ping', async () => 'pong');
  await bound.serve(app);
  try {
    expect(await early).toEqual({ status: 200, body: 'pong' });
    expect(await get(bound.port)).toEqual({ status: 200, body: 'pong' });
  } finally {
    await app.close();
  }
  // Closed with the app: the port is free again.
  const again = await bindPort(bound.port, '127.0.0.1');
  await again.close();
});

it('refuses a busy port in one line, and frees the port of a start that failed', async () => {
  const first = await bindPort(0, '127.0.0.1');
  const second = bindPort(first.port, '127.0.0.1');
  await expect(second).rejects.toThrow(StartupError);
  await expect(second).rejects.toThrow(
    `port ${first.port} on 127.0.0.1 is already in use (another local-supabase, or another program): stop what uses it, or set PORT to a free port`,
  );
  await first.close();
  const again = await bindPort(first.port, '127.0.0.1');
  await again.close();
});
