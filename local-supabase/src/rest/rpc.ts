// PostgREST's /rpc: a function called with named arguments, by POST (read-only when it is STABLE or IMMUTABLE)
// or GET (read-only), its result a relation like a table's.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Value } from '../db/literals';
import { RestError } from '../errors';
import type { Handler, Service } from '../service';
import { contentRange, guardedError, guards, sendRows } from './answer';
import { bodyType, csv, rawBody, type RawBody } from './media';
import type { FunctionInfo } from './catalogue-read';
import type { Relation } from './fields';
import { isOperatorExpression } from './filters';
import { maxAffected } from './preferences';
import { parseQuery } from './query';
import { applied, asked, claimsOf, run, search } from './request';
import { quoteIdent } from './schema-cache';

const fnOf = (request: FastifyRequest) => (request.params as { fn: string }).fn;

/**
 * Calls a function with named arguments, as PostgREST's /rpc does; GET calls run read-only. A POST's arguments
 * are read by PostgreSQL from the body's own text (json_to_record with the arguments' types, as PostgREST
 * does), a GET's from the query string and a form's from its fields as text literals; a text, XML or binary body
 * is the one argument of a function of one unnamed parameter. The result is a relation like a table's: select=,
 * filters, order, limit and counts apply to its rows (a scalar result is one column named after the function).
 */
