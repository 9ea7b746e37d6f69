// The web servers the route table (src/routes.ts) becomes: the API (GoTrue's routes and PostgREST's, each API
// with its own error shapes and hooks) and the local inbox on a port of its own. Every route runs its limits
// (src/limits.ts), then its handler with the service.
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { refuseLargeBody } from './body-limit';
import { sendAuthFailure } from './auth/errors';
import { rateLimitBucket } from './auth/rate-limit';
import { RATE_LIMIT_WINDOWS } from './config/settings';
import { AuthError, sendAuthError } from './errors';
import { jsonBodyParser } from './json-body';
import { checkInboxRequest, inboxNotFound, sendInboxFailure } from './mail/inbox';
import { addRestBodyParsers } from './rest/bodies';
import { applyGucResponse, checkProfile, restNotFound, sendRestFailure } from './rest/errors';
import { ROUTES, type Api, type Route } from './routes';
import type { Service } from './service';

const ALLOWED_HEADERS = [
  'accept',
  'apikey',
  'authorization',
  'content-type',
  'content-profile',
  'accept-profile',
  'prefer',
  'range',
  'x-client-info',
  'x-client-ip',
  'x-supabase-api-version',
  'x-jwt-aud',
];
const EXPOSED_HEADERS = [
  'Content-Range',
  'X-Total-Count',
  'Link',
  'X-Supabase-Api-Version',
  'x-sb-error-code',
  // A 429's wait, which the storefront tells the visitor ("try again in N seconds").
  'Retry-After',
];

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** How each API answers around its handlers: its errors, and what it adds before and after them. */
interface ApiShape {
  prefix: string;
  fail: (error: unknown, request: FastifyRequest, reply: FastifyReply, log: FastifyBaseLogger) => unknown;
  notFound: (request: FastifyRequest, reply: FastifyReply) => unknown;
  preHandler: Hook[];
  onSend: Hook[];
}

const SHAPES: Record<Exclude<Api, 'inbox'>, ApiShape> = {
  auth: {
    prefix: '/auth/v1',
    fail: sendAuthFailure,
    notFound: (_request, reply) =>
      sendAuthError(
        reply.header('X-Supabase-Api-Version', '2024-01-01'),
        new AuthError(404, 'not_found', 'Not Found'),
      ),
    preHandler: [],
    // Every auth response names the API version it speaks, so supabase-js reads `error.code`.
    onSend: [async (_request, reply) => void reply.header('X-Supabase-Api-Version', '2024-01-01')],
  },
  rest: {
    prefix: '/rest/v1',
    fail: sendRestFailure,
    notFound: restNotFound,
    preHandler: [checkProfile],
    onSend: [applyGucResponse],
  },
  // Supabase's gateway in front of the Edge Functions: the function answers; these are the gateway's own words.
  functions: {
    prefix: '/functions/v1',
    fail: (error, request, reply, log) => {
      // A body over the 1 MB limit, as for /rest (the function would never see it): 413, not a crash's 500.
      if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE')
        return refuseLargeBody(request, reply, () =>
          reply
            .status(413)
            .send({ code: 'PAYLOAD_TOO_LARGE', message: 'Request body is larger than the 1 MB limit' }),
        );
      log.error(error);
      return reply.status(500).send({ code: 'INTERNAL_SERVER_ERROR', message: 'Internal Server Error' });
    },
    notFound: (_request, reply) =>
      reply.status(404).send({ code: 'NOT_FOUND', message: 'Requested function was not found' }),
    preHandler: [],
    onSend: [],
  },
};

const ALL_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The API a route belongs to (src/routes.ts). */
    api?: Api;
  }
}

/**
 * Responses sent once the server is closing end their connection. Closing waits for every connection to end, and
 * the keep-alive connection of a request in flight when the close began (the e-mail sweep's own call, a browser's)
 * otherwise stayed open for the keep-alive timeout, 72 s: a stop that seemed to hang.
 */
function endConnectionsWhenClosing(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
}

/** A route of the table on `app`: its API's hooks and limits before the handler. */
function addRoute(app: FastifyInstance, route: Route, service: Service, shape?: ApiShape) {
  const limits: Hook[] = route.limits.flatMap((limit) =>
    limit.check
      ? [(request: FastifyRequest, reply: FastifyReply) => limit.check!(request, reply, service)]
      : [],
  );
  app.route({
    method: route.method === 'ANY' ? ALL_METHODS : route.method,
    url: route.path,
    // An Edge Function answers CORS itself, as on hosted Supabase (@fastify/cors reads a route's `cors`).
    config: { api: route.api, ...(route.api === 'functions' ? { cors: { origin: false } } : {}) },
    preHandler: [...(shape?.preHandler ?? []), ...limits],
    onSend: shape?.onSend ?? [],
    handler: (request, reply) => route.handler(request, reply, service),
  });
}

