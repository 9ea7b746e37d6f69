// PostgREST's PATCH and DELETE of a table's rows: those its filters select (with limit and order, only the
// first of them), max-affected under handling=strict.
import { RestError } from '../errors';
import type { Handler } from '../service';
import { applied, asked, claimsOf, search, tableRelation } from './request';
import { rowsOf } from './answer';
import { parseQuery } from './query';
import { quoteIdent } from './schema-cache';
import { bodySource, listedColumns, targetRows, write } from './write';

export const update: Handler = async (request, reply, service) => {
  const { table } = request.params as { table: string };
  const { cache } = service.rest;
  claimsOf(request, service.auth);
  const [row] = rowsOf(request.body, request.headers['content-type']);
  if (Array.isArray(request.body)) throw new RestError(400, 'PGRST102', 'Empty or invalid json');
  const listed = search(request).get('columns');
  // columns= names what is set: a listed key the body lacks becomes NULL, or its default (missing=default).
  const columns = listed
    ? listedColumns(service, table, listed)
    : Object.keys(row!).map((c) => cache.bodyColumn(table, c));
  const q = parseQuery(search(request), tableRelation(service, table), 2, cache, '_w');
  const a = asked(request, service);
  const target = `public.${quoteIdent(table)}`;
  if (columns.length === 0) {
    applied(reply, a, 'update');
    return reply.status(204).send();
  }
  const cols = columns.map(quoteIdent).join(', ');
  const update = `update ${target} as _w set (${cols}) = (select ${cols} from json_populate_record(null::${target}, ${bodySource(service, table, columns, a, false)})) ${targetRows(table, q)}`;
  return write(
    request,
    reply,
    service,
    { sql: update, params: [request.jsonText, ...q.params] },
    q,
    a,
    'update',
  );
};

export const remove: Handler = async (request, reply, service) => {
  const { table } = request.params as { table: string };
  claimsOf(request, service.auth);
  const q = parseQuery(search(request), tableRelation(service, table), 1, service.rest.cache, '_w');
  const sql = `delete from public.${quoteIdent(table)} as _w ${targetRows(table, q)}`;
  return write(request, reply, service, { sql, params: q.params }, q, asked(request, service), 'delete');
};
