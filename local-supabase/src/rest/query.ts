// PostgREST's URL grammar, as far as this app and its tests use it, turned into parameterised SQL:
// select=, column filters (eq, neq, gt, gte, lt, lte, like, ilike, in, is, with not.), order=, limit=, offset=.
import { RestError } from '../errors';
import { quoteIdent, type SchemaCache } from './schema-cache';

const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict']);
const COMPARISONS: Record<string, string> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' };

export interface ParsedQuery {
  select: string;
  where: string;
  orderBy: string;
  limit: number | null;
  offset: number | null;
  params: unknown[];
}

/** Splits `in.(a,"b,c")` lists, honouring double quotes as PostgREST does. */
function parseList(raw: string): string[] {
  if (!raw.startsWith('(') || !raw.endsWith(')'))
    throw new RestError(400, 'PGRST100', `"failed to parse filter (${raw})"`);
  const items: string[] = [];
  let current = '';
  let quoted = false;
  for (const ch of raw.slice(1, -1)) {
    if (ch === '"') quoted = !quoted;
    else if (ch === ',' && !quoted) {
      items.push(current);
      current = '';
    } else current += ch;
  }
  if (raw.length > 2) items.push(current);
  return items;
}

export function parseQuery(
  search: URLSearchParams,
  table: string,
  cache: SchemaCache,
  firstParam = 1,
): ParsedQuery {
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${firstParam + params.length - 1}`;
  };

  cache.columns(table); // an unknown table is a 404 before anything else
  const selectRaw = search.get('select') ?? '*';
  const select =
    selectRaw === '*'
      ? '*'
      : selectRaw
          .split(',')
          .map((c) => quoteIdent(cache.column(table, c.trim())))
          .join(', ');

  const conditions: string[] = [];
  for (const [key, raw] of search.entries()) {
    if (RESERVED.has(key)) continue;
    if (key === 'or' || key === 'and')
      throw new RestError(400, 'PGRST100', 'Logical filters are not supported here');
    const column = quoteIdent(cache.column(table, key));
    let [op, ...rest] = raw.split('.');
    let negate = false;
    if (op === 'not') {
      negate = true;
      [op, ...rest] = rest;
    }
    // `eq` alone has no operand (PostgREST: 400); `eq.` compares with the empty string.
    if (rest.length === 0) {
      throw new RestError(
        400,
        'PGRST100',
        `"failed to parse filter (${raw})" (line 1, column ${raw.length + 1})`,
        'unexpected end of input expecting "."',
      );
    }
    const value = rest.join('.');
    let condition: string;
    if (op && op in COMPARISONS) condition = `${column} ${COMPARISONS[op]} ${param(value)}`;
    else if (op === 'like' || op === 'ilike')
      condition = `${column}::text ${op} ${param(value.replace(/\*/g, '%'))}`;
    else if (op === 'in') condition = `${column} = any(${param(parseList(value))})`;
    else if (op === 'is') {
      const literal = { null: 'null', true: 'true', false: 'false', unknown: 'unknown' }[value];
      if (!literal) throw new RestError(400, 'PGRST100', `"failed to parse filter (${raw})"`);
      condition = `${column} is ${literal}`;
    } else
      throw new RestError(400, 'PGRST100', `"failed to parse filter (${raw})"`, null, 'Unknown operator');
    conditions.push(negate ? `not (${condition})` : condition);
  }

  const orderRaw = search.get('order');
  const orderBy = orderRaw
    ? `order by ${orderRaw
        .split(',')
        .map((term) => {
          const [name, ...mods] = term.split('.');
          const parts = [quoteIdent(cache.column(table, name ?? ''))];
          for (const mod of mods) {
            if (mod === 'asc' || mod === 'desc') parts.push(mod);
            else if (mod === 'nullsfirst' || mod === 'nullslast')
              parts.push(mod === 'nullsfirst' ? 'nulls first' : 'nulls last');
            else throw new RestError(400, 'PGRST100', `"failed to parse order (${orderRaw})"`);
          }
          return parts.join(' ');
        })
        .join(', ')}`
    : '';

  const number = (name: string) => {
    const raw = search.get(name);
    if (raw === null) return null;
    // Within PostgreSQL's bigint, so a huge one is this 400 and not an overflow further on.
    if (!/^\d{1,18}$/.test(raw)) throw new RestError(400, 'PGRST100', `"failed to parse ${name} (${raw})"`);
    return Number(raw);
  };
  const limit = number('limit');
  const offset = number('offset');
  return {
    select,
    where: conditions.length ? `where ${conditions.join(' and ')}` : '',
    orderBy,
    limit,
    offset,
    params,
  };
}
