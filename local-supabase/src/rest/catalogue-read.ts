// The catalogue queries behind the schema cache (PostgREST's schema cache queries, for what this service needs):
// the exposed schema's tables, columns, keys, foreign keys, functions and column defaults, the time zones, the
// API roles' own settings and the types a cast may name.
import type { Queryable } from '../db/database';
import { viewForeignKeys } from './views';

export interface FunctionInfo {
  name: string;
  /** pg_proc.provolatile: a STABLE or IMMUTABLE function is called in a read-only transaction. */
  volatility: 'volatile' | 'stable' | 'immutable';
  returnsSet: boolean;
  returnType: string;
  /**
   * Every input argument in order, unnamed ones too (name ''), and whether the call must give it (no default):
   * what PostgREST picks an overload by (src/rest/schema-cache.ts).
   */
  params: { name: string; type: string; required: boolean; variadic: boolean }[];
  /** Each input argument's type, as format_type writes it. */
  argTypes: Record<string, string>;
  /**
   * The columns of one result row when the function returns rows (a table's row type, a composite type, OUT or
   * TABLE columns); null for a scalar result.
   */
  resultColumns: string[] | null;
}

const UNNAMED_TYPES = new Set(['bytea', 'json', 'jsonb', 'text', 'xml']);

const VOLATILITY: Record<string, FunctionInfo['volatility']> = { v: 'volatile', s: 'stable', i: 'immutable' };

/** The API roles, whose own settings each request applies after switching to one. */
const API_ROLES = ['anon', 'authenticated', 'service_role'];

export interface ForeignKey {
  name: string;
  table: string;
  columns: string[];
  ref_table: string;
  ref_columns: string[];
  /** Its columns are the table's primary key or a unique key: one-to-one. */
  unique: boolean;
  /** Which side is a view showing a table's key (src/rest/views.ts). */
  tableIsView?: boolean;
  refIsView?: boolean;
}

/** Everything the schema cache holds, as read from the catalogue. */
export interface CatalogueData {
  tables: Map<string, Set<string>>;
  types: Map<string, Map<string, string>>;
  keys: Map<string, string[]>;
  foreignKeys: ForeignKey[];
  /** Each name's functions: more than one when it is overloaded. */
  functions: Map<string, FunctionInfo[]>;
  defaults: Map<string, Map<string, string>>;
  timezones: ReadonlySet<string>;
  roleConfig: Map<string, [string, string][]>;
  castTypes: ReadonlyMap<string, string>;
  /** Each table's computed fields: functions of one argument, the table's row type, returning no set. */
  computed: Map<string, Set<string>>;
  /** `pgrst.db_tx_end` as PostgREST's in-database configuration gives it, if set (validated by the cache). */
  dbTxEnd: string | undefined;
}

export async function readCatalogue(db: Queryable, schema: string): Promise<CatalogueData> {
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
            ${attnames('c.conrelid', 'c.conkey')} as columns, ${attnames('c.confrelid', 'c.confkey')} as ref_columns,
            exists (select 1 from pg_constraint u where u.conrelid = c.conrelid and u.contype in ('p', 'u')
                    and (select array_agg(k order by k) from unnest(u.conkey) k)
                      = (select array_agg(k order by k) from unnest(c.conkey) k)) as "unique"
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
    args: FunctionInfo['params'];
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
              -- The input arguments; the last pronargdefaults of them have defaults.
              select json_agg(json_build_object('name', coalesce(i.name, ''), 'type', format_type(i.type, null),
                                                'required', i.n <= p.pronargs - p.pronargdefaults,
                                                'variadic', i.mode is not distinct from 'v') order by i.n)
              from (select a.*, row_number() over (order by a.ord) as n
                    from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]), p.proargnames, p.proargmodes)
                      with ordinality as a(type, name, mode, ord)
                    where a.type is not null and coalesce(a.mode, 'i') in ('i', 'b', 'v')) i
            ), '[]'::json) as args
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_type t on t.oid = p.prorettype
     where n.nspname = $1
     order by p.oid`,
    [schema],
  );
  const functions = new Map<string, FunctionInfo[]>();
  for (const f of fns.rows) {
    // As PostgREST's schema cache: a function with unnamed parameters is callable only through a single one of
    // these types (the whole body its argument).
    const unnamed = f.args.filter((a) => a.name === '');
    if (unnamed.length > 1 || (unnamed[0] && !UNNAMED_TYPES.has(unnamed[0].type))) continue;
    const named = f.args.filter((a) => a.name !== '');
    const overloads = functions.get(f.name) ?? [];
    overloads.push({
      name: f.name,
      volatility: VOLATILITY[f.volatility] ?? 'volatile',
      returnsSet: f.returns_set,
      returnType: f.return_type,
      argTypes: Object.fromEntries(named.map((a) => [a.name, a.type])),
      params: f.args,
      resultColumns: f.result_columns,
    });
    functions.set(f.name, overloads);
  }
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
  // PostgREST's in-database configuration (its queryDbSettings): `alter role authenticator [in database d] set
  // pgrst.…`, this database's setting before the role's own. Only db_tx_end is read; the others are hosted
  // Supabase's, not a project's, to choose.
  const dbSettings = await db.query<{ value: string }>(
    `select substr(c, strpos(c, '=') + 1) as value
     from pg_db_role_setting s cross join lateral unnest(s.setconfig) c
     where s.setrole = (select oid from pg_roles where rolname = 'authenticator')
       and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
       and c like 'pgrst.db\\_tx\\_end=%'
     order by s.setdatabase desc limit 1`,
  );
  const roleConfig = new Map<string, [string, string][]>();
  for (const { role, name, value } of settings.rows) {
    if (!roleConfig.has(role)) roleConfig.set(role, []);
    roleConfig.get(role)!.push([name, value]);
  }
  // The types a cast may name, each once: pg_catalog's first, then the project's and the extensions'.
  const typeNames = await db.query<{ name: string; sql: string }>(
    `select distinct on (t.typname) t.typname::text as name, format('%I.%I', n.nspname, t.typname) as sql
     from pg_type t join pg_namespace n on n.oid = t.typnamespace
     where n.nspname in ('pg_catalog', $1, 'extensions')
     order by t.typname, array_position(array['pg_catalog', $1, 'extensions'], n.nspname::text)`,
    [schema],
  );
  // Computed fields, as PostgreSQL's functional notation (`t.f` is `f(t)`) reads them.
  const computedRows = await db.query<{ table_name: string; name: string }>(
    `select c.relname::text as table_name, p.proname::text as name
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     join pg_class c on c.reltype = p.proargtypes[0] join pg_namespace cn on cn.oid = c.relnamespace
     where n.nspname = $1 and cn.nspname = $1 and p.pronargs = 1 and not p.proretset`,
    [schema],
  );
  const computed = new Map<string, Set<string>>();
  for (const { table_name, name } of computedRows.rows)
    computed.set(table_name, (computed.get(table_name) ?? new Set()).add(name));
  return {
    tables,
    types,
    keys,
    foreignKeys: [...fks.rows, ...(await viewForeignKeys(db, schema, fks.rows))],
    functions,
    defaults,
    timezones: new Set(zones.rows.map((z) => z.name)),
    roleConfig,
    castTypes: new Map(typeNames.rows.map((t) => [t.name, t.sql])),
    computed,
    dbTxEnd: dbSettings.rows[0]?.value,
  };
}
