// PostgREST's HTTP API over the database: table reads and writes and RPC, each request one transaction run as
// the role of its JWT (anon, authenticated or service_role) with the claims set, so PostgreSQL's own grants and
// row-level security decide what it may do, exactly as with hosted Supabase.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import { inlineParams, literal } from '../db/literals';
import { connectionProblem, fromPgError, refuseLargeBody, RestError, sendRestError } from '../errors';
import { bearerToken, verifyJwt, type Claims } from '../keys';
import { checkColumn, parseQuery, RESERVED_PARAMS, type ParsedQuery, type Relation } from './query';
import { quoteIdent, type SchemaCache } from './schema-cache';

export interface RestOptions {
  db: Database;
  secret: string;
  cache: SchemaCache;
  maxRows: number;
}

const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

/** The text a `.single()` write's guard casts to an integer when the row count is not one. */
const SINGLE_GUARD = 'pgrst116 rows ';

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

const COUNTS = new Set(['exact', 'planned', 'estimated']);
const RESOLUTIONS = new Set(['merge-duplicates', 'ignore-duplicates']);

/** The Prefer header's values (several headers, or one with commas); what this service cannot honour is ignored, as PostgREST's lenient handling does. */
function preferences(request: FastifyRequest) {
  const header = request.headers.prefer;
  const items = (Array.isArray(header) ? header.join(',') : String(header ?? ''))
    .split(',')
    .map((item) => item.trim());
  const value = (key: string) =>
    items.find((item) => item.startsWith(`${key}=`))?.slice(key.length + 1) ?? undefined;
  const resolution = value('resolution');
  return {
    representation: value('return') === 'representation',
    // planned and estimated are answered with the exact count (a small database; PostgREST counts exactly too
    // below its estimate threshold).
    count: COUNTS.has(value('count') ?? ''),
    resolution: resolution && RESOLUTIONS.has(resolution) ? resolution : undefined,
    single: String(request.headers.accept ?? '').includes('application/vnd.pgrst.object+json'),
  };
}

interface Statement {
  sql: string;
  params?: readonly unknown[];
}

/**
 * Runs `statements` in one transaction as the request's role, with its claims visible to auth.uid() and friends,
 * sent as one script (one round trip); returns each statement's first row.
 */
