// /functions/v1/<name>[/<path>]: every method, passed to the function's own server (src/functions/runtime.ts) as
// Supabase's gateway passes it: the function sees /<name>[/<path>] with the query, the request's headers and body
// as they came, and answers everything itself, its CORS preflight included (src/app.ts turns this service's CORS
// off for these routes). The gateway's own answers: 404 NOT_FOUND for a name with no function, 503 BOOT_ERROR
// when it cannot start.
import type { Handler } from '../service';
import { FunctionBootError } from './runtime';

// Headers that belong to one hop, never forwarded (RFC 9110 section 7.6.1), and the ones fetch sets itself.
const HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'host',
  'content-length',
]);

export const invokeFunction: Handler = async (request, reply, { functions }) => {
  const name = (request.params as { '*': string })['*'].split('/')[0]!;
  let port: number | null;
  try {
    port = await functions.portOf(name);
  } catch (error) {
    // The runtime has said why, once (src/functions/runtime.ts).
    if (!(error instanceof FunctionBootError)) throw error;
    return reply
      .status(503)
      .send({ code: 'BOOT_ERROR', message: 'Function failed to start (please check logs)' });
  }
  if (port === null)
    return reply.status(404).send({ code: 'NOT_FOUND', message: 'Requested function was not found' });

  const target = `http://127.0.0.1:${port}${request.url.replace(/^\/functions\/v1/, '')}`;
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (HOP.has(key) || value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(key, one);
  }
  const body = request.body as Buffer | undefined;
  let response: Response;
  let answer: Buffer;
  try {
    // Tracked, so a stop lets the call finish before the function is killed (src/functions/runtime.ts).
    [response, answer] = await functions.track(async () => {
      const sent = await fetch(target, {
        method: request.method,
        headers,
        body:
          body && body.length && request.method !== 'GET' && request.method !== 'HEAD'
            ? new Uint8Array(body)
            : undefined,
        redirect: 'manual',
      });
      return [sent, Buffer.from(await sent.arrayBuffer())] as const;
    });
  } catch (error) {
    request.log.warn(`function ${name}: ${(error as Error).message}`);
    return reply
      .status(503)
      .send({ code: 'BOOT_ERROR', message: 'Function failed to start (please check logs)' });
  }
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (!HOP.has(key) && key !== 'content-encoding') reply.header(key, value);
  });
  return reply.send(answer);
};
