// PostgREST's HTTP API over the database: table reads and writes and RPC, each request one transaction run as
// the role of its JWT (anon, authenticated or service_role) with the claims set, so PostgreSQL's own grants and
// row-level security decide what it may do, exactly as with hosted Supabase.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import { literal } from '../db/literals';
import { connectionProblem, fromPgError, refuseLargeBody, RestError, sendRestError } from '../errors';
import { bearerToken, verifyJwt, type Claims } from '../keys';
import {
  exceedsMaxAffected,
  maxAffected,
  parsePreferences,
  preferenceApplied,
  type Preferences,
  type RequestKind,
  type TxEnd,
} from './preferences';
import { checkColumn, parseQuery, RESERVED_PARAMS, type ParsedQuery, type Relation } from './query';
import { quoteIdent, type SchemaCache } from './schema-cache';
import { requestContext, runAsRole, type GucResponse, type Statement } from './transaction';

declare module 'fastify' {
  interface FastifyRequest {
    /** What the request's functions set in response.status and response.headers, for a successful answer. */
    gucResponse?: GucResponse;
  }
}

/** Where PostgREST's API is served; request.path is the path under it, as behind Supabase's gateway. */
const PREFIX = '/rest/v1';

export interface RestOptions {
  db: Database;
  secret: string;
  cache: SchemaCache;
  maxRows: number;
  /** PostgREST's db-tx-end (PGRST_DB_TX_END); `commit`, as on hosted Supabase, unless set. */
  txEnd?: TxEnd;
}

const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

/**
 * A guard that fails the request's statement (so its transaction rolls back) with PostgREST's error `code` when
 * `failing` holds: the failing cast carries the code and the row count out in PostgreSQL's message.
 */
const guard = (failing: string, code: 'PGRST116' | 'PGRST124', rows: string) =>
  `case when ${failing} then ('${code.toLowerCase()} rows ' || ${rows})::int else 0 end`;
const GUARDED = /"(pgrst116|pgrst124) rows (\d+)"/;

/** A guard's failure as PostgREST's error; any other error as it was. */
function guardedError(error: unknown): never {
  const guarded = error instanceof RestError ? GUARDED.exec(error.message) : null;
  if (!guarded) throw error;
  const rows = Number(guarded[2]);
  throw guarded[1] === 'pgrst116' ? notSingle(rows) : exceedsMaxAffected(rows);
}

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

/** A request's preferences, what it asked of the answer, and how its transaction ends. */
interface Asked {
  prefs: Preferences;
  /** Counted: planned and estimated are answered with the exact count (a small database; PostgREST counts exactly too below its estimate threshold). */
  count: boolean;
  representation: boolean;
  single: boolean;
  rollback: boolean;
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
  const txEnd = options.txEnd ?? 'commit';

  // PostgREST's schema cache reload: NOTIFY pgrst, 'reload schema' (or an empty payload) reads the catalogue
  // again, as does a listener that got its lost connection back (a notification may have been missed). Reloads
  // asked for during one run once more after it.
  let reloading: Promise<void> | null = null;
  let again = false;
  const reload = () => {
    if (reloading) {
      again = true;
      return;
    }
    reloading = cache
      .reload(db)
      .catch((error: unknown) => app.log.warn({ err: error }, 'schema cache reload failed'))
      .finally(() => {
        reloading = null;
        if (again) {
          again = false;
          reload();
        }
      });
  };
  const unlisten = await db.listen(
    'pgrst',
    // The role settings are read with the catalogue, so 'reload config' reads them again too.
    (payload) => {
      if (payload === '' || payload === 'reload schema' || payload === 'reload config') reload();
    },
    reload,
  );
  app.addHook('onClose', () => unlisten());

  /** What the request asks through Prefer and Accept (PGRST122 for what it may not, under handling=strict). */
  const asked = (request: FastifyRequest): Asked => {
    const prefs = parsePreferences(request.headers.prefer, txEnd, cache.timezones);
    const end = prefs.tx ?? (txEnd.startsWith('rollback') ? 'rollback' : 'commit');
    return {
      prefs,
      count: prefs.count !== undefined,
      representation: prefs.return === 'representation',
      single: String(request.headers.accept ?? '').includes('application/vnd.pgrst.object+json'),
      rollback: end === 'rollback',
    };
  };
  const run = async (
    request: FastifyRequest,
    claims: Claims,
    readOnly: boolean,
    statements: Statement[],
    a: Asked,
  ) => {
    const result = await runAsRole(db, claims, statements, {
      readOnly,
      rollback: a.rollback,
      timezone: a.prefs.timezone,
      context: requestContext(request, PREFIX),
      roleSettings: cache.roleSettings(claims.role),
    });
    request.gucResponse = result.response;
    return result.rows;
  };

