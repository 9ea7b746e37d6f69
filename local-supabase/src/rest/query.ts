// PostgREST's URL grammar turned into SQL over one relation (a table, the rows a write returned, or a function's
// result): select= (columns, aliases, casts), column filters (PostgREST 14's operators, with not. and the
// (any)/(all) quantifiers), or=/and= logic trees (nested, with not.), order=, limit=, offset=. Every name is
// checked against the relation's columns; every value becomes a placeholder ($n) for the literal helper, which
// PostgreSQL reads as an untyped literal (PostgREST's unknownLiteral) and casts to what the operator needs.
import type { Value } from '../db/literals';
import { RestError } from '../errors';
import { castSql } from './casts';
import { noRelationship, quoteIdent, type Catalogue, type Join } from './schema-cache';

/** Query parameters that are not filters. */
export const RESERVED_PARAMS = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict']);
/** Operators that take a quantifier, `eq(any).{1,2}` (PostgREST's quantOperator). */
const QUANTIFIABLE: Record<string, string> = {
  eq: '=',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
};
/** Operators without one: inequality, and the array, range and containment operators (simpleOperator). */
const SIMPLE: Record<string, string> = {
  neq: '<>',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
};
/** Full-text search: the tsquery each builds from the value. */
const FTS: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};
const IS_VALUES: Record<string, string> = {
  null: 'null',
  not_null: 'not null',
  true: 'true',
  false: 'false',
  unknown: 'unknown',
};

/** What a query may name: a relation's columns, and the name its errors use. */
export interface Relation {
  name: string;
  columns: ReadonlySet<string>;
  /** The public table whose rows these are, when they are a table's (embedding follows its foreign keys). */
  table?: string;
  /** Each column's type name (pg_type.typname), where known: full-text search treats tsvector columns apart. */
  types?: ReadonlyMap<string, string>;
}

export interface ParsedQuery {
  select: string;
  where: string;
  orderBy: string;
  limit: number | null;
  offset: number | null;
  params: Value[];
  /** Whether the request named anything beyond the defaults (select=*, no filter, order or range). */
  shaped: boolean;
}

/** PostgreSQL's own error for a column the relation does not have (PostgREST passes it through). */
export function checkColumn(relation: Relation, column: string): string {
  if (!relation.columns.has(column))
    throw new RestError(400, '42703', `column ${relation.name}.${column} does not exist`);
  return column;
}

/**
 * Splits on commas outside double quotes and parentheses, as PostgREST's parser does; in a logic tree also
 * outside braces (an array value, `tags.cs.{a,b}`).
 */
function splitTopLevel(raw: string, braces = false): string[] {
  const items: string[] = [];
  let current = '';
  let depth = 0;
  let quoted = false;
  for (const ch of raw) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '(' || (braces && ch === '{'))) depth += 1;
    else if (!quoted && (ch === ')' || (braces && ch === '}'))) depth -= 1;
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

