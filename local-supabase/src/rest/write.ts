// What PostgREST's writes share: the statement run as the request's role with the rows it touched shaped by
// `select=` (return=representation), counted in Content-Range, located (return=headers-only), and guarded by
// `.single()` and max-affected; the body's values as PostgreSQL reads them; the rows a PATCH or DELETE touches.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { literal } from '../db/literals';
import type { Service } from '../service';
import { bodies, contentRange, guardedError, guards, sendRows } from './answer';
import { maxAffected, type RequestKind } from './preferences';
import type { ParsedQuery } from './query';
import { applied, claimsOf, run, type Asked } from './request';
import { quoteIdent } from './schema-cache';
import type { Statement } from './transaction';

/**
 * Runs a write (`insert ...`, `update ...`, `delete ...`) and answers as PostgREST: the affected rows shaped by
 * `select=` with return=representation, their number in Content-Range (counted with count=exact).
 */
export async function write(
  request: FastifyRequest,
  reply: FastifyReply,
  service: Service,
  statement: Statement,
  q: ParsedQuery,
  a: Asked,
  kind: RequestKind,
  /** An insert's table, for the Location header of `return=headers-only`. */
  inserted?: string,
) {
  const claims = claimsOf(request, service.auth);
  const body = a.representation ? bodies(`select ${q.select} from _w`, a.media) : 'null::json as body';
  // return=headers-only: the one inserted row's primary key as `pk=eq.value` in Location (PostgREST's locationF).
  const key = inserted && a.prefs.return === 'headers-only' ? service.rest.cache.primaryKey(inserted) : [];
  const location = key.length
    ? `, case when (select count(*) from _w) = 1 then (select json_build_object(${key.map((c) => `${literal(c)}, ${quoteIdent(c)}::text`).join(', ')}) from _w) end as location`
    : '';
  const returning = a.representation ? '*' : key.length ? key.map(quoteIdent).join(', ') : '1';
  // With `.single()` a write that touches other than one row, and one that touches more than max-affected
  // (handling=strict), fails inside the transaction, so it is rolled back as in PostgREST.
  const limit = kind === 'update' || kind === 'delete' ? maxAffected(a.prefs) : undefined;
  // An upsert that merges answers 200 when it inserted no row, whatever `return=` asks (PostgREST counts the rows
  // whose xmax is 0): the statement returns that flag beside each row (whole, from its target `_i`, for
  // return=representation), and _w is the rows. Its ON CONFLICT needs SELECT anyway, so xmax costs no grant.
  const merge = kind === 'upsert' && a.prefs.resolution === 'merge-duplicates';
  const rows = !merge
    ? `_w as (${statement.sql} returning ${returning})`
    : a.representation
      ? `_u as (${statement.sql} returning _i as _row, _i.xmax = 0 as _new), _w as (select (_row).* from _u)`
      : `_u as (${statement.sql} returning ${returning}, _i.xmax = 0 as _new), _w as (select * from _u)`;
  const insertedCount = merge ? ', (select count(*) from _u where _new) as inserted' : '';
  const [result] = await run(
    request,
    service,
    claims,
    false,
    [
      {
        // Without return=representation nothing is read back (RETURNING 1 needs no SELECT grant or policy).
        sql: `with ${rows} select ${body}, (select count(*) from _w) as total${insertedCount}${location}${guards('_w', a.single, limit)}`,
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
  // PostgREST's isInsertIfGTZero: a merging upsert that inserted nothing is 200, empty or with the rows.
  const created = request.method === 'POST' && !(merge && Number(result!.inserted) === 0);
  if (!a.representation) return reply.status(created ? 201 : request.method === 'POST' ? 200 : 204).send();
  return sendRows(reply, result!.body, a.media, created ? 201 : 200, result!.csv);
}

/**
 * The body's values as PostgreSQL reads them: `$1` (JSON text), or with `Prefer: missing=default` each object
 * laid over the defaults of the written columns it lacks (PostgREST's jsonb_build_object(defaults) || object).
 */
export const bodySource = ({ rest }: Service, table: string, columns: string[], a: Asked, many: boolean) => {
  const defaults =
    a.prefs.missing === 'default'
      ? [...rest.cache.columnDefaults(table)].filter(([column]) => columns.includes(column))
      : [];
  if (defaults.length === 0) return '$1::json';
  const over = `jsonb_build_object(${defaults.map(([column, expr]) => `${literal(column)}, ${expr}`).join(', ')})`;
  return many
    ? `(select json_agg(${over} || _e) from jsonb_array_elements($1::jsonb) _e)`
    : `(${over} || $1::jsonb)::json`;
};

/** `columns=a,b`: the body keys to write (PGRST204 for one the table does not have). */
export const listedColumns = ({ rest }: Service, table: string, listed: string) =>
  listed.split(',').map((c) => rest.cache.bodyColumn(table, c.replace(/"/g, '').trim()));

/**
 * The rows a PATCH or DELETE (of the table as `_w`, the alias its query's fields name) touches: its filters, and
 * with limit (and order) only the first of them.
 */
export const targetRows = (table: string, q: ParsedQuery) =>
  q.limit === null && q.offset === null
    ? q.where
    : `where ctid = any(array(select ctid from public.${quoteIdent(table)} _w ${q.where} ${q.orderBy} ${q.limit === null ? '' : `limit ${q.limit}`} offset ${q.offset ?? 0}))`;
