// How PostgREST answers rows: an array or, with `.single()`, one object (PGRST116 otherwise), Content-Range, and
// the guards that fail a statement inside its transaction when `.single()` or max-affected is not met.
import type { FastifyReply } from 'fastify';
import { RestError } from '../errors';
import { bodyType, contentType, csv, stripNulls, type Media } from './media';
import { exceedsMaxAffected } from './preferences';

/**
 * A guard that fails the request's statement (so its transaction rolls back) with PostgREST's error `code` when
 * `failing` holds: the failing cast carries the code and the row count out in PostgreSQL's message.
 */
const guard = (failing: string, code: 'PGRST116' | 'PGRST124', rows: string) =>
  `case when ${failing} then ('${code.toLowerCase()} rows ' || ${rows})::int else 0 end`;

/**
 * The guards of a statement whose rows are `relation` (a CTE), as extra result columns: `.single()` on other than
 * one row (PGRST116), more rows than max-affected under handling=strict (PGRST124).
 */
export function guards(relation: string, single: boolean, maxAffected: number | undefined): string {
  const rows = `(select count(*) from ${relation})`;
  return [
    ...(single ? [guard(`${rows} <> 1`, 'PGRST116', rows)] : []),
    ...(maxAffected !== undefined ? [guard(`${rows} > ${maxAffected}`, 'PGRST124', rows)] : []),
  ]
    .map((g, i) => `, ${g} as guard${i}`)
    .join('');
}
const GUARDED = /"(pgrst116|pgrst124) rows (\d+)"/;

/** A guard's failure as PostgREST's error; any other error as it was. */
export function guardedError(error: unknown): never {
  const guarded = error instanceof RestError ? GUARDED.exec(error.message) : null;
  if (!guarded) throw error;
  const rows = Number(guarded[2]);
  throw guarded[1] === 'pgrst116' ? notSingle(rows) : exceedsMaxAffected(rows);
}

/** A write's JSON rows; PostgREST's PGRST102 for a body of another media type (text, XML, binary). */
export function rowsOf(body: unknown, type?: string): Record<string, unknown>[] {
  if (typeof body === 'string' || Buffer.isBuffer(body))
    throw new RestError(400, 'PGRST102', `Content-Type not acceptable: ${bodyType(type)}`);
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
export function contentRange(first: number, count: number, total: number | undefined): string {
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

/**
 * Rows as PostgREST answers them in the negotiated media type: an array, one object (`.single()`; a function's
 * single value as it is), with nulls stripped when asked, or the CSV text PostgreSQL wrote of them.
 */
export function sendRows(
  reply: FastifyReply,
  body: unknown,
  media: Media,
  status: number,
  csvText?: unknown,
) {
  reply.status(status).type(contentType(media));
  if (media.kind === 'csv') return reply.send(String(csvText ?? ''));
  let answer = body;
  if (media.kind === 'object') {
    const rows = Array.isArray(body) ? body : [body];
    if (rows.length !== 1) throw notSingle(rows.length);
    answer = rows[0];
  }
  return reply.send(JSON.stringify(media.stripNulls ? stripNulls(answer) : answer));
}

const json = (sql: string) => `coalesce((select json_agg(_r) from (${sql}) _r), '[]'::json)`;

/** The select list of a statement answering the rows of `sql`: `body` (JSON), and `csv` when asked for. */
export const bodies = (sql: string, media: Media) =>
  `${json(sql)} as body${media.kind === 'csv' ? `, ${csv(sql)} as csv` : ''}`;
