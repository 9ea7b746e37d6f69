// A body over the 1 MB limit, answered so the client hears the answer.
import type { FastifyReply, FastifyRequest } from 'fastify';

// A body over the limit is refused before it is read. Answering at once and closing, as fastify does, cuts off a
// client still sending: it gets EPIPE instead of the 413. So the rest of the body is read and dropped first (up
// to these bounds) and the answer keeps the connection open.
const DRAIN_MAX_BYTES = 64 * 1024 * 1024;
const DRAIN_MAX_MS = 10_000;

/** Reads and drops what is left of a refused request's body; true when it all arrived within the bounds. */
function drainRequest(request: FastifyRequest): Promise<boolean> {
  const raw = request.raw;
  if (raw.complete) return Promise.resolve(true);
  const declared = Number(raw.headers['content-length']);
  if (declared > DRAIN_MAX_BYTES) return Promise.resolve(false);
  return new Promise((resolve) => {
    let seen = 0;
    const finish = (complete: boolean) => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', onEnd);
      raw.off('error', onError);
      raw.off('close', onError);
      resolve(complete);
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > DRAIN_MAX_BYTES) finish(false);
    };
    const onEnd = () => finish(true);
    const onError = () => finish(false);
    const timer = setTimeout(() => finish(false), DRAIN_MAX_MS);
    raw.on('data', onData);
    raw.once('end', onEnd);
    raw.once('error', onError);
    raw.once('close', onError);
    raw.resume();
  });
}

/** Answers a body over the limit once the client has sent it (see drainRequest), or closes when it never ends. */
export async function refuseLargeBody(
  request: FastifyRequest,
  reply: FastifyReply,
  send: () => FastifyReply,
): Promise<FastifyReply> {
  const drained = await drainRequest(request);
  if (drained) reply.removeHeader('connection');
  else reply.header('connection', 'close');
  return send();
}
