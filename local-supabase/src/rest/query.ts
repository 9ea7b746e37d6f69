// PostgREST's URL grammar turned into SQL over one relation (a table, the rows a write returned, or a function's
// result): select= (columns, aliases, casts), column filters (eq, neq, gt, gte, lt, lte, like, ilike, in, is,
// with not.), or=/and= logic trees (nested, with not.), order=, limit=, offset=. Every name is checked against
// the relation's columns; every value becomes a placeholder ($n) for the literal helper.
import { RestError } from '../errors';
import { quoteIdent } from './schema-cache';

/** Query parameters that are not filters. */
export const RESERVED_PARAMS = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict']);
const COMPARISONS: Record<string, string> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' };

/** What a query may name: a relation's columns, and the name its errors use. */
export interface Relation {
  name: string;
  columns: ReadonlySet<string>;
}

export interface ParsedQuery {
  select: string;
  where: string;
  orderBy: string;
  limit: number | null;
  offset: number | null;
  params: unknown[];
  /** Whether the request named anything beyond the defaults (select=*, no filter, order or range). */
  shaped: boolean;
}

/** PostgreSQL's own error for a column the relation does not have (PostgREST passes it through). */
export function checkColumn(relation: Relation, column: string): string {
  if (!relation.columns.has(column))
    throw new RestError(400, '42703', `column ${relation.name}.${column} does not exist`);
  return column;
}

/** Splits on commas outside double quotes and parentheses, as PostgREST's parser does. */
function splitTopLevel(raw: string): string[] {
  const items: string[] = [];
  let current = '';
  let depth = 0;
  let quoted = false;
  for (const ch of raw) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === '(') depth += 1;
    else if (!quoted && ch === ')') depth -= 1;
    if (ch === ',' && !quoted && depth === 0) {
      items.push(current);
      current = '';
    } else current += ch;
  }
  items.push(current);
  return items;
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

