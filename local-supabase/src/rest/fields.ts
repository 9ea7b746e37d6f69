// A field as PostgREST's grammar names one in select=, order= and filters: a column, bare or in double quotes
// (`"display name"`), or a computed field (a function of the table's row), with an optional JSON path
// (`profile->city->>name`, `tags->0`). The name is checked against the relation; each key of the path is a SQL
// literal, an integer one an array index.
import { literal } from '../db/literals';
import { RestError } from '../errors';
import { quoteIdent } from './schema-cache';

/** What a query may name: a relation's columns, and the name its errors use. */
export interface Relation {
  name: string;
  columns: ReadonlySet<string>;
  /** The public table whose rows these are, when they are a table's (embedding follows its foreign keys). */
  table?: string;
  /** Each column's type name (pg_type.typname), where known: full-text search treats tsvector columns apart. */
  types?: ReadonlyMap<string, string>;
  /** The name its rows have in the SQL around a field. */
  alias?: string;
  /**
   * A table's computed fields: `f` reads as `public.f(<alias>::public.<table>)`, as PostgreSQL's functional
   * notation `<alias>.f` would (a column of the same name wins, as there). The cast makes the rows of a write's
   * CTE the table's row type.
   */
  computed?: ReadonlySet<string>;
}

/** PostgreSQL's own error for a column the relation does not have (PostgREST passes it through). */
export function checkColumn(relation: Relation, column: string): string {
  if (!relation.columns.has(column))
    throw new RestError(400, '42703', `column ${relation.name}.${column} does not exist`);
  return column;
}

export interface Field {
  /** The SQL that reads it. */
  sql: string;
  /** The column it starts from. */
  column: string;
  /** Whether it follows a JSON path. */
  path: boolean;
  /** The name PostgREST gives it in an answer: the column's, or the path's last key. */
  key: string;
}

const unquote = (name: string) => (/^".*"$/s.test(name) ? name.slice(1, -1) : name);

/** `qualified`: a column as `<alias>.<column>` (in ORDER BY, where an output column's name would win). */
export function parseField(rel: Relation, raw: string, where: string, qualified = false): Field {
  // The column: up to the first `->` outside double quotes.
  const head = /^("[^"]*"|[^"]*?)(?=->|$)/s.exec(raw)?.[1] ?? raw;
  const name = unquote(head);
  const computed = !rel.columns.has(name) && rel.computed?.has(name) && rel.table && rel.alias;
  const column = computed ? name : checkColumn(rel, name);
  const rest = raw.slice(head.length);
  let sql = computed
    ? `public.${quoteIdent(name)}(${rel.alias}::public.${quoteIdent(rel.table!)})`
    : `${qualified && rel.alias ? `${rel.alias}.` : ''}${quoteIdent(column)}`;
  let key = column;
  if (rest !== '') {
    const steps = rest.split(/(->>?)("[^"]*"|(?:(?!->)[^"])+)/);
    // split leaves '' between and around the steps: anything else is not a path.
    if (steps.some((s, i) => i % 3 === 0 && s !== ''))
      throw new RestError(400, 'PGRST100', `"failed to parse ${where}"`, `unexpected "${rest}"`);
    for (let i = 1; i < steps.length; i += 3) {
      key = unquote(steps[i + 1]!);
      sql += `${steps[i]}${/^-?\d{1,9}$/.test(key) ? `(${Number(key)})` : literal(key)}`;
    }
  }
  return { sql, column, path: rest !== '', key };
}