  // response.status and response.headers shape a successful answer; the functions' headers win over ours.
  app.addHook('onSend', async (request, reply) => {
    const guc = request.gucResponse;
    if (!guc) return;
    for (const [name, value] of guc.headers) reply.header(name, value);
    if (guc.status !== undefined) reply.status(guc.status);
  });
  const applied = (reply: FastifyReply, a: Asked, kind: RequestKind) => {
    const header = preferenceApplied(a.prefs, kind);
    if (header) reply.header('Preference-Applied', header);
  };

  app.setErrorHandler((error, request, reply) => {
    request.gucResponse = undefined;
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

  const tableRelation = (table: string): Relation => ({
    name: table,
    columns: cache.columns(table),
    table,
    types: cache.columnTypes(table),
  });

  /** A read of a table: rows, the count when asked, and PostgREST's 206 for a counted partial answer. */
  app.get('/:table', async (request: FastifyRequest<{ Params: { table: string } }>, reply) => {
    const { table } = request.params;
    const claims = claimsOf(request, secret);
    const q = parseQuery(search(request), tableRelation(table), 1, new Set(), cache);
    const a = asked(request);
    // Supabase caps every read at max_rows, whatever limit the client asks for.
    const limit = Math.min(q.limit ?? maxRows, maxRows);
    const offset = q.offset ?? 0;
    const from = `public.${quoteIdent(table)} _t0 ${q.where}`;
    const [rows, count] = await run(
      request,
      claims,
      true,
      [
        {
          sql: `select ${json(`select ${q.select} from ${from} ${q.orderBy} limit ${limit} offset ${offset}`)} as body`,
          params: q.params,
        },
        ...(a.count ? [{ sql: `select count(*) as body from ${from}`, params: q.params }] : []),
      ],
      a,
    );
    const body = rows!.body as unknown[];
    const total = count === undefined ? undefined : Number(count.body);
    reply.header('Content-Range', contentRange(offset, body.length, total));
    applied(reply, a, 'read');
    const partial = total !== undefined && body.length < total && !a.single;
    return sendRows(reply, body, a.single, partial ? 206 : 200);
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
    a: Asked,
    kind: RequestKind,
    /** An insert's table, for the Location header of `return=headers-only`. */
    inserted?: string,
  ) {
    const claims = claimsOf(request, secret);
    const body = a.representation ? json(`select ${q.select} from _w`) : 'null::json';
    // return=headers-only: the one inserted row's primary key as `pk=eq.value` in Location (PostgREST's locationF).
    const key = inserted && a.prefs.return === 'headers-only' ? cache.primaryKey(inserted) : [];
    const location = key.length
      ? `, case when (select count(*) from _w) = 1 then (select json_build_object(${key.map((c) => `${literal(c)}, ${quoteIdent(c)}::text`).join(', ')}) from _w) end as location`
      : '';
    const returning = a.representation ? '*' : key.length ? key.map(quoteIdent).join(', ') : '1';
    const limit = kind === 'update' || kind === 'delete' ? maxAffected(a.prefs) : undefined;
    // With `.single()` a write that touches other than one row, and one that touches more than max-affected
    // (handling=strict), fails inside the transaction, so it is rolled back as in PostgREST.
    const guards = [
      ...(a.single ? [guard('(select count(*) from _w) <> 1', 'PGRST116', '(select count(*) from _w)')] : []),
      ...(limit !== undefined
        ? [guard(`(select count(*) from _w) > ${limit}`, 'PGRST124', '(select count(*) from _w)')]
        : []),
    ].map((g, i) => `, ${g} as guard${i}`);
    const [result] = await run(
      request,
      claims,
      false,
      [
        {
          // Without return=representation nothing is read back (RETURNING 1 needs no SELECT grant or policy).
          sql: `with _w as (${statement.sql} returning ${returning}) select ${body} as body, (select count(*) from _w) as total${location}${guards.join('')}`,
          params: statement.params,
        },
      ],
      a,
    ).catch(guardedError);
    const affected = Number(result!.total);
    reply.header(
      'Content-Range',
      request.method === 'POST'
        ? `*/${a.count ? affected : '*'}`
        : contentRange(0, affected, a.count ? affected : undefined),
    );
    applied(reply, a, kind);
    const located = result!.location as Record<string, string | null> | null | undefined;
    if (inserted && located) {
      const query = Object.entries(located).map(([c, v]) => [c, v === null ? 'is.null' : `eq.${v}`]);
      reply.header('Location', `/${inserted}?${new URLSearchParams(query).toString()}`);
    }
    const created = request.method === 'POST';
    if (!a.representation) return reply.status(created ? 201 : 204).send();
    return sendRows(reply, result!.body as unknown[], a.single, created ? 201 : 200);
  }

  /**
   * The body's values as PostgreSQL reads them: `$1` (JSON text), or with `Prefer: missing=default` each object
   * laid over the defaults of the written columns it lacks (PostgREST's jsonb_build_object(defaults) || object).
   */
  const bodySource = (table: string, columns: string[], a: Asked, many: boolean) => {
    const defaults =
      a.prefs.missing === 'default'
        ? [...cache.columnDefaults(table)].filter(([column]) => columns.includes(column))
        : [];
    if (defaults.length === 0) return '$1::json';
    const over = `jsonb_build_object(${defaults.map(([column, expr]) => `${literal(column)}, ${expr}`).join(', ')})`;
    return many
      ? `(select json_agg(${over} || _e) from jsonb_array_elements($1::jsonb) _e)`
      : `(${over} || $1::jsonb)::json`;
  };

  /** `columns=a,b`: the body keys to write (PGRST204 for one the table does not have). */
  const listedColumns = (table: string, listed: string) =>
    listed.split(',').map((c) => cache.bodyColumn(table, c.replace(/"/g, '').trim()));

  app.post('/:table', async (request: FastifyRequest<{ Params: { table: string } }>, reply) => {
    const { table } = request.params;
    claimsOf(request, secret);
    const rows = rowsOf(request.body);
    const params = search(request);
    const listed = params.get('columns');
    // Without columns=, every object must have the same keys (PostgREST; supabase-js sends columns= for an
    // array, so objects may differ there and their missing keys are NULL or, with missing=default, defaults).
    const keys = (row: Record<string, unknown>) => Object.keys(row).sort().join(',');
    if (!listed && rows.some((row) => keys(row) !== keys(rows[0]!)))
      throw new RestError(400, 'PGRST102', 'All object keys must match');
    const columns = listed
      ? listedColumns(table, listed)
      : Object.keys(rows[0] ?? {}).map((c) => cache.bodyColumn(table, c));
    const relation = tableRelation(table);
    const q = parseQuery(
      new URLSearchParams(params.has('select') ? { select: params.get('select')! } : {}),
      relation,
      1,
      new Set(),
      cache,
      '_w',
    );
    const a = asked(request);
    const target = `public.${quoteIdent(table)}`;
    // An upsert: ON CONFLICT on on_conflict's columns, or else the primary key (PostgREST's default).
    const onConflict = params.get('on_conflict');
    const conflictColumns = onConflict
      ? onConflict.split(',').map((c) => checkColumn(relation, c.trim()))
      : cache.primaryKey(table);
    const resolution = conflictColumns.length > 0 ? a.prefs.resolution : undefined;
    const kind = resolution ? 'upsert' : 'insert';
    // An empty array inserts nothing, as in PostgREST (`default values` would have inserted a row).
    if (rows.length === 0) {
      reply.header('Content-Range', `*/${a.count ? 0 : '*'}`);
      applied(reply, a, kind);
      return a.representation ? sendRows(reply, [], a.single, 201) : reply.status(201).send();
    }
    const cols = columns.map(quoteIdent).join(', ');
    let conflict = '';
    if (resolution) {
      const updates = columns.map((c) => `${quoteIdent(c)} = excluded.${quoteIdent(c)}`);
      conflict =
        resolution === 'merge-duplicates' && updates.length
          ? ` on conflict (${conflictColumns.map(quoteIdent).join(', ')}) do update set ${updates.join(', ')}`
          : ` on conflict (${conflictColumns.map(quoteIdent).join(', ')}) do nothing`;
    }
    // Objects with no keys insert rows of defaults, one per object.
    const insert = columns.length
      ? `insert into ${target} (${cols}) select ${cols} from json_populate_recordset(null::${target}, ${bodySource(table, columns, a, true)})${conflict}`
      : `insert into ${target} select from json_array_elements($1::json)${conflict}`;
    // The body's own text, so PostgreSQL reads the numbers the client wrote (see src/json-body.ts).
    const text = Array.isArray(request.body) ? request.jsonText : `[${request.jsonText}]`;
    return write(request, reply, { sql: insert, params: [text] }, q, a, kind, table);
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
    const listed = search(request).get('columns');
    // columns= names what is set: a listed key the body lacks becomes NULL, or its default (missing=default).
    const columns = listed
      ? listedColumns(table, listed)
      : Object.keys(row!).map((c) => cache.bodyColumn(table, c));
    const q = parseQuery(search(request), tableRelation(table), 2, new Set(), cache, '_w');
    const a = asked(request);
    const target = `public.${quoteIdent(table)}`;
    if (columns.length === 0) {
      applied(reply, a, 'update');
      return reply.status(204).send();
    }
    const cols = columns.map(quoteIdent).join(', ');
    const update = `update ${target} set (${cols}) = (select ${cols} from json_populate_record(null::${target}, ${bodySource(table, columns, a, false)})) ${targetRows(table, q)}`;
    return write(request, reply, { sql: update, params: [request.jsonText, ...q.params] }, q, a, 'update');
  });

  app.delete('/:table', async (request: FastifyRequest<{ Params: { table: string } }>, reply) => {
    const { table } = request.params;
    claimsOf(request, secret);
    const q = parseQuery(search(request), tableRelation(table), 1, new Set(), cache, '_w');
    const sql = `delete from public.${quoteIdent(table)} ${targetRows(table, q)}`;
    return write(request, reply, { sql, params: q.params }, q, asked(request), 'delete');
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
    const info = cache.fn(fn, names);
    // As PostgREST: a GET call, and any call of a STABLE or IMMUTABLE function, runs in a read-only transaction.
    const isGet = request.method === 'GET' || request.method === 'HEAD';
    const readOnly = isGet || info.volatility !== 'volatile';
    const a = asked(request);
    const limitAffected = maxAffected(a.prefs);
    // max-affected counts a function's rows, so only a set-returning function can honour it (PostgREST 13+).
    if (limitAffected !== undefined && !info.returnsSet) {
      throw new RestError(
        400,
        'PGRST128',
        'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
      );
    }
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
    const q = parseQuery(search(request), relation, params.length + 1, new Set(isGet ? names : []));
    if (info.returnType === 'void') {
      await run(
        request,
        claims,
        readOnly,
        [{ sql: `select ${call}${source ? ` from ${source}` : ''}`, params }],
        a,
      );
      applied(reply, a, 'rpc');
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
    // As for writes: .single() on other than one row, and more rows than max-affected, roll the call back.
    const guards = [
      ...(a.single ? [guard('(select count(*) from _q) <> 1', 'PGRST116', '(select count(*) from _q)')] : []),
      ...(limitAffected !== undefined
        ? [guard(`(select count(*) from _q) > ${limitAffected}`, 'PGRST124', '(select count(*) from _q)')]
        : []),
    ].map((g, i) => `, ${g} as guard${i}`);
    const [result] = await run(
      request,
      claims,
      readOnly,
      [
        {
          sql: `with _s as materialized (${called}), _q as materialized (${shaped})
              select ${body} as body, (select count(*) from _q) as n${a.count ? `, (select count(*) from _s ${q.where}) as total` : ''}${guards.join('')}`,
          params: [...params, ...q.params],
        },
      ],
      a,
    ).catch(guardedError);
    const n = Number(result!.n);
    const total = a.count ? Number(result!.total) : undefined;
    reply.header('Content-Range', contentRange(q.offset ?? 0, n, total));
    applied(reply, a, 'rpc');
    const data = result!.body;
    if (a.single) {
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
