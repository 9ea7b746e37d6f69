// PostgREST's URL grammar turned into SQL over one relation (a table, the rows a write returned, or a function's
// result): select= (columns, computed fields, aliases, casts, embedded resources, spread embeds; aggregates are
// refused as hosted Supabase refuses them), the filters and logic trees of filters.ts,
// order=, limit=, offset=. Every name is checked against the relation's columns; every value becomes a
// placeholder ($n) for the literal helper.
import type { Value } from '../db/literals';
import { RestError } from '../errors';
import { castSql } from './casts';
import { parseField, type Relation } from './fields';
import { conditions, MAX_NESTING, splitTopLevel } from './filters';
import { noRelationship } from './relationships';
import { quoteIdent, type Catalogue, type Join } from './schema-cache';

/** Query parameters that are not filters. */
const RESERVED_PARAMS = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict']);

/** One item of a select list: its SQL and the names of the columns it gives. */
interface Item {
  sql: string;
  names: string[];
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

// An alias or a column: what PostgREST's select grammar accepts as a field name here.
const FIELD = /^[^\s(),.:!"]+$/;

function selectParseError(raw: string, why: string): RestError {
  return new RestError(400, 'PGRST100', `"failed to parse select parameter (${raw})"`, why);
}

/**
 * An aggregate as PostgREST's select grammar reads one: `[alias:]count()[::type]` or
 * `[alias:]field[::type].(sum|avg|count|max|min)()[::type]`. Hosted Supabase leaves PostgREST's
 * `db-aggregates-enabled` off, so each is its PGRST123 once the embeds are resolved (its Plan.hs order).
 */
const AGGREGATE = /^(?:[^:(),]+:(?!:))?(?:count|[^(),]+\.(?:sum|avg|count|max|min))\(\)(?:::[^:(),]+)?$/s;
const aggregatesNotAllowed = () =>
  new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed');

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

  const { filter, logic } = conditions(param);

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
    /** The names of the select list's columns, in order (what a spread of this level brings up). */
    names: string[];
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
    relation: Relation,
    alias: string,
    selectRaw: string,
    entries: [string, string][],
    depth = 0,
  ): Level => {
    if (depth > MAX_NESTING)
      throw selectParseError(selectRaw, `embedded resources nested deeper than ${MAX_NESTING} levels`);
    const computed = relation.table && catalogue ? catalogue.computedFields(relation.table) : undefined;
    const rel: Relation = { ...relation, alias, computed };
    // Each embed collects the entries addressed to it; it is built once all of them are known.
    const embeds = new Map<string, { inner: boolean; entries: [string, string][]; exists: string }>();
    // Each select item: SQL with the names of its columns, or an embed's builder (null: nothing to show).
    const items: (Item | (() => Item | null))[] = [];
    let aggregate = false;
    const selectTerms = selectRaw.trim() === '' ? ['*'] : splitTopLevel(selectRaw);
    for (const item of selectTerms) {
      const term = item.trim();
      if (term === '*') {
        items.push({ sql: '*', names: [...rel.columns] });
        continue;
      }
      if (AGGREGATE.test(term)) {
        aggregate = true;
        continue;
      }
      // A spread (`...rel!hint(fields)`) has no alias: its fields join this level's.
      const spread = term.startsWith('...');
      if (/^[^:()]*:\.\.\./s.test(term)) throw selectParseError(selectRaw, `unexpected "${term}"`);
      const embedded = /^(?:([^:()!]+):)?([^:()!]+)((?:![^!()]+)*)\((.*)\)$/s.exec(
        spread ? term.slice(3) : term,
      );
      if (spread && (!embedded || embedded[1] !== undefined))
        throw selectParseError(selectRaw, `unexpected "${term}"`);
      if (embedded || term.includes('(') || term.includes('!')) {
        const target = embedded?.[2] ?? term.split(/[(!]/)[0]!.split(':').pop()!;
        const hints = (embedded?.[3] ?? '').split('!').filter(Boolean);
        const inner = hints.includes('inner');
        const hint = hints.find((h) => h !== 'inner' && h !== 'left');
        if (!embedded || !catalogue || !rel.table) throw noRelationship(rel.name, target);
        const join = catalogue.join(rel.table, target, hint);
        const name = embedded[1] ?? target;
        // PostgreSQL's own error for the alias PostgREST gives both (`<table>_<name>_<depth>`).
        if (embeds.has(name))
          throw new RestError(
            400,
            '42712',
            `table name "${rel.name}_${name}_${depth + 1}" specified more than once`,
          );
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
        // An embed without fields (`users()`) is not in the answer; with !inner it still filters the rows.
        const shown = node.trim() !== '';
        items.push(() => {
          const child = level(childRel, childAlias, node, e.entries, depth + 1);
          const names = child.names.map(quoteIdent);
          const on = join.junction
            ? [junctionCondition(join, childAlias, alias)]
            : join.pairs.map(
                ([mine, theirs]) => `${childAlias}.${quoteIdent(theirs)} = ${alias}.${quoteIdent(mine)}`,
              );
          const where = [...on, ...child.conditions].join(' and ');
          e.exists = `exists (select 1 from public.${quoteIdent(join.target)} ${childAlias} where ${where})`;
          const range = `${child.limit === null ? '' : `limit ${child.limit}`} ${child.offset === null ? '' : `offset ${child.offset}`}`;
          const rows = `select ${child.select} from public.${quoteIdent(join.target)} ${childAlias} where ${where} ${child.orderBy} ${range}`;
          if (!shown) return null;
          // A spread brings each of its fields up: from a to-one its value, from a to-many an array of them
          // (PostgREST 13+).
          if (spread)
            return {
              sql: names
                .map((n) =>
                  join.many
                    ? `coalesce((select json_agg(_e.${n}) from (${rows}) _e), '[]'::json) as ${n}`
                    : `(select _e.${n} from (${rows}) _e limit 1) as ${n}`,
                )
                .join(', '),
              names: child.names,
            };
          return {
            sql: join.many
              ? `coalesce((select json_agg(_e) from (${rows}) _e), '[]'::json) as ${quoteIdent(name)}`
              : `(select to_json(_e) from (${rows}) _e limit 1) as ${quoteIdent(name)}`,
            names: [name],
          };
        });
        continue;
      }
      const match = /^(?:([^:"]+):(?!:))?((?:"[^"]*"|[^:"])+)(?:::(.+))?$/s.exec(term);
      if (!match) throw selectParseError(selectRaw, `unexpected "${term}"`);
      const [, as, column, cast] = match;
      if (as !== undefined && !FIELD.test(as)) throw selectParseError(selectRaw, `unexpected "${as}"`);
      const f = parseField(rel, column!, `select parameter (${selectRaw})`);
      const value =
        cast === undefined
          ? f.sql
          : `(${f.sql})::${castSql(cast, catalogue?.castTypes ?? new Map(), selectRaw)}`;
      const key = as ?? f.key;
      items.push({ sql: value === quoteIdent(key) ? value : `${value} as ${quoteIdent(key)}`, names: [key] });
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
    // Embeds are built after their filters are known; `!inner` ones also filter this relation's rows. As in
    // PostgREST's SQL, the relation's own fields come first, then embeds and spreads in the order named.
    const fields = [
      ...items.filter((item) => typeof item !== 'function'),
      ...items.filter((item) => typeof item === 'function').map((build) => build()),
    ].filter((f) => f !== null);
    if (aggregate) throw aggregatesNotAllowed();
    // Only empty embeds leave no column: `select from`, each row `{}` as in PostgREST.
    const select = fields
      .map((f) => f.sql)
      .filter((sql) => sql !== '')
      .join(', ');
    for (const e of embeds.values()) if (e.inner) conditions.push(e.exists);

    const orderBy = orderRaw
      ? `order by ${orderRaw
          .split(',')
          .map((term) => {
            // The field (a quoted name may hold dots), then its modifiers.
            const name = /^(?:"[^"]*"|[^."])*/.exec(term)![0];
            const mods = term.slice(name.length).split('.').slice(1);
            const parts = [parseField(rel, name, `order (${orderRaw})`, true).sql];
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
    return { select, names: fields.flatMap((f) => f.names), conditions, orderBy, limit, offset };
  };

  const entries = [...search.entries()].filter(
    ([key]) => key !== 'select' && key !== 'columns' && key !== 'on_conflict',
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
