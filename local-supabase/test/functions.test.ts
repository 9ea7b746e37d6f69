// Edge Functions served at /functions/v1 (src/functions/), and the function itself: supabase/functions/send-emails
// running under Deno, sending what the outbox (private.email_outbox) holds into the local inbox through its
// Resend-shaped API, over the real supabase-js client, on both engines.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { promisify } from 'node:util';
import { orderPayload } from './email-payloads';
import { denoBinary, functionsRuntime } from '../src/functions/runtime';
import { KINDS, mailTo, projectWithFixtures, removeProject, startBackend, type Backend } from './harness';

jest.setTimeout(180_000);

const run = promisify(execFile);

// One statement beside the API, for what no client may do (the private schema): enqueueing, reading the outbox.
// Through a function of the scratch project's fixtures that only the service role may call, on both engines alike:
// PGlite has one owner, and reading its folder beside the API would cost a stop and a start of the service each time.
const FIXTURES = `
create function public.test_sql(statement text) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare result jsonb;
begin
  execute format('select coalesce(jsonb_agg(q), ''[]'') from (%s) q', statement) into result;
  return result;
end $$;
revoke execute on function public.test_sql(text) from public, anon, authenticated;
grant execute on function public.test_sql(text) to service_role;
`;

async function sql<T = Record<string, unknown>>(backend: Backend, statement: string): Promise<T[]> {
  const { data, error } = await backend.service().rpc('test_sql', { statement });
  if (error) throw new Error(`${statement}: ${error.message}`);
  return data as T[];
}

const literal = (value: unknown) => `'${JSON.stringify(value).replaceAll("'", "''")}'`;

/** The statement that queues `emails` as an event would (private.enqueue_email). */
const enqueue = (...emails: { template: string; to: string; payload: object; key: string }[]) =>
  `select count(private.enqueue_email(t, r, p::jsonb, k)) as queued from (values ${emails
    .map((e) => `('${e.template}', '${e.to}', ${literal(e.payload)}, '${e.key}')`)
    .join(', ')}) as v(t, r, p, k)`;

const unique = () => Math.random().toString(36).slice(2, 10);

