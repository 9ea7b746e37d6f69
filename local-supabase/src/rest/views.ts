// Relationships through views, as PostgREST infers them (its view key dependencies): a view column that is a
// table's column, as PostgreSQL's parser recorded it in the view's query tree (each output column's
// `resorigtbl`/`resorigcol`, followed through views of views), carries that table's foreign keys, so a view that
// shows every column of a foreign key embeds and is embedded as its table would be.
import type { Queryable } from '../db/database';
import type { ForeignKey } from './catalogue-read';

/** The end of the bracketed node starting at `from` (`(` or `{`), skipping backslash-escaped characters. */
function closing(tree: string, from: number): number {
  let depth = 0;
  for (let i = from; i < tree.length; i++) {
    const ch = tree[i];
    if (ch === '\\') i++;
    else if (ch === '(' || ch === '{') depth++;
    else if ((ch === ')' || ch === '}') && --depth === 0) return i;
  }
  return tree.length;
}

/**
 * [output column, origin relation's oid, its column number] for each column of the view's own select list whose
 * value is a column (the outermost query's `:targetList`: nested queries sit deeper in braces).
 */
function columnOrigins(tree: string): [string, number, number][] {
  let depth = 0;
  for (let i = 0; i < tree.length; i++) {
    const ch = tree[i];
    if (ch === '\\') i++;
    else if (ch === '{') depth++;
    else if (ch === '}') depth--;
    else if (depth === 1 && tree.startsWith(':targetList (', i)) {
      const start = i + ':targetList '.length;
      const list = tree.slice(start + 1, closing(tree, start));
      const origins: [string, number, number][] = [];
      for (let j = list.indexOf('{'); j >= 0; j = list.indexOf('{', closing(list, j) + 1)) {
        // An entry's own fields come after its expression, at its end.
        const entry = list.slice(j, closing(list, j) + 1);
        const own =
          / :resname ((?:\\.|\S)+) :ressortgroupref \d+ :resorigtbl (\d+) :resorigcol (\d+) :resjunk false\}$/.exec(
            entry,
          );
        if (own && own[2] !== '0')
          origins.push([own[1]!.replace(/\\(.)/g, '$1'), Number(own[2]), Number(own[3])]);
      }
      return origins;
    }
  }
  return [];
}

/** The foreign keys of `fks` as each view showing all of a key's columns (on either side) carries them. */
export async function viewForeignKeys(
  db: Queryable,
  schema: string,
  fks: ForeignKey[],
): Promise<ForeignKey[]> {
  const views = await db.query<{ name: string; tree: string }>(
    `select c.relname::text as name, r.ev_action::text as tree
     from pg_rewrite r join pg_class c on c.oid = r.ev_class join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = $1 and c.relkind in ('v', 'm') and r.rulename = '_RETURN'`,
    [schema],
  );
  if (views.rows.length === 0) return [];
  const attributes = await db.query<{ oid: number; rel: string; num: number; col: string }>(
    `select c.oid::int as oid, c.relname::text as rel, a.attnum::int as num, a.attname::text as col
     from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = $1 and a.attnum > 0 and not a.attisdropped`,
    [schema],
  );
  const column = new Map(attributes.rows.map((a) => [`${a.oid}.${a.num}`, [a.rel, a.col] as const]));
  // view -> its column -> "table.column" it shows, followed through views of views.
  const shown = new Map<string, Map<string, string>>();
  for (const { name, tree } of views.rows) {
    const map = new Map<string, string>();
    for (const [out, oid, num] of columnOrigins(tree)) {
      const origin = column.get(`${oid}.${num}`);
      if (origin) map.set(out, `${origin[0]}.${origin[1]}`);
    }
    shown.set(name, map);
  }
  const base = (ref: string, seen = 0): string => {
    const [rel, col] = [ref.slice(0, ref.indexOf('.')), ref.slice(ref.indexOf('.') + 1)];
    const next = shown.get(rel)?.get(col);
    return next && seen < 16 ? base(next, seen + 1) : ref;
  };
  /** The relations showing all of `columns` of `table`: the table itself, and each such view with its names. */
  const showing = (table: string, columns: string[]): [string, string[]][] => {
    const found: [string, string[]][] = [[table, columns]];
    for (const [view, map] of shown) {
      const names = columns.map((c) => [...map].find(([, ref]) => base(ref) === `${table}.${c}`)?.[0]);
      if (names.every((n) => n !== undefined)) found.push([view, names as string[]]);
    }
    return found;
  };
  return fks.flatMap((fk) =>
    showing(fk.table, fk.columns).flatMap(([table, columns], i) =>
      showing(fk.ref_table, fk.ref_columns).flatMap(([ref_table, ref_columns], j) =>
        i > 0 || j > 0
          ? [{ ...fk, table, columns, ref_table, ref_columns, tableIsView: i > 0, refIsView: j > 0 }]
          : [],
      ),
    ),
  );
}