/** The API: the routes of the enabled APIs ([auth] enabled, [api] enabled), CORS, JSON bodies, rate limits. */
export async function buildApi(
  base: Omit<Service, 'rateLimits'>,
  options: { corsOrigins?: string[]; log?: boolean },
): Promise<{ app: FastifyInstance; service: Service }> {
  const app = Fastify({ logger: options.log ? { level: 'warn' } : false, bodyLimit: 1024 * 1024 });
  endConnectionsWhenClosing(app);
  await app.register(cors, {
    origin: options.corsOrigins?.length ? options.corsOrigins : true,
    allowedHeaders: ALLOWED_HEADERS,
    exposedHeaders: EXPOSED_HEADERS,
    methods: ['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'],
    maxAge: 86400,
  });
  await app.register(rateLimit, { global: false });
  // JSON bodies: depth-limited, and their text kept for the writes that pass it on to PostgreSQL unchanged.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, jsonBodyParser);
  // Text, XML, binary and form bodies, which PostgREST reads too (src/rest/bodies.ts).
  addRestBodyParsers(app);

  // Per IP and config.toml's [auth.rate_limit]: sign-in and sign-up share one bucket, refresh has its own.
  const limits = base.config.auth.rateLimit;
  const service: Service = {
    ...base,
    rateLimits: {
      signInSignUps: rateLimitBucket(app, limits.signInSignUps, RATE_LIMIT_WINDOWS.signInSignUps),
      tokenRefresh: rateLimitBucket(app, limits.tokenRefresh, RATE_LIMIT_WINDOWS.tokenRefresh),
      tokenVerifications: rateLimitBucket(
        app,
        limits.tokenVerifications,
        RATE_LIMIT_WINDOWS.tokenVerifications,
      ),
      mfaChallengeAndVerify: rateLimitBucket(app, base.config.auth.mfa.challengeAndVerifyPerMinute, 60_000),
    },
  };
  const enabled = { auth: service.config.auth.enabled, rest: service.config.api.enabled, functions: true };
  const shapeOf = (request: FastifyRequest): ApiShape | undefined => {
    const api = request.routeOptions.config?.api;
    if (api && api !== 'inbox') return SHAPES[api];
    const path = request.url.split('?')[0]!;
    return Object.values(SHAPES).find((shape) => path.startsWith(`${shape.prefix}/`));
  };
  app.setErrorHandler((error, request, reply) => {
    const shape = shapeOf(request);
    if (shape) return shape.fail(error, request, reply, app.log);
    app.log.error(error);
    return reply.status(500).send({ message: 'Unexpected server error' });
  });
  app.setNotFoundHandler((request, reply) => {
    const shape = shapeOf(request);
    const api = (Object.keys(SHAPES) as (keyof typeof SHAPES)[]).find((key) => SHAPES[key] === shape);
    if (shape && api && enabled[api]) return shape.notFound(request, reply);
    return reply.status(404).send({
      message: `Route ${request.method}:${request.url} not found`,
      error: 'Not Found',
      statusCode: 404,
    });
  });
  for (const route of ROUTES) {
    if (route.api !== 'inbox' && route.api !== 'functions' && enabled[route.api])
      addRoute(app, route, service, SHAPES[route.api]);
  }
  // The Edge Functions take every body as it came, of any type: the function reads it.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    for (const route of ROUTES)
      if (route.api === 'functions') addRoute(scope, route, service, SHAPES.functions);
  });
  return { app, service };
}

/** The local inbox: its routes of the table, only for requests addressed to localhost (src/mail/inbox.ts). */
export function buildInbox(service: Service): FastifyInstance {
  const app = Fastify({ logger: false });
  endConnectionsWhenClosing(app);
  app.addHook('onRequest', checkInboxRequest);
  // The page's "Delete all messages" posts urlencoded with an empty body.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, _b, done) =>
    done(null, undefined),
  );
  app.setErrorHandler((error, request, reply) => sendInboxFailure(error, request, reply));
  app.setNotFoundHandler(inboxNotFound);
  for (const route of ROUTES) if (route.api === 'inbox') addRoute(app, route, service);
  return app;
}