async function rpc(
  request: FastifyRequest,
  reply: FastifyReply,
  service: Service,
  fn: string,
  names: string[],
  args: { json: string } | { raw: RawBody } | { text: [string, string][] },
  /** The query's select=, filters, order and range (a GET call's arguments taken out). */
  query: URLSearchParams,
) {
  const { cache } = service.rest;
  const claims = claimsOf(request, service.auth);
  const isGet = request.method === 'GET' || request.method === 'HEAD';
  const info = cache.fn(fn, names, 'json' in args ? 'json' : 'raw' in args ? args.raw.type : undefined);
  // As PostgREST: a GET call, and any call of a STABLE or IMMUTABLE function, runs in a read-only transaction.
  const readOnly = isGet || info.volatility !== 'volatile';
  const a = asked(request, service);
  const limitAffected = maxAffected(a.prefs);
  // max-affected counts a function's rows, so only a set-returning function can honour it (PostgREST 13+).
  if (limitAffected !== undefined && !info.returnsSet) {
    throw new RestError(
      400,
      'PGRST128',
      'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
    );
  }
  // A function whose one parameter has no name takes the whole body as its argument (PostgREST's OnePosParam):
  // JSON, or a raw body's text (binary as hexadecimal digits, decoded here).
  const whole = info.params.length === 1 && info.params[0]!.name === '' && !('text' in args);
  const fromBody = 'json' in args && names.length > 0 && !whole;
  const values: Value[] =
    'text' in args
      ? textValues(info, names, args.text)
      : !whole
        ? []
        : 'json' in args
          ? [args.json]
          : [args.raw.value];
  // A VARIADIC parameter takes its values as an array, named as such (PostgREST's ppVar).
  const variadic = (name: string) => (info.params.find((p) => p.name === name)?.variadic ? 'variadic ' : '');
  const argument = (name: string, i: number) =>
    `${variadic(name)}${quoteIdent(name)} => ${fromBody ? `_args.${quoteIdent(name)}` : `$${i + 1}`}`;
  const wholeSql =
    'raw' in args && args.raw.type === 'bytea' ? `decode($1, 'hex')` : `$1::${info.params[0]?.type}`;
  const call = `public.${quoteIdent(info.name)}(${whole ? wholeSql : names.map(argument).join(', ')})`;
  // One row holding the arguments, typed as the function declares them.
  const source = fromBody
    ? `json_to_record($1::json) as _args(${names.map((n) => `${quoteIdent(n)} ${info.argTypes[n]}`).join(', ')})`
    : null;
  const params = fromBody && 'json' in args ? [args.json] : values;
  // Rows of a table's type can embed through its foreign keys and read its computed fields, as a table's can.
  const table = info.resultColumns && cache.hasTable(info.returnType) ? info.returnType : undefined;
  const relation: Relation = {
    name: info.name,
    columns: new Set(info.resultColumns ?? [info.name]),
    ...(table && { table, types: cache.columnTypes(table) }),
  };
  const q = parseQuery(query, relation, params.length + 1, cache, '_s');
  if (info.returnType === 'void') {
    await run(
      request,
      service,
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
  const [result] = await run(
    request,
    service,
    claims,
    readOnly,
    [
      {
        sql: `with _s as materialized (${called}), _q as materialized (${shaped})
            select ${body} as body${a.media.kind === 'csv' ? `, ${csv('select * from _q')} as csv` : ''}, (select count(*) from _q) as n${a.count ? `, (select count(*) from _s ${q.where}) as total` : ''}${guards('_q', a.single, limitAffected)}`,
        params: [...params, ...q.params],
      },
    ],
    a,
  ).catch(guardedError);
  const n = Number(result!.n);
  const total = a.count ? Number(result!.total) : undefined;
  reply.header('Content-Range', contentRange(q.offset ?? 0, n, total));
  applied(reply, a, 'rpc');
  const partial = info.returnsSet && total !== undefined && n < total && !a.single;
  return sendRows(reply, result!.body, a.media, partial ? 206 : 200, result!.csv);
}

/** A call whose arguments are text (a GET's query string, a form's fields), read as each parameter's type. */
const callWithText = (
  request: FastifyRequest,
  reply: FastifyReply,
  service: Service,
  text: [string, string][],
  query: URLSearchParams,
) => {
  const names = [...new Set(text.map(([name]) => name))];
  return rpc(request, reply, service, fnOf(request), names, { text }, query);
};

/**
 * Each named argument's text as PostgREST's toRpcParams merges a name given more than once: a VARIADIC
 * parameter's values, in order, as its array; any other parameter's last value.
 */
function textValues(info: FunctionInfo, names: string[], text: [string, string][]): Value[] {
  return names.map((name) => {
    const given = text.filter(([n]) => n === name).map(([, value]) => value);
    return info.params.find((p) => p.name === name)?.variadic ? given : given[given.length - 1]!;
  });
}

export const callByPost: Handler = async (request, reply, service) => {
  const raw = rawBody(request.headers['content-type'], request.body);
  if (raw) return rpc(request, reply, service, fnOf(request), [], { raw }, search(request));
  const body = request.body ?? {};
  // A form's fields are arguments as a GET's are.
  if (bodyType(request.headers['content-type']) === 'application/x-www-form-urlencoded')
    return callWithText(
      request,
      reply,
      service,
      Object.entries(body as Record<string, string>),
      search(request),
    );
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new RestError(400, 'PGRST102', 'Empty or invalid json');
  const args = { json: request.jsonText ?? '{}' };
  return rpc(request, reply, service, fnOf(request), Object.keys(body), args, search(request));
};

/** PostgREST's parameters that shape the answer: select, columns, on_conflict, and `[embed.]order|limit|offset|and|or`. */
const shaping = (name: string) =>
  ['select', 'columns', 'on_conflict'].includes(name) ||
  ['order', 'limit', 'offset', 'and', 'or'].includes(name.slice(name.lastIndexOf('.') + 1));

/**
 * A GET call, as PostgREST reads its query string: a parameter whose value is an operator expression filters
 * the function's rows, any other is an argument (so an unknown name is PGRST202, not a filter's 42703).
 */
export const callByGet: Handler = async (request, reply, service) => {
  const query = search(request);
  const args = [...query.entries()].filter(([name, value]) => !shaping(name) && !isOperatorExpression(value));
  for (const [name, value] of args) query.delete(name, value);
  return callWithText(request, reply, service, args, query);
};