// An alias or a column: what PostgREST's select grammar accepts as a field name here.
const FIELD = /^[^\s(),.:!"]+$/;

function selectParseError(raw: string, why: string): RestError {
  return new RestError(400, 'PGRST100', `"failed to parse select parameter (${raw})"`, why);
}

/**
 * How deep embedded resources and and=/or= trees may nest. Each level is a subquery or a parenthesised
 * condition: past this PostgreSQL's parser (PGlite's WebAssembly stack above all) and this service's recursion
 * run out (600 levels of embeds, 2,600 of `or(`, answered 500), which must be a 400 PGRST100 instead.
 */
const MAX_NESTING = 16;

const number = (name: string, raw: string | null) => {
  if (raw === null) return null;
  // Within PostgreSQL's bigint, so a huge one is this 400 and not an overflow further on.
  if (!/^\d{1,18}$/.test(raw)) throw new RestError(400, 'PGRST100', `"failed to parse ${name} (${raw})"`);
  return Number(raw);
};

export function parseQuery(
  search: URLSearchParams,
  relation: Relation,
  firstParam = 1,
  /** Query parameters that are not filters (a GET /rpc call's arguments). */
  skip: ReadonlySet<string> = new Set(),
  /** The table's foreign keys, for embedded resources; without it an embed is PGRST200. */
  catalogue?: Catalogue,
  /** The name the outermost relation has in the SQL around this query (embeds refer to its columns). */
  outer = '_t0',
): ParsedQuery {
  const params: Value[] = [];
  const param = (value: Value) => {
    params.push(value);
    return `$${firstParam + params.length - 1}`;
  };
  let aliases = 0;

  /** `op.value` or `not.op.value` on `column` of `rel`, as in a query parameter or inside a logic tree. */
  const filter = (rel: Relation, columnName: string, raw: string, where: string): string => {
    const name = checkColumn(rel, columnName);
    const column = quoteIdent(name);
    const negate = raw.startsWith('not.');
    const expression = negate ? raw.slice(4) : raw;
    const dot = expression.indexOf('.');
    // `eq` alone has no operand (PostgREST: 400); `eq.` compares with the empty string.
    if (dot < 0) {
      throw new RestError(
        400,
        'PGRST100',
        `"failed to parse filter (${where})" (line 1, column ${where.length + 1})`,
        'unexpected end of input expecting "."',
      );
    }
    const value = expression.slice(dot + 1);
    // `op`, `op(any)`/`op(all)`, or a full-text operator with its language, `fts(english)`.
    const [, op = '', modifier] = /^([a-z_]+)(?:\((.*)\))?$/s.exec(expression.slice(0, dot)) ?? [];
    const unknown = () =>
      new RestError(400, 'PGRST100', `"failed to parse filter (${raw})"`, null, 'Unknown operator');
    let condition: string;
    if (
      Object.hasOwn(QUANTIFIABLE, op) &&
      (modifier === undefined || modifier === 'any' || modifier === 'all')
    ) {
      const text = op === 'like' || op === 'ilike';
      // like and ilike take `*` for `%`, which a URL need not escape.
      const operand = param(text ? value.replace(/\*/g, '%') : value);
      const left = text ? `${column}::text` : column;
      condition = `${left} ${QUANTIFIABLE[op]} ${modifier ? `${modifier}(${operand})` : operand}`;
    } else if (modifier !== undefined && Object.hasOwn(FTS, op)) {
      if (!/^[A-Za-z0-9_ $]+$/.test(modifier)) throw unknown();
      condition = fullText(rel, name, FTS[op]!, value, modifier.trim());
    } else if (modifier !== undefined) throw unknown();
    else if (Object.hasOwn(SIMPLE, op)) condition = `${column} ${SIMPLE[op]} ${param(value)}`;
    else if (Object.hasOwn(FTS, op)) condition = fullText(rel, name, FTS[op]!, value);
    else if (op === 'in') {
      const list = parseList(value);
      // in.() matches nothing, as PostgREST's `= any('{}')`.
      condition = `${column} = any(${param(list)})`;
    } else if (op === 'is') {
      // Own keys only: `is.constructor` is no value.
      const is = Object.hasOwn(IS_VALUES, value.toLowerCase()) ? IS_VALUES[value.toLowerCase()] : undefined;
      if (!is) throw new RestError(400, 'PGRST100', `"failed to parse filter (${raw})"`);
      condition = `${column} is ${is}`;
    } else if (op === 'isdistinct') condition = `${column} is distinct from ${param(value)}`;
    else throw unknown();
    return negate ? `not (${condition})` : condition;
  };

  /** `col @@ to_tsquery([lang,] value)`; a column that is not a tsvector is read with to_tsvector([lang,] col). */
  const fullText = (rel: Relation, name: string, query: string, value: string, lang?: string) => {
    const language = lang === undefined ? '' : `${param(lang)}, `;
    const column = quoteIdent(name);
    const vector = rel.types?.get(name) === 'tsvector' ? column : `to_tsvector(${language}${column})`;
    return `${vector} @@ ${query}(${language}${param(value)})`;
  };

  /** `(a.eq.1,b.gt.2,and(c.is.null,...))` joined by `and` or `or`. */
  const logic = (rel: Relation, operator: 'and' | 'or', raw: string, where: string, depth = 1): string => {
    const fail = () => new RestError(400, 'PGRST100', `"failed to parse logic tree (${where})"`);
    if (depth > MAX_NESTING)
      throw new RestError(
        400,
        'PGRST100',
        `"failed to parse logic tree (${where})"`,
        `logic trees nested deeper than ${MAX_NESTING} levels`,
      );
    if (!raw.startsWith('(') || !raw.endsWith(')') || raw.length < 3) throw fail();
    const parts = splitTopLevel(raw.slice(1, -1), true).map((part) => {
      let term = part.trim();
      let negate = false;
      if (/^not\.(and|or)\(/.test(term)) {
        negate = true;
        term = term.slice(4);
      }
      const nested = /^(and|or)(\(.*\))$/s.exec(term);
      let condition: string;
      if (nested) condition = logic(rel, nested[1] as 'and' | 'or', nested[2]!, where, depth + 1);
      else {
        const dot = term.indexOf('.');
        if (dot <= 0) throw fail();
        // A value in double quotes keeps its commas and parentheses (`name.eq."a,b"`).
        const value = term.slice(dot + 1).replace(/^((?:not\.)?[a-z_]+(?:\([^()]*\))?\.)"(.*)"$/s, '$1$2');
        condition = filter(rel, term.slice(0, dot), value, where);
      }
      return negate ? `not (${condition})` : condition;
    });
    return `(${parts.join(` ${operator} `)})`;
  };

  /**
   * Many-to-many: a junction row links the embedded row to the embedding one. An EXISTS rather than a join, so
   * the embedded table's columns need no qualifying (each embedded row comes once).
   */
  const junctionCondition = (join: Join, childAlias: string, alias: string) => {
    const j = `_j${childAlias.slice(2)}`;
    const links = [
      ...join.junction!.pairs.map(
        ([target, jc]) => `${j}.${quoteIdent(jc)} = ${childAlias}.${quoteIdent(target)}`,
      ),
      ...join.pairs.map(([mine, jc]) => `${j}.${quoteIdent(jc)} = ${alias}.${quoteIdent(mine)}`),
    ];
    return `exists (select 1 from public.${quoteIdent(join.junction!.table)} ${j} where ${links.join(' and ')})`;
  };

  interface Level {
    select: string;
    conditions: string[];
    orderBy: string;
    limit: number | null;
    offset: number | null;
  }

  /**
   * One relation of the request: its select list (with embedded resources as subqueries), its filters, order
   * and range, from the entries addressed to it (`col=...`, `order=...`; an embed's as `embed.col=...`).
   */
  const level = (
    rel: Relation,
    alias: string,
    selectRaw: string,
    entries: [string, string][],
    depth = 0,
  ): Level => {
    if (depth > MAX_NESTING)
      throw selectParseError(selectRaw, `embedded resources nested deeper than ${MAX_NESTING} levels`);
    // Each embed collects the entries addressed to it; it is built once all of them are known.
    const embeds = new Map<string, { inner: boolean; entries: [string, string][]; exists: string }>();
    const items: (string | (() => string))[] = [];
    const selectTerms = selectRaw.trim() === '' ? ['*'] : splitTopLevel(selectRaw);
    for (const item of selectTerms) {
      const term = item.trim();
      if (term === '*') {
        items.push('*');
        continue;
      }
      const embedded = /^(?:([^:()!]+):)?([^:()!]+)((?:![^!()]+)*)\((.*)\)$/s.exec(term);
      if (embedded || term.includes('(') || term.includes('!')) {
        const target = embedded?.[2] ?? term.split(/[(!]/)[0]!.split(':').pop()!;
        const hints = (embedded?.[3] ?? '').split('!').filter(Boolean);
        const inner = hints.includes('inner');
        const hint = hints.find((h) => h !== 'inner' && h !== 'left');
        if (!embedded || !catalogue || !rel.table) throw noRelationship(rel.name, target);
        const join = catalogue.join(rel.table, target, hint);
        const name = embedded[1] ?? target;
        const childAlias = `_t${++aliases}`;
        const childRel: Relation = {
          name: join.target,
          columns: catalogue.columns(join.target),
          table: join.target,
          types: catalogue.columnTypes(join.target),
        };
        const node = embedded[4]!;
        const e = { inner, entries: [] as [string, string][], exists: '' };
        embeds.set(name, e);
        items.push(() => {
          const child = level(childRel, childAlias, node, e.entries, depth + 1);
          const on = join.junction
            ? [junctionCondition(join, childAlias, alias)]
            : join.pairs.map(
                ([mine, theirs]) => `${childAlias}.${quoteIdent(theirs)} = ${alias}.${quoteIdent(mine)}`,
              );
          const where = [...on, ...child.conditions].join(' and ');
          e.exists = `exists (select 1 from public.${quoteIdent(join.target)} ${childAlias} where ${where})`;
          const range = `${child.limit === null ? '' : `limit ${child.limit}`} ${child.offset === null ? '' : `offset ${child.offset}`}`;
          const rows = `select ${child.select} from public.${quoteIdent(join.target)} ${childAlias} where ${where} ${child.orderBy} ${range}`;
          return join.many
            ? `coalesce((select json_agg(_e) from (${rows}) _e), '[]'::json) as ${quoteIdent(name)}`
            : `(select to_json(_e) from (${rows}) _e limit 1) as ${quoteIdent(name)}`;
        });
        continue;
      }
      if (term.includes('->')) throw selectParseError(selectRaw, 'JSON paths in select are not supported');
      if (term.startsWith('...')) throw selectParseError(selectRaw, 'spread embeds are not supported');
      const match = /^(?:([^:]+):(?!:))?([^:]+)(?:::(.+))?$/.exec(term);
      if (!match) throw selectParseError(selectRaw, `unexpected "${term}"`);
      const [, as, column, cast] = match;
      if (as !== undefined && !FIELD.test(as)) throw selectParseError(selectRaw, `unexpected "${as}"`);
      const name = quoteIdent(checkColumn(rel, column!));
      const value =
        cast === undefined ? name : `${name}::${castSql(cast, catalogue?.castTypes ?? new Map(), selectRaw)}`;
      items.push(as !== undefined || cast ? `${value} as ${quoteIdent(as ?? column!)}` : value);
    }

    const conditions: string[] = [];
    let orderRaw: string | null = null;
    let limit: number | null = null;
    let offset: number | null = null;
    for (const [key, raw] of entries) {
      const dot = key.indexOf('.');
      const head = dot > 0 ? key.slice(0, dot) : null;
      const tree = /^(not\.)?(and|or)$/.exec(key);
      if (key === 'order') orderRaw = raw;
      else if (key === 'limit') limit = number('limit', raw);
      else if (key === 'offset') offset = number('offset', raw);
      else if (tree) {
        const condition = logic(rel, tree[2] as 'and' | 'or', raw, `${key}=${raw}`);
        conditions.push(tree[1] ? `not ${condition}` : condition);
      } else if (head !== null && embeds.has(head)) embeds.get(head)!.entries.push([key.slice(dot + 1), raw]);
      else conditions.push(filter(rel, key, raw, raw));
    }
    // Embeds are built after their filters are known; `!inner` ones also filter this relation's rows.
    const select = items.map((item) => (typeof item === 'string' ? item : item())).join(', ');
    for (const e of embeds.values()) if (e.inner) conditions.push(e.exists);

    const orderBy = orderRaw
      ? `order by ${orderRaw
          .split(',')
          .map((term) => {
            const [name, ...mods] = term.split('.');
            const parts = [quoteIdent(checkColumn(rel, name ?? ''))];
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
    return { select, conditions, orderBy, limit, offset };
  };

  const entries = [...search.entries()].filter(
    ([key]) => key !== 'select' && key !== 'columns' && key !== 'on_conflict' && !skip.has(key),
  );
  const top = level(relation, outer, search.get('select') ?? '*', entries);
  const filtered = entries.some(([key]) => !RESERVED_PARAMS.has(key));
  return {
    select: top.select,
    where: top.conditions.length ? `where ${top.conditions.join(' and ')}` : '',
    orderBy: top.orderBy,
    limit: top.limit,
    offset: top.offset,
    params,
    shaped: top.select !== '*' || filtered || top.orderBy !== '' || top.limit !== null || top.offset !== null,
  };
}