// A cast names a type: letters, digits, underscores and spaces (`double precision`), optionally an array.
const CAST = /^[A-Za-z_][A-Za-z0-9_ ]*(\[\])?$/;
// An alias or a column: what PostgREST's select grammar accepts as a field name here.
const FIELD = /^[^\s(),.:!"]+$/;

function selectParseError(raw: string, why: string): RestError {
  return new RestError(400, 'PGRST100', `"failed to parse select parameter (${raw})"`, why);
}

function parseSelect(raw: string, relation: Relation): string {
  if (raw.trim() === '' || raw.trim() === '*') return '*';
  return splitTopLevel(raw)
    .map((item) => {
      const term = item.trim();
      if (term === '*') return '*';
      if (term.includes('(') || term.includes('!')) {
        // An embedded resource: this service knows no relationships, so PostgREST's answer for a missing one.
        const target = term.split(/[(!]/)[0]!.split(':').pop()!;
        throw new RestError(
          400,
          'PGRST200',
          `Could not find a relationship between '${relation.name}' and '${target}' in the schema cache`,
          `Searched for a foreign key relationship between '${relation.name}' and '${target}' in the schema 'public', but no matches were found.`,
        );
      }
      if (term.includes('->')) throw selectParseError(raw, 'JSON paths in select are not supported');
      if (term.startsWith('...')) throw selectParseError(raw, 'spread embeds are not supported');
      const match = /^(?:([^:]+):(?!:))?([^:]+)(?:::(.+))?$/.exec(term);
      if (!match) throw selectParseError(raw, `unexpected "${term}"`);
      const [, alias, column, cast] = match;
      if (alias !== undefined && !FIELD.test(alias)) throw selectParseError(raw, `unexpected "${alias}"`);
      if (cast !== undefined && !CAST.test(cast)) throw selectParseError(raw, `unexpected "${cast}"`);
      const name = quoteIdent(checkColumn(relation, column!));
      const value = cast ? `${name}::${cast}` : name;
      return alias !== undefined || cast ? `${value} as ${quoteIdent(alias ?? column!)}` : value;
    })
    .join(', ');
}

export function parseQuery(
  search: URLSearchParams,
  relation: Relation,
  firstParam = 1,
  /** Query parameters that are not filters (a GET /rpc call's arguments). */
  skip: ReadonlySet<string> = new Set(),
): ParsedQuery {
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${firstParam + params.length - 1}`;
  };

  const selectRaw = search.get('select') ?? '*';
  const select = parseSelect(selectRaw, relation);

  /** `op.value` or `not.op.value` on `column`, as in a query parameter or inside a logic tree. */
  const filter = (columnName: string, raw: string, where: string): string => {
    const column = quoteIdent(checkColumn(relation, columnName));
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
        `"failed to parse filter (${where})" (line 1, column ${where.length + 1})`,
        'unexpected end of input expecting "."',
      );
    }
    let value = rest.join('.');
    let condition: string;
    if (op && op in COMPARISONS) condition = `${column} ${COMPARISONS[op]} ${param(value)}`;
    else if (op === 'like' || op === 'ilike')
      condition = `${column}::text ${op} ${param(value.replace(/\*/g, '%'))}`;
    else if (op === 'in') condition = `${column} = any(${param(parseList(value))})`;
    else if (op === 'is') {
      value = value.toLowerCase();
      const literal = { null: 'null', true: 'true', false: 'false', unknown: 'unknown' }[value];
      if (!literal) throw new RestError(400, 'PGRST100', `"failed to parse filter (${raw})"`);
      condition = `${column} is ${literal}`;
    } else
      throw new RestError(400, 'PGRST100', `"failed to parse filter (${raw})"`, null, 'Unknown operator');
    return negate ? `not (${condition})` : condition;
  };

  /** `(a.eq.1,b.gt.2,and(c.is.null,...))` joined by `and` or `or`. */
  const logic = (operator: 'and' | 'or', raw: string, where: string): string => {
    const fail = () => new RestError(400, 'PGRST100', `"failed to parse logic tree (${where})"`);
    if (!raw.startsWith('(') || !raw.endsWith(')') || raw.length < 3) throw fail();
    const parts = splitTopLevel(raw.slice(1, -1)).map((part) => {
      let term = part.trim();
      let negate = false;
      if (term.startsWith('not.') && /^not\.(and|or)\(/.test(term)) {
        negate = true;
        term = term.slice(4);
      }
      const nested = /^(and|or)(\(.*\))$/s.exec(term);
      let condition: string;
      if (nested) condition = logic(nested[1] as 'and' | 'or', nested[2]!, where);
      else {
        const dot = term.indexOf('.');
        if (dot <= 0) throw fail();
        let value = term.slice(dot + 1);
        // A value in double quotes keeps its commas and parentheses (`name.eq."a,b"`).
        value = value.replace(/^((?:not\.)?[a-z]+\.)"(.*)"$/s, '$1$2');
        condition = filter(term.slice(0, dot), value, where);
      }
      return negate ? `not (${condition})` : condition;
    });
    return `(${parts.join(` ${operator} `)})`;
  };

  const conditions: string[] = [];
  let filtered = false;
  for (const [key, raw] of search.entries()) {
    if (RESERVED_PARAMS.has(key) || skip.has(key)) continue;
    filtered = true;
    const tree = /^(not\.)?(and|or)$/.exec(key);
    if (tree) {
      const condition = logic(tree[2] as 'and' | 'or', raw, `${key}=${raw}`);
      conditions.push(tree[1] ? `not ${condition}` : condition);
    } else conditions.push(filter(key, raw, raw));
  }

  const orderRaw = search.get('order');
  const orderBy = orderRaw
    ? `order by ${orderRaw
        .split(',')
        .map((term) => {
          const [name, ...mods] = term.split('.');
          const parts = [quoteIdent(checkColumn(relation, name ?? ''))];
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
    shaped: select !== '*' || filtered || orderBy !== '' || limit !== null || offset !== null,
  };
}
