// What PostgREST calls its schema cache: the tables, columns and functions of the exposed schema, so every
// identifier in a request is checked against the catalogue before it reaches SQL.
import type { Queryable } from '../db/database';
import { readCatalogue, type ForeignKey, type FunctionInfo } from './catalogue-read';
import { RestError } from '../errors';
import { closest } from './fuzzy';
import type { RawBody } from './media';
import { txEndOf, type TxEnd } from './preferences';
import { findRelationship, relationshipsFrom } from './relationships';

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
  /** The table's computed fields (src/rest/fields.ts). */
  computedFields(table: string): ReadonlySet<string>;
}

export class SchemaCache implements Catalogue {
  private constructor(
    private tables: Map<string, Set<string>>,
    private types: Map<string, Map<string, string>>,
    private keys: Map<string, string[]>,
    private foreignKeys: ForeignKey[],
    private functions: Map<string, FunctionInfo[]>,
    /** Each table's column defaults as SQL (serials and identity columns too), for `Prefer: missing=default`. */
    private defaults: Map<string, Map<string, string>>,
    /** pg_timezone_names, what `Prefer: timezone` accepts. */
    public timezones: ReadonlySet<string>,
    /** Each API role's own settings (`alter role anon set statement_timeout = '3s'`). */
    private roleConfig: Map<string, [string, string][]>,
    public castTypes: ReadonlyMap<string, string>,
    private computed: Map<string, Set<string>>,
    /** db-tx-end from PostgREST's in-database configuration, which wins over PGRST_DB_TX_END as there. */
    public dbTxEnd: TxEnd | undefined,
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
      c.computed,
      c.dbTxEnd === undefined ? undefined : txEndOf(c.dbTxEnd, 'pgrst.db_tx_end'),
    );
  }

  /** The settings a request as `role` starts with. */
  roleSettings(role: string): readonly [string, string][] {
    return this.roleConfig.get(role) ?? [];
  }

  /** Whether the exposed schema has a table (or view) of that name. */
  hasTable(name: string): boolean {
    return this.tables.has(name);
  }

  computedFields(table: string): ReadonlySet<string> {
    return this.computed.get(table) ?? new Set();
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
      // PostgREST's hint: the closest table name, when close enough (it keeps no such index past 500 tables).
      const near = this.tables.size <= 500 ? closest(this.tables.keys(), table, 0.75) : undefined;
      throw new RestError(
        404,
        'PGRST205',
        `Could not find the table 'public.${table}' in the schema cache`,
        null,
        near === undefined ? null : `Perhaps you meant the table 'public.${near}'`,
      );
    }
    return columns;
  }

  /** How `from` embeds what `target` names (src/rest/relationships.ts), picked by `hint` when there are several. */
  join(from: string, target: string, hint: string | undefined): Join {
    const related = () => this.foreignKeys.flatMap((fk) => [fk.table, fk.ref_table]);
    const r = findRelationship(
      from,
      target,
      hint,
      relationshipsFrom(from, this.foreignKeys, this.keys),
      related,
    );
    const many = r.cardinality === 'one-to-many' || r.cardinality === 'many-to-many';
    return { target: r.foreignTable, many, pairs: r.pairs, junction: r.junction };
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

  /**
   * The function a call of `name` with arguments `args` means, as PostgREST's findProc picks among overloads: the
   * arguments must be its required parameters plus any of its optional ones (an unnamed parameter is named '');
   * failing that, a POST's whole body goes to the one function with a single unnamed parameter of its media type:
   * json or jsonb for JSON, text, xml or bytea for a raw body (`body`, undefined for a GET), which no function
   * without parameters takes. None: PGRST202; several: PGRST203.
   */
  fn(name: string, args: string[], body?: 'json' | RawBody['type']): FunctionInfo {
    const given = new Set(args);
    const raw = body !== undefined && body !== 'json';
    const overloads = this.functions.get(name) ?? [];
    const matching = overloads.filter(({ params }) => {
      if (raw && params.length === 0) return false;
      const required = params.filter((p) => p.required).map((p) => p.name);
      const optional = new Set(params.filter((p) => !p.required).map((p) => p.name));
      const rest = [...given].filter((a) => !optional.has(a));
      return rest.length === required.length && required.every((p) => given.has(p));
    });
    const takes = (type: string) => (body === 'json' ? type === 'json' || type === 'jsonb' : type === body);
    const single = ({ params: [only, ...more] }: FunctionInfo) =>
      more.length === 0 && only?.name === '' && takes(only.type);
    const candidates = matching.length > 0 ? matching : overloads.filter(single);
    if (candidates.length > 1) {
      const signature = (f: FunctionInfo) =>
        `public.${f.name}(${f.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`;
      throw new RestError(
        300,
        'PGRST203',
        `Could not choose the best candidate function between: ${[...candidates].sort(byParams).map(signature).join(', ')}`,
        null,
        'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
      );
    }
    if (candidates[0]) return candidates[0];
    const sorted = [...given].sort().join(', ');
    const searched = raw
      ? ` with a single unnamed ${body} parameter`
      : `${given.size === 0 ? ' without parameters' : ` with parameter${given.size > 1 ? 's' : ''} ${sorted}`}${
          body === 'json' ? ' or with a single unnamed json/jsonb parameter' : ''
        }`;
    throw new RestError(
      404,
      'PGRST202',
      `Could not find the function public.${name}${raw ? '' : given.size === 0 ? ' without parameters' : `(${sorted})`} in the schema cache`,
      `Searched for the function public.${name}${searched}, but no matches were found in the schema cache.`,
      // No hint for a raw body, as PostgREST gives none.
      raw ? null : this.fnHint(name, args),
    );
  }

  /**
   * PostgREST's PGRST202 hint: for an unknown name, the closest function name (if close enough); for a known one,
   * the overload whose parameter names, written `(a, b)` in order, are closest to the call's.
   */
  private fnHint(name: string, args: string[]): string | null {
    const perhaps = (what: string | undefined) =>
      what === undefined ? null : `Perhaps you meant to call the function public.${what}`;
    const overloads = this.functions.get(name);
    if (!overloads) return perhaps(closest(this.functions.keys(), name, 0.75));
    const list = (names: string[]) => `(${[...names].sort().join(', ')})`;
    const near = closest(
      overloads.map((f) => list(f.params.map((p) => p.name))),
      list(args),
    );
    return perhaps(near === undefined ? undefined : `${name}${near}`);
  }
}

/** PostgREST's order of overloads (its Routine's derived Ord): by their parameters' names, then types, in turn. */
function byParams(x: FunctionInfo, y: FunctionInfo): number {
  const key = (f: FunctionInfo) => f.params.map((p) => [p.name, p.type]).flat();
  const [a, b] = [key(x), key(y)];
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
  return a.length - b.length;
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
