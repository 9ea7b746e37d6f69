// What PostgREST calls its schema cache: the tables, columns and functions of the exposed schema, so every
// identifier in a request is checked against the catalogue before it reaches SQL.
import type { Queryable } from '../db/database';
import { readCatalogue, type ForeignKey, type FunctionInfo } from './catalogue-read';
import { RestError } from '../errors';

/**
 * How one table reaches another: through a foreign key, to one row (an object) or to many (an array), or through
 * a junction table (many-to-many).
 */
export interface Join {
  target: string;
  many: boolean;
  /**
   * [column of the embedding table, column of the embedded one], for each column of the key; through a junction,
   * [column of the embedding table, column of the junction].
   */
  pairs: [string, string][];
  /** A many-to-many's junction table, and [column of the embedded table, column of the junction] pairs. */
  junction?: { table: string; pairs: [string, string][] };
}

/** What embedding and casts need from the schema cache. */
export interface Catalogue {
  /** The types a cast may name: pg_type.typname to its schema-qualified, quoted name. */
  castTypes: ReadonlyMap<string, string>;
  columns(table: string): ReadonlySet<string>;
  /** Each column's type name (pg_type.typname). */
  columnTypes(table: string): ReadonlyMap<string, string>;
  join(from: string, to: string, hint: string | undefined): Join;
}

export class SchemaCache implements Catalogue {
  private constructor(
    private tables: Map<string, Set<string>>,
    private types: Map<string, Map<string, string>>,
    private keys: Map<string, string[]>,
    private foreignKeys: ForeignKey[],
    private functions: Map<string, FunctionInfo>,
    /** Each table's column defaults as SQL (serials and identity columns too), for `Prefer: missing=default`. */
    private defaults: Map<string, Map<string, string>>,
    /** pg_timezone_names, what `Prefer: timezone` accepts. */
    public timezones: ReadonlySet<string>,
    /** Each API role's own settings (`alter role anon set statement_timeout = '3s'`). */
    private roleConfig: Map<string, [string, string][]>,
    public castTypes: ReadonlyMap<string, string>,
  ) {}

  static async load(db: Queryable, schema = 'public'): Promise<SchemaCache> {
    const c = await readCatalogue(db, schema);
    return new SchemaCache(
      c.tables,
      c.types,
      c.keys,
      c.foreignKeys,
      c.functions,
      c.defaults,
      c.timezones,
      c.roleConfig,
      c.castTypes,
    );
  }

  /** The settings a request as `role` starts with. */
  roleSettings(role: string): readonly [string, string][] {
    return this.roleConfig.get(role) ?? [];
  }

  columnTypes(table: string): ReadonlyMap<string, string> {
    this.columns(table);
    return this.types.get(table)!;
  }

  /**
   * Reads the catalogue again and takes its place (NOTIFY pgrst, 'reload schema'); requests under way keep
   * what they already looked up. A failed read leaves the cache as it was.
   */
  async reload(db: Queryable, schema = 'public'): Promise<void> {
    Object.assign(this, await SchemaCache.load(db, schema));
  }

  /** The default of each column of `table` that has one. */
  columnDefaults(table: string): ReadonlyMap<string, string> {
    this.columns(table);
    return this.defaults.get(table) ?? new Map();
  }

  columns(table: string): Set<string> {
    const columns = this.tables.get(table);
    if (!columns) {
      throw new RestError(404, 'PGRST205', `Could not find the table 'public.${table}' in the schema cache`);
    }
    return columns;
  }

  /**
   * How `from` embeds `to`: through a foreign key of `from` (to one row) or of `to` (to many), picked by `hint`
   * (the key's name or its column) when there are several; PostgREST's PGRST200 and PGRST201 otherwise.
   */
  join(from: string, to: string, hint: string | undefined): Join {
    const candidates: { fk: ForeignKey; join: Join; via?: ForeignKey }[] = [];
    for (const fk of this.foreignKeys) {
      if (fk.table === from && fk.ref_table === to)
        candidates.push({
          fk,
          join: { target: to, many: false, pairs: fk.columns.map((c, i) => [c, fk.ref_columns[i]!]) },
        });
      if (fk.ref_table === from && fk.table === to)
        candidates.push({
          fk,
          join: { target: to, many: true, pairs: fk.ref_columns.map((c, i) => [c, fk.columns[i]!]) },
        });
    }
    // Many-to-many, as PostgREST detects it: a junction table with a foreign key to each side whose columns are
    // all part of its primary key (not between a table and itself).
    if (from !== to) {
      for (const mine of this.foreignKeys) {
        if (mine.ref_table !== from) continue;
        const key = new Set(this.keys.get(mine.table) ?? []);
        for (const theirs of this.foreignKeys) {
          if (theirs.table !== mine.table || theirs.ref_table !== to || theirs.name === mine.name) continue;
          if (![...mine.columns, ...theirs.columns].every((c) => key.has(c))) continue;
          candidates.push({
            fk: mine,
            via: theirs,
            join: {
              target: to,
              many: true,
              pairs: mine.ref_columns.map((c, i) => [c, mine.columns[i]!]),
              junction: {
                table: mine.table,
                pairs: theirs.ref_columns.map((c, i) => [c, theirs.columns[i]!]),
              },
            },
          });
        }
      }
    }
    // A hint names a foreign key (or its column) or, for many-to-many, the junction table.
    const matching = hint
      ? candidates.filter(({ fk, via }) =>
          via ? fk.table === hint : fk.name === hint || fk.columns.join(',') === hint,
        )
      : candidates;
    if (matching.length === 0) throw noRelationship(from, to);
    if (matching.length > 1) {
      throw new RestError(
        300,
        'PGRST201',
        `Could not embed because more than one relationship was found for '${from}' and '${to}'`,
        matching
          .map(({ fk, via }) =>
            via
              ? `many-to-many through ${fk.table} using ${fk.name} and ${via.name}`
              : `${fk.table}(${fk.columns.join(', ')}) references ${fk.ref_table} (${fk.name})`,
          )
          .join('; '),
        `Try changing '${to}' to one of the following: ${matching.map(({ fk, via }) => `'${to}!${via ? fk.table : fk.name}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
      );
    }
    return matching[0]!.join;
  }

  primaryKey(table: string): string[] {
    this.columns(table);
    return this.keys.get(table) ?? [];
  }

  /** A key of a request body: PostgREST's schema-cache error for an unknown one. */
  bodyColumn(table: string, column: string): string {
    if (!this.columns(table).has(column)) {
      throw new RestError(
        400,
        'PGRST204',
        `Could not find the '${column}' column of '${table}' in the schema cache`,
      );
    }
    return column;
  }

  /** The input arguments a function declares, or null for an unknown function. */
  argNames(name: string): string[] | null {
    return this.functions.get(name)?.argNames ?? null;
  }

  fn(name: string, args: string[]): FunctionInfo {
    const info = this.functions.get(name);
    if (!info || args.some((a) => !info.argNames.includes(a))) {
      throw new RestError(
        404,
        'PGRST202',
        `Could not find the function public.${name}(${args.join(', ')}) in the schema cache`,
        null,
        'Perhaps you meant to call one of the functions in the schema cache',
      );
    }
    return info;
  }
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

export function noRelationship(from: string, to: string): RestError {
  return new RestError(
    400,
    'PGRST200',
    `Could not find a relationship between '${from}' and '${to}' in the schema cache`,
    `Searched for a foreign key relationship between '${from}' and '${to}' in the schema 'public', but no matches were found.`,
  );
}
