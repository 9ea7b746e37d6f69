// PostgREST's HTTP API over the database: table reads and writes and RPC, each request one transaction run as
// the role of its JWT (anon, authenticated or service_role) with the claims set, so PostgreSQL's own grants and
// row-level security decide what it may do, exactly as with hosted Supabase.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import { inlineParams, literal } from '../db/literals';
import { connectionProblem, fromPgError, refuseLargeBody, RestError, sendRestError } from '../errors';
import { bearerToken, verifyJwt, type Claims } from '../keys';
import { parseQuery } from './query';
import { quoteIdent, type SchemaCache } from './schema-cache';

export interface RestOptions {
  db: Database;
  secret: string;
  cache: SchemaCache;
  maxRows: number;
}

const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

function claimsOf(request: FastifyRequest, secret: string): Claims {
  const token = bearerToken(request.headers);
  if (!token) return { role: 'anon' };
  const verified = verifyJwt(secret, token);
  if (!verified.ok) {
    throw verified.reason === 'expired'
      ? new RestError(401, 'PGRST303', 'JWT expired')
      : new RestError(401, 'PGRST301', 'JWSError JWSInvalidSignature');
  }
  if (!API_ROLES.has(verified.claims.role)) {
    throw new RestError(401, 'PGRST303', `role "${verified.claims.role}" does not exist`);
  }
  return verified.claims;
}

function preferences(request: FastifyRequest) {
  const prefer = String(request.headers.prefer ?? '');
  return {
    representation: /return=representation/.test(prefer),
    count: /count=exact/.test(prefer),
    single: String(request.headers.accept ?? '').includes('application/vnd.pgrst.object+json'),
  };
}

interface Statement {
  sql: string;
  params?: readonly unknown[];
}

/**
 * Runs `statements` in one transaction as the request's role, with its claims visible to auth.uid() and friends,
 * sent as one script (one round trip); returns the `body` column of each statement's first row.
 */
async function asRole(
  db: Database,
  claims: Claims,
  readOnly: boolean,
  statements: Statement[],
): Promise<unknown[]> {
  try {
    const setup = [
      ...(readOnly ? ['set transaction read only'] : []),
      // request.jwt.claim.sub too, for policies written against the older per-claim settings.
      `select set_config('role', ${literal(claims.role)}, true),
              set_config('request.jwt.claims', ${literal(JSON.stringify(claims))}, true),
              set_config('request.jwt.claim.sub', ${literal(claims.sub ?? '')}, true)`,
    ];
    const script = [...setup, ...statements.map((s) => inlineParams(s.sql, s.params ?? []))].join(';\n');
    const results = await db.exec(script);
    return results.slice(setup.length).map((r) => r.rows[0]?.body);
  } catch (error) {
    throw error instanceof RestError ? error : fromPgError(error, claims.role);
  }
}

function rowsOf(body: unknown): Record<string, unknown>[] {
  const rows = Array.isArray(body) ? body : [body];
  if (
    body === null ||
    body === undefined ||
    rows.some((r) => typeof r !== 'object' || r === null || Array.isArray(r))
  ) {
    throw new RestError(400, 'PGRST102', 'Empty or invalid json');
  }
  return rows as Record<string, unknown>[];
}

/** A read's answer, with PostgREST's Content-Range (`first-last/total`, total `*` unless counted). */
function sendRows(
  reply: FastifyReply,
  rows: unknown[],
  single: boolean,
  status = 200,
  total?: number,
  offset = 0,
) {
  const range = rows.length ? `${offset}-${offset + rows.length - 1}` : '*';
  reply.header('Content-Range', `${range}/${total ?? '*'}`);
  if (single) {
    if (rows.length !== 1) {
      throw new RestError(
        406,
        'PGRST116',
        'JSON object requested, multiple (or no) rows returned',
        `The result contains ${rows.length} rows`,
      );
    }
    return reply.status(status).type('application/vnd.pgrst.object+json; charset=utf-8').send(rows[0]);
  }
  // A counted read that returns only part of the rows is a partial answer, as in PostgREST.
  const partial = status === 200 && total !== undefined && rows.length < total;
  return reply.status(partial ? 206 : status).send(rows);
}