async function asRole(
  db: Database,
  claims: Claims,
  readOnly: boolean,
  statements: Statement[],
): Promise<(Record<string, unknown> | undefined)[]> {
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
    return results.slice(setup.length).map((r) => r.rows[0]);
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

/** PostgREST's Content-Range: `first-last/total`, `*` for no rows, total `*` unless counted. */
function contentRange(first: number, count: number, total: number | undefined): string {
  const range = count > 0 ? `${first}-${first + count - 1}` : '*';
  return `${range}/${total ?? '*'}`;
}

/** `.single()` on a result that is not exactly one row (PostgREST's wording). */
function notSingle(rows: number): RestError {
  return new RestError(
    406,
    'PGRST116',
    'Cannot coerce the result to a single JSON object',
    `The result contains ${rows} rows`,
  );
}

/** Rows as PostgREST answers them: an array, or with `.single()` the one row as an object. */
function sendRows(reply: FastifyReply, rows: unknown[], single: boolean, status: number) {
  if (single) {
    if (rows.length !== 1) throw notSingle(rows.length);
    return reply.status(status).type('application/vnd.pgrst.object+json; charset=utf-8').send(rows[0]);
  }
  return reply.status(status).send(rows);
}

const json = (sql: string) => `coalesce((select json_agg(_r) from (${sql}) _r), '[]'::json)`;

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

  const tableRelation = (table: string): Relation => ({ name: table, columns: cache.columns(table), table });

  /** A read of a table: rows, the count when asked, and PostgREST's 206 for a counted partial answer. */
  app.get('/:table', async (request: FastifyRequest<{ Params: { table: string } }>, reply) => {
    const { table } = request.params;
    const claims = claimsOf(request, secret);
    const q = parseQuery(search(request), tableRelation(table), 1, new Set(), cache);
    const prefs = preferences(request);
    // Supabase caps every read at max_rows, whatever limit the client asks for.
    const limit = Math.min(q.limit ?? maxRows, maxRows);
    const offset = q.offset ?? 0;
    const from = `public.${quoteIdent(table)} _t0 ${q.where}`;
    const [rows, count] = await asRole(db, claims, true, [
      {
        sql: `select ${json(`select ${q.select} from ${from} ${q.orderBy} limit ${limit} offset ${offset}`)} as body`,
        params: q.params,
      },
      ...(prefs.count ? [{ sql: `select count(*) as body from ${from}`, params: q.params }] : []),
    ]);
    const body = rows!.body as unknown[];
    const total = count === undefined ? undefined : Number(count.body);
    reply.header('Content-Range', contentRange(offset, body.length, total));
    const partial = total !== undefined && body.length < total && !prefs.single;
    return sendRows(reply, body, prefs.single, partial ? 206 : 200);
  });

  /**
   * Runs a write (`insert ...`, `update ...`, `delete ...`) and answers as PostgREST: the affected rows shaped by
   * `select=` with return=representation, their number in Content-Range (counted with count=exact).
   */
  async function write(
    request: FastifyRequest,
    reply: FastifyReply,
    statement: Statement,
    q: ParsedQuery,
    status: number,
    extraHeaders: Record<string, string> = {},
  ) {
    const claims = claimsOf(request, secret);
    const prefs = preferences(request);
    const body = prefs.representation ? json(`select ${q.select} from _w`) : 'null::json';
    // With `.single()` a write that touches other than one row fails inside the transaction, so it is rolled
    // back as in PostgREST; the failing cast carries the row count out.
    const guard = prefs.single
      ? `, case when (select count(*) from _w) = 1 then 0 else ('${SINGLE_GUARD}' || (select count(*) from _w))::int end as guard`
      : '';
    const [result] = await asRole(db, claims, false, [
      {
        // Without return=representation nothing is read back (RETURNING 1 needs no SELECT grant or policy).
        sql: `with _w as (${statement.sql} returning ${prefs.representation ? '*' : '1'}) select ${body} as body, (select count(*) from _w) as total${guard}`,
        params: statement.params,
      },
    ]).catch((error: unknown) => {
      const rows =
        error instanceof RestError ? new RegExp(`"${SINGLE_GUARD}(\\d+)"`).exec(error.message) : null;
      throw rows ? notSingle(Number(rows[1])) : error;
    });
    const affected = Number(result!.total);
    reply.header(
      'Content-Range',
      request.method === 'POST'
        ? `*/${prefs.count ? affected : '*'}`
        : contentRange(0, affected, prefs.count ? affected : undefined),
    );
    for (const [name, value] of Object.entries(extraHeaders)) reply.header(name, value);
    if (!prefs.representation) return reply.status(status === 201 ? 201 : 204).send();
    return sendRows(reply, result!.body as unknown[], prefs.single, status === 201 ? 201 : 200);
  }

  app.post('/:table', async (request: FastifyRequest<{ Params: { table: string } }>, reply) => {
    const { table } = request.params;
    claimsOf(request, secret);
    const rows = rowsOf(request.body);
    const params = search(request);
    const listed = params.get('columns');
    const columns = listed
      ? listed.split(',').map((c) => cache.bodyColumn(table, c.replace(/"/g, '').trim()))
      : [...new Set(rows.flatMap((r) => Object.keys(r)))].map((c) => cache.bodyColumn(table, c));
    const relation = tableRelation(table);
    const q = parseQuery(
      new URLSearchParams(params.has('select') ? { select: params.get('select')! } : {}),
      relation,
      1,
      new Set(),
      cache,
      '_w',
    );
    const prefs = preferences(request);
    const target = `public.${quoteIdent(table)}`;
    // An upsert: ON CONFLICT on on_conflict's columns, or else the primary key (PostgREST's default).
    const onConflict = params.get('on_conflict');
    const conflictColumns = onConflict
      ? onConflict.split(',').map((c) => checkColumn(relation, c.trim()))
      : cache.primaryKey(table);
    const upsert = prefs.resolution !== undefined && conflictColumns.length > 0;
    const applied: Record<string, string> = upsert
      ? { 'Preference-Applied': `resolution=${prefs.resolution}` }
      : {};
    // An empty array inserts nothing, as in PostgREST (`default values` would have inserted a row).
    if (rows.length === 0) {
      reply.header('Content-Range', `*/${prefs.count ? 0 : '*'}`);
      for (const [name, value] of Object.entries(applied)) reply.header(name, value);
      return prefs.representation ? sendRows(reply, [], prefs.single, 201) : reply.status(201).send();
    }
    const cols = columns.map(quoteIdent).join(', ');
    let conflict = '';
    if (upsert) {
      const updates = columns.map((c) => `${quoteIdent(c)} = excluded.${quoteIdent(c)}`);
      conflict =
        prefs.resolution === 'merge-duplicates' && updates.length
          ? ` on conflict (${conflictColumns.map(quoteIdent).join(', ')}) do update set ${updates.join(', ')}`
          : ` on conflict (${conflictColumns.map(quoteIdent).join(', ')}) do nothing`;
    }
    // Objects with no keys insert rows of defaults, one per object.
    const insert = columns.length
      ? `insert into ${target} (${cols}) select ${cols} from json_populate_recordset(null::${target}, $1::json)${conflict}`
      : `insert into ${target} select from json_array_elements($1::json)${conflict}`;
    // The body's own text, so PostgreSQL reads the numbers the client wrote (see src/json-body.ts).
    const text = Array.isArray(request.body) ? request.jsonText : `[${request.jsonText}]`;
    return write(request, reply, { sql: insert, params: [text] }, q, 201, applied);
  });

  /** The rows a PATCH or DELETE touches: its filters, and with limit (and order) only the first of them. */
  const targetRows = (table: string, q: ParsedQuery) =>
    q.limit === null && q.offset === null
      ? q.where
      : `where ctid = any(array(select ctid from public.${quoteIdent(table)} ${q.where} ${q.orderBy} ${q.limit === null ? '' : `limit ${q.limit}`} offset ${q.offset ?? 0}))`;

  app.patch('/:table', async (request: FastifyRequest<{ Params: { table: string } }>, reply) => {
    const { table } = request.params;
    claimsOf(request, secret);
    const [row] = rowsOf(request.body);
    if (Array.isArray(request.body)) throw new RestError(400, 'PGRST102', 'Empty or invalid json');
    const columns = Object.keys(row!).map((c) => cache.bodyColumn(table, c));
    const q = parseQuery(search(request), tableRelation(table), 2, new Set(), cache, '_w');
    const target = `public.${quoteIdent(table)}`;
    if (columns.length === 0) return reply.status(204).send();
    const cols = columns.map(quoteIdent).join(', ');
    const update = `update ${target} set (${cols}) = (select ${cols} from json_populate_record(null::${target}, $1::json)) ${targetRows(table, q)}`;
    return write(request, reply, { sql: update, params: [request.jsonText, ...q.params] }, q, 200);
  });

  app.delete('/:table', async (request: FastifyRequest<{ Params: { table: string } }>, reply) => {
    const { table } = request.params;
    claimsOf(request, secret);
    const q = parseQuery(search(request), tableRelation(table), 1, new Set(), cache, '_w');
    const sql = `delete from public.${quoteIdent(table)} ${targetRows(table, q)}`;
    return write(request, reply, { sql, params: q.params }, q, 200);
  });

  /**
   * Calls a function with named arguments, as PostgREST's /rpc does; GET calls run read-only. A POST's arguments
   * are read by PostgreSQL from the body's own text (json_to_record with the arguments' types, as PostgREST
   * does), a GET's from the query string as text literals. The result is a relation like a table's: select=,
   * filters, order, limit and counts apply to its rows (a scalar result is one column named after the function).
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
    const prefs = preferences(request);
    const fromBody = 'json' in args && names.length > 0;
    const values = 'json' in args ? [] : args.values;
    const argument = (name: string, i: number) =>
      `${quoteIdent(name)} => ${fromBody ? `_args.${quoteIdent(name)}` : `$${i + 1}`}`;
    const call = `public.${quoteIdent(info.name)}(${names.map(argument).join(', ')})`;
    // One row holding the arguments, typed as the function declares them.
    const source = fromBody
      ? `json_to_record($1::json) as _args(${names.map((n) => `${quoteIdent(n)} ${info.argTypes[n]}`).join(', ')})`
      : null;
    const params = fromBody && 'json' in args ? [args.json] : values;
    const relation: Relation = { name: info.name, columns: new Set(info.resultColumns ?? [info.name]) };
    const q = parseQuery(search(request), relation, params.length + 1, new Set(readOnly ? names : []));
    if (info.returnType === 'void') {
      await asRole(db, claims, readOnly, [
        { sql: `select ${call}${source ? ` from ${source}` : ''}`, params },
      ]);
      return reply.status(204).send();
    }
    // The call runs once (a materialized CTE), whatever reads its rows afterwards.
    const lateral = `${source ? `${source} cross join lateral ` : ''}${call}`;
    const called = info.resultColumns
      ? `select _c.* from ${lateral} _c`
      : `select _c.${quoteIdent(info.name)} from ${lateral} as _c(${quoteIdent(info.name)})`;
    const limit = q.limit === null ? '' : `limit ${q.limit}`;
    const shaped = `select ${q.select} from _s ${q.where} ${q.orderBy} ${limit} offset ${q.offset ?? 0}`;
    const value = info.resultColumns ? 'to_json(_q)' : `to_json(_q.${quoteIdent(info.name)})`;
    const body = info.returnsSet
      ? `coalesce((select json_agg(${value}) from _q), '[]'::json)`
      : `(select ${value} from _q limit 1)`;
    const [result] = await asRole(db, claims, readOnly, [
      {
        sql: `with _s as materialized (${called}), _q as materialized (${shaped})
              select ${body} as body, (select count(*) from _q) as n${prefs.count ? `, (select count(*) from _s ${q.where}) as total` : ''}`,
        params: [...params, ...q.params],
      },
    ]);
    const n = Number(result!.n);
    const total = prefs.count ? Number(result!.total) : undefined;
    reply.header('Content-Range', contentRange(q.offset ?? 0, n, total));
    const data = result!.body;
    if (prefs.single) {
      if (n !== 1) throw notSingle(n);
      const one = Array.isArray(data) ? data[0] : data;
      return reply
        .status(200)
        .type('application/vnd.pgrst.object+json; charset=utf-8')
        .send(JSON.stringify(one));
    }
    const partial = info.returnsSet && total !== undefined && n < total;
    return reply
      .status(partial ? 206 : 200)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(data));
  }

  app.post('/rpc/:fn', async (request: FastifyRequest<{ Params: { fn: string } }>, reply) => {
    const body = request.body ?? {};
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw new RestError(400, 'PGRST102', 'Empty or invalid json');
    return rpc(request, reply, request.params.fn, Object.keys(body), { json: request.jsonText ?? '{}' });
  });

  /** A GET call: the function's arguments are the query parameters it declares; the others filter its rows. */
  app.get('/rpc/:fn', async (request: FastifyRequest<{ Params: { fn: string } }>, reply) => {
    const entries = [...search(request).entries()].filter(([name]) => !RESERVED_PARAMS.has(name));
    const declared = cache.argNames(request.params.fn);
    const args = declared ? entries.filter(([name]) => declared.includes(name)) : entries;
    return rpc(
      request,
      reply,
      request.params.fn,
      args.map(([name]) => name),
      { values: args.map(([, value]) => value) },
    );
  });
}
