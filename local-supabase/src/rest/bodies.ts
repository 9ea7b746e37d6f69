// The request bodies PostgREST reads besides JSON (src/json-body.ts): text, XML and binary as they came (its RawPay,
// for a function of one unnamed parameter: src/rest/media.ts), and HTML forms, which it reads as a JSON object of
// strings (its ProcessedUrlEncoded): a table's columns or a function's arguments. Only /rest takes them; the other
// APIs keep the framework's 415 (text/plain keeps the framework's own parser, a string).
import type { FastifyInstance, FastifyRequest } from 'fastify';

const restOnly =
  (parse: (request: FastifyRequest, body: string | Buffer) => unknown) =>
  (request: FastifyRequest, body: string | Buffer, done: (error: Error | null, body?: unknown) => void) => {
    if (request.routeOptions.config?.api === 'rest') return done(null, parse(request, body));
    const unsupported = { statusCode: 415, code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' };
    done(Object.assign(new Error(`Unsupported Media Type: ${request.headers['content-type']}`), unsupported));
  };

export function addRestBodyParsers(app: FastifyInstance): void {
  app.addContentTypeParser(
    ['text/xml', 'application/octet-stream'],
    { parseAs: 'buffer' },
    restOnly((_request, body) => body),
  );
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    restOnly((request, body) => {
      // The last of a repeated name wins, as PostgREST's map of them.
      const fields = Object.fromEntries(new URLSearchParams(body.toString()));
      request.jsonText = JSON.stringify(fields);
      return fields;
    }),
  );
}
