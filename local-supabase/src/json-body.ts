// How a JSON request body is read. An empty body is allowed (supabase-js sends one with sign-out); malformed
// JSON is a 400. Nesting is limited: JSON.parse copes with any depth, but JSON.stringify overflows Node's stack
// (a 500) and PostgreSQL's parser its own (PGlite's WebAssembly process dies of it). The text is kept as sent,
// so a write hands PostgreSQL the client's own numbers (1e400, 64-bit integers) as PostgREST does, not what a
// round trip through JavaScript numbers would make of them.
import type { FastifyRequest } from 'fastify';

/** Deeper than any document this API stores; far below what overflows PostgreSQL's or Node's stack. */
export const MAX_JSON_DEPTH = 256;

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's JSON body as sent, when it had one. */
    jsonText?: string;
  }
}

/** The deepest nesting of arrays and objects in JSON text (brackets inside strings do not count). */
function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92 /* \ */) i += 1;
      else if (ch === 34 /* " */) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 91 /* [ */ || ch === 123 /* { */) {
      depth += 1;
      if (depth > deepest) deepest = depth;
    } else if (ch === 93 /* ] */ || ch === 125 /* } */) depth -= 1;
  }
  return deepest;
}

const invalid = (message: string) =>
  Object.assign(new Error(message), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON' });

export function jsonBodyParser(
  request: FastifyRequest,
  body: string | Buffer,
  done: (error: Error | null, body?: unknown) => void,
): void {
  const text = typeof body === 'string' ? body : body.toString('utf8');
  if (text === '') return done(null, undefined);
  if (jsonDepth(text) > MAX_JSON_DEPTH) {
    return done(invalid(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`), undefined);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return done(invalid((error as Error).message), undefined);
  }
  request.jsonText = text;
  done(null, parsed);
}
