// What PostgREST calls its schema cache: the tables, columns and functions of the exposed schema, so every
// identifier in a request is checked against the catalogue before it reaches SQL.
import type { Queryable } from '../db/database';
import { RestError } from '../errors';

export interface FunctionInfo {
  name: string;
  /** pg_proc.provolatile: a STABLE or IMMUTABLE function is called in a read-only transaction. */
  volatility: 'volatile' | 'stable' | 'immutable';
  returnsSet: boolean;
  returnType: string;
  /** The input arguments' names (IN, INOUT and VARIADIC; not OUT or TABLE columns). */
  argNames: string[];
  /** Each input argument's type, as format_type writes it. */
  argTypes: Record<string, string>;
  /**
   * The columns of one result row when the function returns rows (a table's row type, a composite type, OUT or
   * TABLE columns); null for a scalar result.
   */
  resultColumns: string[] | null;
}

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

/** What embedding needs from the schema cache. */
export interface Catalogue {
  columns(table: string): ReadonlySet<string>;
  /** Each column's type name (pg_type.typname). */
  columnTypes(table: string): ReadonlyMap<string, string>;
  join(from: string, to: string, hint: string | undefined): Join;
}

const VOLATILITY: Record<string, FunctionInfo['volatility']> = { v: 'volatile', s: 'stable', i: 'immutable' };

/** The API roles, whose own settings each request applies after switching to one. */
const API_ROLES = ['anon', 'authenticated', 'service_role'];

