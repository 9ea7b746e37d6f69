// PostgREST's read of a table (GET and HEAD): its rows shaped by select=, filters, order and range, capped at
// max_rows, counted when asked (206 for a counted partial answer), in a read-only transaction.
import type { Handler } from '../service';
import { contentRange, json, sendRows } from './answer';
import { parseQuery } from './query';
import { applied, asked, claimsOf, run, search, tableRelation } from './request';
import { quoteIdent } from './schema-cache';

/** A read of a table: rows, the count when asked, and PostgREST's 206 for a counted partial answer. */
export const readTable: Handler = async (request, reply, service) => {
  const { table } = request.params as { table: string };
  const { cache, maxRows } = service.rest;
  const claims = claimsOf(request, service.auth.secret);
  const q = parseQuery(search(request), tableRelation(service, table), 1, new Set(), cache);
  const a = asked(request, service);
  // Supabase caps every read at max_rows, whatever limit the client asks for.
  const limit = Math.min(q.limit ?? maxRows, maxRows);
  const offset = q.offset ?? 0;
  const from = `public.${quoteIdent(table)} _t0 ${q.where}`;
  const [rows, count] = await run(
    request,
    service,
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
};
