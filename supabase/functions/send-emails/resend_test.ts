// The provider under Deno (`deno test`, run by local-supabase/test/functions.test.ts): what Resend's answers mean
// for the outbox row (sent, try later, give up), with the request it gets.
import assert from 'node:assert/strict';
import { resend } from './resend.ts';

const EMAIL = { subject: 'Your discount code', text: 'Hello', html: '<p>Hello</p>' };

function providerAnswering(answer: () => Response | Promise<Response>) {
  const requests: Request[] = [];
  const provider = resend({
    apiUrl: 'https://api.resend.test/',
    apiKey: 're_test',
    fetch: (input, init) => {
      requests.push(new Request(input, init));
      return Promise.resolve(answer());
    },
  });
  return {
    send: () => provider.send('Shop <a@shop.example.com>', 'b@example.com', EMAIL, 'key:1'),
    requests,
  };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

Deno.test("posts Resend's request, with the row's key as Idempotency-Key, and takes its id", async () => {
  const { send, requests } = providerAnswering(() => json(200, { id: 'msg_1' }));
  assert.deepEqual(await send(), { ok: true, id: 'msg_1' });
  const request = requests[0]!;
  assert.equal(request.url, 'https://api.resend.test/emails');
  assert.equal(request.headers.get('authorization'), 'Bearer re_test');
  assert.equal(request.headers.get('idempotency-key'), 'key:1');
  assert.deepEqual(await request.json(), {
    from: 'Shop <a@shop.example.com>',
    to: ['b@example.com'],
    subject: 'Your discount code',
    html: '<p>Hello</p>',
    text: 'Hello',
  });
});

Deno.test(
  'a key already used with another body counts as sent: that first request reached Resend',
  async () => {
    const { send } = providerAnswering(() =>
      json(409, { statusCode: 409, name: 'invalid_idempotent_request', message: 'Same key, other body' }),
    );
    assert.deepEqual(await send(), { ok: true, id: 'sent-before' });
  },
);

Deno.test('a refused message is given up; rate limits, outages and no answer are tried later', async () => {
  const refused = providerAnswering(() =>
    json(422, { statusCode: 422, name: 'validation_error', message: 'Invalid `to` field' }),
  );
  assert.deepEqual(await refused.send(), {
    ok: false,
    error: '422 validation_error: Invalid `to` field',
    retryAfterSeconds: null,
    permanent: true,
  });
  const limited = providerAnswering(() =>
    json(429, { name: 'rate_limit_exceeded', message: 'Too many requests' }, { 'Retry-After': '2.5' }),
  );
  assert.deepEqual(await limited.send(), {
    ok: false,
    error: '429 rate_limit_exceeded: Too many requests',
    retryAfterSeconds: 3,
    permanent: false,
  });
  const down = providerAnswering(() => new Response('<html>Bad gateway</html>', { status: 502 }));
  assert.deepEqual(await down.send(), {
    ok: false,
    error: '502: no reason given',
    retryAfterSeconds: null,
    permanent: false,
  });
  const silent = providerAnswering(() => Promise.reject(new TypeError('connection reset')));
  const outcome = await silent.send();
  assert.equal(outcome.ok, false);
  assert.equal(!outcome.ok && outcome.permanent, false);
  assert.match(!outcome.ok ? outcome.error : '', /^no answer from the provider: TypeError: connection reset/);
});