interface ForeignKey {
  name: string;
  table: string;
  columns: string[];
  ref_table: string;
  ref_columns: string[];
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
  ) {}

  static async load(db: Queryable, schema = 'public'): Promise<SchemaCache> {
    const columns = await db.query<{ table_name: string; column_name: string; udt_name: string }>(
      `select c.table_name, c.column_name, c.udt_name from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
       where c.table_schema = $1 order by c.ordinal_position`,
      [schema],
    );
    const tables = new Map<string, Set<string>>();
    const types = new Map<string, Map<string, string>>();
    for (const { table_name, column_name, udt_name } of columns.rows) {
      if (!tables.has(table_name)) {
        tables.set(table_name, new Set());
        types.set(table_name, new Map());
      }
      tables.get(table_name)!.add(column_name);
      types.get(table_name)!.set(column_name, udt_name);
    }
    const pks = await db.query<{ table_name: string; columns: string[] }>(
      `select c.relname as table_name,
              array(select a.attname::text from unnest(i.indkey) with ordinality as k(attnum, ord)
                    join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum order by k.ord) as columns
       from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
       where i.indisprimary and n.nspname = $1`,
      [schema],
    );
    const keys = new Map(pks.rows.map((r) => [r.table_name, r.columns]));
    // Foreign keys between tables of the schema: what embedded resources follow.
    const attnames = (rel: string, nums: string) =>
      `array(select a.attname::text from unnest(${nums}) with ordinality as k(attnum, ord)
             join pg_attribute a on a.attrelid = ${rel} and a.attnum = k.attnum order by k.ord)`;
    const fks = await db.query<ForeignKey>(
      `select c.conname::text as name, t.relname::text as table, r.relname::text as ref_table,
              ${attnames('c.conrelid', 'c.conkey')} as columns, ${attnames('c.confrelid', 'c.confkey')} as ref_columns
       from pg_constraint c
       join pg_class t on t.oid = c.conrelid join pg_namespace tn on tn.oid = t.relnamespace
       join pg_class r on r.oid = c.confrelid join pg_namespace rn on rn.oid = r.relnamespace
       where c.contype = 'f' and tn.nspname = $1 and rn.nspname = $1
       order by c.conname`,
      [schema],
    );
    const fns = await db.query<{
      name: string;
      volatility: string;
      returns_set: boolean;
      return_type: string;
      args: { name: string; type: string }[];
      result_columns: string[] | null;
    }>(
      `select p.proname as name, p.provolatile as volatility, p.proretset as returns_set, format_type(p.prorettype, null) as return_type,
              case
                when t.typrelid <> 0 then array(
                  select a.attname::text from pg_attribute a
                  where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped order by a.attnum)
                when p.proargmodes is not null and p.prorettype = 'record'::regtype then array(
                  select a.name from unnest(p.proargnames, p.proargmodes) with ordinality as a(name, mode, ord)
                  where a.mode in ('o', 'b', 't') order by a.ord)
              end as result_columns,
              coalesce((
                select json_agg(json_build_object('name', a.name, 'type', format_type(a.type, null)) order by a.ord)
                from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]), p.proargnames, p.proargmodes)
                  with ordinality as a(type, name, mode, ord)
                where a.type is not null and a.name is not null and a.name <> ''
                  and coalesce(a.mode, 'i') in ('i', 'b', 'v')
              ), '[]'::json) as args
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_type t on t.oid = p.prorettype
       where n.nspname = $1`,
      [schema],
    );
    const functions = new Map(
      fns.rows.map((f) => [
        f.name,
        {
          name: f.name,
          volatility: VOLATILITY[f.volatility] ?? 'volatile',
          returnsSet: f.returns_set,
          returnType: f.return_type,
          argNames: f.args.map((a) => a.name),
          argTypes: Object.fromEntries(f.args.map((a) => [a.name, a.type])),
          resultColumns: f.result_columns,
        },
      ]),
    );
    // Defaults as PostgreSQL prints them (pg_get_expr qualifies what the search path would not find); an
    // identity column's is the next value of its sequence; generated columns cannot be written, so have none.
    const defs = await db.query<{ table_name: string; column_name: string; expr: string }>(
      `select c.relname::text as table_name, a.attname::text as column_name,
              case when a.attidentity <> '' then
                     format('nextval(%L::regclass)', pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname))
                   else pg_get_expr(d.adbin, d.adrelid) end as expr
       from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
       left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
       where n.nspname = $1 and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
         and (d.adbin is not null or a.attidentity <> '')`,
      [schema],
    );
    const defaults = new Map<string, Map<string, string>>();
    for (const { table_name, column_name, expr } of defs.rows) {
      if (!defaults.has(table_name)) defaults.set(table_name, new Map());
      defaults.get(table_name)!.set(column_name, expr);
    }
    const zones = await db.query<{ name: string }>('select name from pg_timezone_names');
    // The settings `alter role x set` gave each API role (pg_roles.rolconfig, not those of one database), those a
    // user may set, as PostgREST's queryRoleSettings reads them; default_transaction_isolation it reads apart.
    const settings = await db.query<{ role: string; name: string; value: string }>(
      `select r.rolname::text as role, s.name, s.value
       from pg_roles r
       cross join lateral (select substr(c, 1, strpos(c, '=') - 1) as name, substr(c, strpos(c, '=') + 1) as value
                           from unnest(r.rolconfig) as c) s
       join pg_settings ps on ps.name = s.name and ps.context = 'user'
       where r.rolname = any($1) and s.name <> 'default_transaction_isolation'
       order by s.name`,
      [API_ROLES],
    );
    const roleConfig = new Map<string, [string, string][]>();
    for (const { role, name, value } of settings.rows) {
      if (!roleConfig.has(role)) roleConfig.set(role, []);
      roleConfig.get(role)!.push([name, value]);
    }
    return new SchemaCache(
      tables,
      types,
      keys,
      fks.rows,
      functions,
      defaults,
      new Set(zones.rows.map((z) => z.name)),
      roleConfig,
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

  /** A column used in a select, filter or order: PostgreSQL's own error for an unknown one. */
  column(table: string, column: string): string {
    if (!this.columns(table).has(column))
      throw new RestError(400, '42703', `column ${table}.${column} does not exist`);
    return column;
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
