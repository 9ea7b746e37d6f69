// The HTTP contract of send-emails. verify_jwt is off (supabase/config.toml), as Supabase advises for its new API
// keys, so the function checks its caller itself, by the `apikey` header supabase-js and the sweep send:
// - a client (the project's anon or publishable key: the browser after an order or a booking) gets one claim of
//   a few due e-mails. It sends only what the database queued, never anything from the request, so a client that
//   calls it in a loop costs one claim query per call and sends nothing twice;
// - the sweep (the service role or a secret key: the scheduled job) drains the queue for up to 60 seconds;
// - anyone else: 401.
// It answers the browser's CORS preflight, and only POST otherwise; a request body over 1 KB gets 413 (it reads none).

export type Caller = 'client' | 'sweep';

export interface Keys {
  client: string[];
  sweep: string[];
}

export interface Summary {
  sent: number;
  failed: number;
}

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type, x-region',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Max-Age': '86400',
};

/** supabase-js sends `{}` or nothing; anything much larger is not a call of this function. */
const MAX_BODY_BYTES = 1024;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { ...CORS, 'Content-Type': 'application/json', ...headers },
  });

/** Compares without an early exit, so the time taken tells nothing about how much of a key was right. */
function sameKey(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  let difference = x.length ^ y.length;
  for (let i = 0; i < Math.max(x.length, y.length); i += 1) difference |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return difference === 0;
}

export function callerOf(request: Request, keys: Keys): Caller | null {
  const key = request.headers.get('apikey');
  if (!key) return null;
  // Both lists are checked in full either way.
  const sweep = keys.sweep.filter((known) => sameKey(known, key)).length > 0;
  const client = keys.client.filter((known) => sameKey(known, key)).length > 0;
  return sweep ? 'sweep' : client ? 'client' : null;
}

export function createHandler(options: {
  keys: Keys;
  /** What is missing for sending (a secret not set), or null. */
  misconfigured: string | null;
  run: (caller: Caller) => Promise<Summary>;
  log?: (message: string) => void;
}): (request: Request) => Promise<Response> {
  const log = options.log ?? console.error;
  return async (request) => {
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS });
    if (request.method !== 'POST')
      return json(405, { code: 'method_not_allowed', message: 'Use POST' }, { Allow: 'POST, OPTIONS' });
    // It reads no body: a caller that sends a large one (5 MB was tried) is told so at once, before the key check.
    if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) {
      // Read and dropped first (the gateway bounds it): answered unread, the caller saw its connection cut.
      await request.arrayBuffer().catch(() => undefined);
      return json(413, { code: 'payload_too_large', message: 'This function takes no request body' });
    }
    const caller = callerOf(request, options.keys);
    if (!caller)
      return json(401, { code: 'unauthorized', message: "Send the project's API key in the apikey header" });
    if (options.misconfigured) {
      log(`send-emails: ${options.misconfigured}`);
      return json(500, { code: 'not_configured', message: 'Sending e-mail is not set up yet' });
    }
    try {
      return json(200, await options.run(caller));
    } catch (error) {
      // The outbox is unreachable: every queued e-mail stays queued for the next run.
      log(`send-emails: ${error instanceof Error ? error.message : String(error)}`);
      return json(503, { code: 'unavailable', message: 'E-mails are sent later' });
    }
  };
}
