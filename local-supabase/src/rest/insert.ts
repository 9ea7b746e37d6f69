// PostgREST's POST to a table: one object or an array (missing keys NULL, or their defaults with
// Prefer: missing=default), `columns=`, and upsert on the primary key or on_conflict (Prefer: resolution).
import { RestError } from '../errors';
import type { Handler } from '../service';
import { rowsOf, sendRows } from './answer';
import { checkColumn } from './fields';
import { parseQuery } from './query';
import { applied, asked, claimsOf, search, tableRelation } from './request';
import { quoteIdent } from './schema-cache';
import { bodySource, listedColumns, write } from './write';

export const insert: Handler = async (request, reply, service) => {
  const { table } = request.params as { table: string };
  const { cache } = service.rest;
  claimsOf(request, service.auth);
  const rows = rowsOf(request.body, request.headers['content-type']);
  const params = search(request);
  const listed = params.get('columns');
  // Without columns=, every object must have the same keys (PostgREST; supabase-js sends columns= for an
  // array, so objects may differ there and their missing keys are NULL or, with missing=default, defaults).
  const keys = (row: Record<string, unknown>) => Object.keys(row).sort().join(',');
  if (!listed && rows.some((row) => keys(row) !== keys(rows[0]!)))
    throw new RestError(400, 'PGRST102', 'All object keys must match');
  const columns = listed
    ? listedColumns(service, table, listed)
    : Object.keys(rows[0] ?? {}).map((c) => cache.bodyColumn(table, c));
  const relation = tableRelation(service, table);
  const q = parseQuery(
    new URLSearchParams(params.has('select') ? { select: params.get('select')! } : {}),
    relation,
    1,
    cache,
    '_w',
  );
  const a = asked(request, service);
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
    return a.representation ? sendRows(reply, [], a.media, 201, '\n') : reply.status(201).send();
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
    ? `insert into ${target} as _i (${cols}) select ${cols} from json_populate_recordset(null::${target}, ${bodySource(service, table, columns, a, true)})${conflict}`
    : `insert into ${target} as _i select from json_array_elements($1::json)${conflict}`;
  // The body's own text, so PostgreSQL reads the numbers the client wrote (see src/json-body.ts).
  const text = Array.isArray(request.body) ? request.jsonText : `[${request.jsonText}]`;
  return write(request, reply, service, { sql: insert, params: [text] }, q, a, kind, table);
};