export async function restRoutes(app: FastifyInstance, options: RestOptions): Promise<void> {
  const { db, secret, cache, maxRows } = options;

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof RestError) return sendRestError(reply, error);
    const code = (error as { code?: string }).code;
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return refuseLargeBody(request, reply, () =>
        sendRestError(reply, new RestError(413, 'PGRST413', 'Request body is larger than the 1 MB limit')),
      );
    }
    if (code?.startsWith('FST_ERR_CTP') || (error as { statusCode?: number }).statusCode === 400) {
      return sendRestError(
        reply,
        new RestError(400, 'PGRST102', 'Empty or invalid json', (error as Error).message),
      );
    }
    if (connectionProblem(error)) return sendRestError(reply, fromPgError(error, 'anon'));
    app.log.error(error);
    return sendRestError(reply, new RestError(500, 'PGRSTX00', 'Unexpected server error'));
  });

  // PostgREST answers an unknown path with its own shape, not the web framework's.
  app.setNotFoundHandler((request, reply) =>
    sendRestError(
      reply,
      new RestError(404, 'PGRST125', `Invalid path specified in request URL`, request.url),
    ),
  );

  // Only `public` is exposed, as in config.toml's api.schemas; supabase-js names it in these headers.
  app.addHook('preHandler', async (request) => {
    const header =
      request.method === 'GET' || request.method === 'HEAD' ? 'accept-profile' : 'content-profile';
    const profile = request.headers[header];
    if (profile !== undefined && profile !== 'public') {
      throw new RestError(406, 'PGRST106', 'The schema must be one of the following: public');
    }
  });

  const search = (request: FastifyRequest) => new URL(request.raw.url ?? '/', 'http://local').searchParams;

  app.get('/:table', async (request: FastifyRequest<{ Params: { table: string } }>, reply) => {
    const { table } = request.params;
    const claims = claimsOf(request, secret);
    const q = parseQuery(search(request), table, cache);
    const prefs = preferences(request);
    // Supabase caps every read at max_rows, whatever limit the client asks for.
    const limit = Math.min(q.limit ?? maxRows, maxRows);
    const offset = q.offset ?? 0;
    const from = `public.${quoteIdent(table)} ${q.where}`;
    const [rows, count] = await asRole(db, claims, true, [
      {
        sql: `select coalesce(json_agg(_r), '[]'::json) as body from (select ${q.select} from ${from} ${q.orderBy} limit ${limit} offset ${offset}) _r`,
        params: q.params,
      },
      ...(prefs.count ? [{ sql: `select count(*) as body from ${from}`, params: q.params }] : []),
    ]);
    const total = count === undefined ? undefined : Number(count);
    return sendRows(reply, rows as unknown[], prefs.single, 200, total, offset);
  });

  app.post('/:table', async (request: FastifyRequest<{ Params: { table: string } }>, reply) => {
    const { table } = request.params;
    const claims = claimsOf(request, secret);
    const rows = rowsOf(request.body);
    const listed = search(request).get('columns');
    const columns = listed
      ? listed.split(',').map((c) => cache.bodyColumn(table, c.replace(/"/g, '').trim()))
      : [...new Set(rows.flatMap((r) => Object.keys(r)))].map((c) => cache.bodyColumn(table, c));
    const prefs = preferences(request);
    const target = `public.${quoteIdent(table)}`;
    // An empty array inserts nothing, as in PostgREST (`default values` would have inserted a row).
    if (rows.length === 0) {
      cache.columns(table);
      return prefs.representation ? sendRows(reply, [], prefs.single, 201) : reply.status(201).send();
    }
    const cols = columns.map(quoteIdent).join(', ');
    // Objects with no keys insert rows of defaults, one per object.
    const insert = columns.length
      ? `insert into ${target} (${cols}) select ${cols} from json_populate_recordset(null::${target}, $1::json)`
      : `insert into ${target} select from json_array_elements($1::json)`;
    // The body's own text, so PostgreSQL reads the numbers the client wrote (see src/json-body.ts).
    const params = [Array.isArray(request.body) ? request.jsonText : `[${request.jsonText}]`];
    const [result] = await asRole(db, claims, false, [
      prefs.representation
        ? {
            sql: `with _w as (${insert} returning *) select coalesce(json_agg(_w), '[]'::json) as body from _w`,
            params,
          }
        : { sql: insert, params },
    ]);
    return prefs.representation
      ? sendRows(reply, result as unknown[], prefs.single, 201)
      : reply.status(201).send();
  });

  app.patch('/:table', async (request: FastifyRequest<{ Params: { table: string } }>, reply) => {
    const { table } = request.params;
    const claims = claimsOf(request, secret);
    const [row] = rowsOf(request.body);
    if (Array.isArray(request.body)) throw new RestError(400, 'PGRST102', 'Empty or invalid json');
    const columns = Object.keys(row!).map((c) => cache.bodyColumn(table, c));
    const q = parseQuery(search(request), table, cache, 2);
    const prefs = preferences(request);
    const target = `public.${quoteIdent(table)}`;
    if (columns.length === 0) return reply.status(204).send();
    const cols = columns.map(quoteIdent).join(', ');
    const update = `update ${target} set (${cols}) = (select ${cols} from json_populate_record(null::${target}, $1::json)) ${q.where}`;
    const [result] = await asRole(db, claims, false, [
      {
        sql: `with _w as (${update} returning *) select coalesce(json_agg(_w), '[]'::json) as body from _w`,
        params: [request.jsonText, ...q.params],
      },
    ]);
    return prefs.representation
      ? sendRows(reply, result as unknown[], prefs.single)
      : reply.status(204).send();
  });

  app.delete('/:table', async (request: FastifyRequest<{ Params: { table: string } }>, reply) => {
    const { table } = request.params;
    const claims = claimsOf(request, secret);
    const q = parseQuery(search(request), table, cache);
    const prefs = preferences(request);
    const [result] = await asRole(db, claims, false, [
      {
        sql: `with _w as (delete from public.${quoteIdent(table)} ${q.where} returning *) select coalesce(json_agg(_w), '[]'::json) as body from _w`,
        params: q.params,
      },
    ]);
    return prefs.representation
      ? sendRows(reply, result as unknown[], prefs.single)
      : reply.status(204).send();
  });

  /**
   * Calls a function with named arguments, as PostgREST's /rpc does; GET calls run read-only. A POST's arguments
   * are read by PostgreSQL from the body's own text (json_to_record with the arguments' types, as PostgREST
   * does), a GET's from the query string as text literals.
   */
  async function rpc(
    request: FastifyRequest,
    reply: FastifyReply,
    fn: string,
    names: string[],
    args: { json: string } | { values: string[] },
  ) {
    const claims = claimsOf(request, secret);
    const readOnly = request.method === 'GET' || request.method === 'HEAD';
    const info = cache.fn(fn, names);
    const fromBody = 'json' in args && names.length > 0;
    const argument = (name: string, i: number) =>
      `${quoteIdent(name)} => ${fromBody ? `_args.${quoteIdent(name)}` : `$${i + 1}`}`;
    const call = `public.${quoteIdent(info.name)}(${names.map(argument).join(', ')})`;
    // One row holding the arguments, typed as the function declares them.
    const source = fromBody
      ? `json_to_record($1::json) as _args(${names.map((n) => `${quoteIdent(n)} ${info.argTypes[n]}`).join(', ')})`
      : null;
    const params = 'json' in args ? (fromBody ? [args.json] : []) : args.values;
    const sql =
      info.returnType === 'void'
        ? `select ${call}${source ? ` from ${source}` : ''}`
        : info.returnsSet
          ? `select coalesce(json_agg(_r), '[]'::json) as body from ${source ? `${source} cross join lateral ` : ''}${call} _r`
          : `select to_json(${call}) as body${source ? ` from ${source}` : ''}`;
    const [result] = await asRole(db, claims, readOnly, [{ sql, params }]);
    if (info.returnType === 'void') return reply.status(204).send();
    return reply.status(200).type('application/json; charset=utf-8').send(JSON.stringify(result));
  }

  app.post('/rpc/:fn', async (request: FastifyRequest<{ Params: { fn: string } }>, reply) => {
    const body = request.body ?? {};
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw new RestError(400, 'PGRST102', 'Empty or invalid json');
    return rpc(request, reply, request.params.fn, Object.keys(body), { json: request.jsonText ?? '{}' });
  });

  app.get('/rpc/:fn', async (request: FastifyRequest<{ Params: { fn: string } }>, reply) => {
    const entries = [...search(request).entries()];
    return rpc(
      request,
      reply,
      request.params.fn,
      entries.map(([name]) => name),
      { values: entries.map(([, value]) => value) },
    );
  });
}
