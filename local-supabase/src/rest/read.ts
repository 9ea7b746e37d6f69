// PostgREST's read of a table (GET and HEAD): its rows shaped by select=, filters, order and range, capped at
// max_rows, counted when asked (206 for a counted partial answer), in a read-only transaction.
import type { Handler } from '../service';
import { bodies, contentRange, sendRows } from './answer';
import { parseQuery } from './query';
import { applied, asked, claimsOf, run, search, tableRelation } from './request';
import { quoteIdent } from './schema-cache';

/** A read of a table: rows, the count when asked, and PostgREST's 206 for a counted partial answer. */
export const readTable: Handler = async (request, reply, service) => {
  const { table } = request.params as { table: string };
  const { cache, maxRows } = service.rest;
  const claims = claimsOf(request, service.auth);
  const q = parseQuery(search(request), tableRelation(service, table), 1, cache);
  const a = asked(request, service);
  // Supabase caps every read at max_rows, whatever limit the client asks for.
  const limit = Math.min(q.limit ?? maxRows, maxRows);
  const offset = q.offset ?? 0;
  const from = `public.${quoteIdent(table)} _t0 ${q.where}`;
  const counting = a.prefs.count;
  const [rows, exact, plan] = await run(
    request,
    service,
    claims,
    true,
    [
      {
        sql: `select ${bodies(`select ${q.select} from ${from} ${q.orderBy} limit ${limit} offset ${offset}`, a.media)}`,
        params: q.params,
      },
      // estimated: exact up to max_rows, the planner's estimate beyond (PostgREST's count=estimated).
      ...(counting
        ? [
            {
              sql: counting === 'planned' ? 'select' : `select count(*) as n from ${from}`,
              params: q.params,
            },
            {
              sql: counting === 'exact' ? 'select' : `explain (format json) select 1 from ${from}`,
              params: q.params,
            },
          ]
        : []),
    ],
    a,
  );
  const total =
    counting === 'exact' || (counting === 'estimated' && Number(exact!.n) <= maxRows)
      ? Number(exact!.n)
      : counting
        ? plannedRows(plan!)
        : undefined;
  const body = rows!.body as unknown[];
  reply.header('Content-Range', contentRange(offset, body.length, total));
  applied(reply, a, 'read');
  const partial = total !== undefined && body.length < total && !a.single;
  return sendRows(reply, body, a.media, partial ? 206 : 200, rows!.csv);
};

/** The planner's estimate of the rows in EXPLAIN (FORMAT JSON)'s answer (a driver may leave the JSON as text). */
function plannedRows(row: Record<string, unknown>): number {
  const value = Object.values(row)[0];
  const plan = (typeof value === 'string' ? JSON.parse(value) : value) as [{ Plan: { 'Plan Rows': number } }];
  return plan[0].Plan['Plan Rows'];
}