describe.each(KINDS)('Edge Functions on %s', (kind) => {
  let backend: Backend;
  let dir: string;
  beforeAll(async () => {
    dir = projectWithFixtures('functions', FIXTURES);
    backend = await startBackend(kind, { SUPABASE_DIR: dir });
  });
  afterAll(async () => {
    await backend?.stop();
    removeProject(dir);
  });

  const endpoint = () => `${backend.server.url}/functions/v1/send-emails`;

  it('sends what the database queued through functions.invoke, from the agency, once however often it is called', async () => {
    const to = `buyer-${unique()}@example.com`;
    await sql(
      backend,
      enqueue(
        { template: 'order_confirmation', to, payload: orderPayload(to), key: `order_confirmation:${to}` },
        {
          template: 'newsletter_code',
          to,
          payload: { name: 'Ada', code: 'ADA7K2P9Q' },
          key: `newsletter_code:${to}`,
        },
      ),
    );
    const anon = backend.anon();
    const first = await anon.functions.invoke('send-emails');
    expect(first.error).toBeNull();
    expect(first.data).toEqual({ sent: 2, failed: 0 });
    // Called again (a second tab, a retry): nothing is left to send.
    expect((await anon.functions.invoke('send-emails')).data).toEqual({ sent: 0, failed: 0 });

    const mail = await mailTo(backend, to);
    expect(mail.map((m) => m.subject).sort()).toEqual([
      'Your discount code',
      'Your order 2026-0042 and invoice INV-2026-0042',
    ]);
    const order = mail.find((m) => m.subject.startsWith('Your order'))!;
    expect(order.from).toBe('AI Made Simple <billing@shop.example.com>');
    expect(order.text).toContain('Total: €1,978.20');
    expect(order.text).toContain('Please pay €1,978.20 by bank transfer by December 12, 2026');
    expect(order.links).toEqual([
      'http://localhost:3000/account/orders/6f1c2a9e/invoice',
      'http://localhost:3000/contact',
    ]);
    expect(order.html).toContain('<a href="http://localhost:3000/account/orders/6f1c2a9e/invoice"');
    const rows = await sql<{ sent: boolean; attempts: number }>(
      backend,
      `select sent_at is not null as sent, attempts from private.email_outbox where recipient = '${to}'`,
    );
    expect(rows).toEqual([
      { sent: true, attempts: 1 },
      { sent: true, attempts: 1 },
    ]);
  });

  it('answers its CORS preflight, only POST, and only callers with the project key', async () => {
    const preflight = await fetch(endpoint(), {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:3000',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, apikey, content-type, x-client-info',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('apikey');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');

    const get = await fetch(endpoint(), { headers: { apikey: backend.server.anonKey } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST, OPTIONS');

    for (const headers of [
      {} as Record<string, string>,
      { apikey: 'not-a-key' },
      { Authorization: `Bearer ${backend.server.anonKey}` },
    ]) {
      const refused = await fetch(endpoint(), { method: 'POST', headers });
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({
        code: 'unauthorized',
        message: "Send the project's API key in the apikey header",
      });
    }
    const unknown = await fetch(`${backend.server.url}/functions/v1/no-such-function`, { method: 'POST' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ code: 'NOT_FOUND', message: 'Requested function was not found' });
  });

  it('answers 413 to a body over the limit: the gateway to 5 MB, the function itself to anything but a small one', async () => {
    const headers = { apikey: backend.server.anonKey, 'Content-Type': 'application/json' };
    const huge = await fetch(endpoint(), {
      method: 'POST',
      headers,
      body: JSON.stringify({ pad: 'x'.repeat(5 * 1024 * 1024) }),
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Request body is larger than the 1 MB limit',
    });
    const large = await fetch(endpoint(), {
      method: 'POST',
      headers,
      body: JSON.stringify({ pad: 'x'.repeat(4096) }),
    });
    expect(large.status).toBe(413);
    expect(await large.json()).toEqual({
      code: 'payload_too_large',
      message: 'This function takes no request body',
    });
    // What supabase-js sends still works.
    expect((await backend.anon().functions.invoke('send-emails')).error).toBeNull();
  });

  it('gives up an e-mail whose payload does not fit its template, saying why, and sends the others', async () => {
    const to = `broken-${unique()}@example.com`;
    await sql(
      backend,
      enqueue(
        { template: 'newsletter_code', to, payload: { name: 'Ada' }, key: `broken:${to}` },
        { template: 'no_such_template', to, payload: {}, key: `unknown:${to}` },
        { template: 'newsletter_code', to, payload: { name: 'Ada', code: 'ADAXYZ123' }, key: `fine:${to}` },
      ),
    );
    const { data } = await backend.service().functions.invoke('send-emails');
    expect(data).toEqual({ sent: 1, failed: 2 });
    const rows = await sql<{ key: string; given_up: boolean; last_error: string | null }>(
      backend,
      `select idempotency_key as key, claimed_until is not distinct from 'infinity' as given_up, last_error
       from private.email_outbox where recipient = '${to}' order by id`,
    );
    expect(rows).toEqual([
      { key: `broken:${to}`, given_up: true, last_error: expect.stringContaining('code: ') },
      { key: `unknown:${to}`, given_up: true, last_error: 'unknown template no_such_template' },
      { key: `fine:${to}`, given_up: false, last_error: null },
    ]);
    expect(await mailTo(backend, to)).toHaveLength(1);
  });
});

describe('send-emails under Deno', () => {
  const folder = path.join(__dirname, '..', '..', 'supabase', 'functions', 'send-emails');
  // As the runtime runs it: its `npm:` imports from the repository's node_modules, nothing downloaded.
  const deno = (command: string, ...args: string[]) =>
    run(denoBinary(), [command, '--node-modules-dir=manual', '--config', 'deno.json', ...args], {
      cwd: folder,
      env: { ...process.env, NO_COLOR: '1' },
    });

  it('imports from npm the versions package-lock.json installs, which are what node_modules holds', () => {
    const { imports } = JSON.parse(fs.readFileSync(path.join(folder, 'deno.json'), 'utf8')) as {
      imports: Record<string, string>;
    };
    const lock = JSON.parse(
      fs.readFileSync(path.join(__dirname, '..', '..', 'package-lock.json'), 'utf8'),
    ) as {
      packages: Record<string, { version?: string }>;
    };
    const pinned = Object.values(imports).flatMap((target) => {
      const npm = /^npm:(@?[^@]+)@([^/]+)$/.exec(target);
      return npm ? [[npm[1], npm[2]]] : [];
    });
    expect(pinned.length).toBeGreaterThan(0);
    for (const [name, version] of pinned)
      expect([name, version]).toEqual([name, lock.packages[`node_modules/${name}`]?.version]);
  });

  it('type-checks, as `supabase functions deploy` bundles it', async () => {
    // A type error makes deno exit non-zero, which rejects with its report; a file checked before prints nothing.
    await expect(deno('check', 'index.ts')).resolves.toBeDefined();
  });

  it("passes its own tests (`deno test`: the sender through retries, the provider's answers)", async () => {
    // A failing test makes deno exit non-zero, which rejects with its report.
    // --no-check: the function's own code is type-checked above; its tests' `node:assert` types would need
    // @types/node, which Deno 2.9 looks for only in a node_modules beside deno.json in this mode.
    const { stdout } = await deno('test', '--no-prompt', '--no-check');
    expect(stdout).toMatch(/ok \| \d+ passed \| 0 failed/);
  });
});

describe('a stop with a function call in flight', () => {
  // A function that answers `ms` after the request came, saying on its output that the request came.
  const SLOW = `Deno.serve(async (request) => {
  const ms = Number(new URL(request.url).searchParams.get('ms'));
  console.log('called');
  await new Promise((resolve) => setTimeout(resolve, ms));
  return new Response('done after ' + ms);
});
`;
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ls-functions-stop-'));
    fs.mkdirSync(path.join(dir, 'slow'));
    fs.writeFileSync(path.join(dir, 'slow', 'index.ts'), SLOW);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** A runtime over `dir`, and a call to `slow` that has reached the function. */
  async function callInFlight(ms: number) {
    let reached: () => void;
    const called = new Promise<void>((resolve) => (reached = resolve));
    const runtime = functionsRuntime({
      dir,
      platform: {},
      mailApi: null,
      log: (line) => line.includes('called') && reached(),
    });
    const port = await runtime.portOf('slow');
    const call = runtime.track(async () => (await fetch(`http://127.0.0.1:${port}/slow?ms=${ms}`)).text());
    call.catch(() => undefined);
    await called;
    return { runtime, call };
  }

  it('lets the call finish before the function is killed, so what it was doing is done', async () => {
    const { runtime, call } = await callInFlight(1_500);
    await runtime.stop();
    await expect(call).resolves.toBe('done after 1500');
  });

  it('kills the function once the grace has run out', async () => {
    const { runtime, call } = await callInFlight(60_000);
    const started = performance.now();
    await runtime.stop(500);
    expect(performance.now() - started).toBeLessThan(10_000);
    await expect(call).rejects.toThrow();
  });
});

describe("a function's environment from the machine", () => {
  const NAMES = [
    'DENO_TLS_CA_STORE',
    'DENO_CERT',
    'https_proxy',
    'HTTPS_PROXY',
    'no_proxy',
    'SECRET_OF_SHELL',
  ];
  const ECHO = `Deno.serve(() => Response.json(Object.fromEntries(${JSON.stringify(NAMES)}.map((n) => [n, Deno.env.get(n) ?? null]))));\n`;
  let dir: string;
  const saved = { ...process.env };
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ls-functions-env-'));
    fs.mkdirSync(path.join(dir, 'echo'));
    fs.writeFileSync(path.join(dir, 'echo', 'index.ts'), ECHO);
    // One authority of Node's own store: a file the machine would name for its TLS-inspecting proxy.
    fs.writeFileSync(path.join(dir, 'proxy-ca.pem'), tls.rootCertificates[0]!);
  });
  afterAll(() => {
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
    Object.assign(process.env, saved);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('trusts what the machine trusts (its store, NODE_EXTRA_CA_CERTS) and takes its proxies, but nothing else', async () => {
    for (const name of ['DENO_TLS_CA_STORE', 'DENO_CERT', 'HTTPS_PROXY']) delete process.env[name];
    Object.assign(process.env, {
      NODE_EXTRA_CA_CERTS: path.join(dir, 'proxy-ca.pem'),
      https_proxy: 'http://proxy.example:3128',
      no_proxy: '127.0.0.1,localhost',
      SECRET_OF_SHELL: 'not for functions',
    });
    const runtime = functionsRuntime({ dir, platform: {}, mailApi: null, log: () => undefined });
    try {
      const port = await runtime.portOf('echo');
      expect(await (await fetch(`http://127.0.0.1:${port}/echo`)).json()).toEqual({
        DENO_TLS_CA_STORE: 'mozilla,system',
        DENO_CERT: path.join(dir, 'proxy-ca.pem'),
        https_proxy: 'http://proxy.example:3128',
        HTTPS_PROXY: null,
        no_proxy: '127.0.0.1,localhost',
        SECRET_OF_SHELL: null,
      });
    } finally {
      await runtime.stop();
    }
  });
});
