// A cast in select= (`price::text`) names a type, and only a type: the name is read with PostgREST's grammar for
// it (letters, digits, `_`, `$` and spaces), looked up in the catalogue (pg_type of pg_catalog, public and
// extensions, with the SQL-standard spellings PostgreSQL's grammar adds, `double precision`, `int`, `char`) and
// written schema-qualified and quoted. Request text never reaches the SQL: before, a cast went in as written and
// `id::text from services where false union all select usename from pg_user ...` ran that query.
import { RestError } from '../errors';

/**
 * The type names PostgreSQL's grammar knows beside pg_type's own (gram.y's SimpleTypename), as pg_type names
 * them, with the length the grammar gives those that have one by default (`char` is char(1)).
 */
const SQL_TYPE_NAMES: Record<string, [typname: string, modifier?: string]> = {
  int: ['int4'],
  integer: ['int4'],
  smallint: ['int2'],
  bigint: ['int8'],
  real: ['float4'],
  float: ['float8'],
  'double precision': ['float8'],
  boolean: ['bool'],
  decimal: ['numeric'],
  dec: ['numeric'],
  char: ['bpchar', '(1)'],
  character: ['bpchar', '(1)'],
  nchar: ['bpchar', '(1)'],
  'national char': ['bpchar', '(1)'],
  'national character': ['bpchar', '(1)'],
  'char varying': ['varchar'],
  'character varying': ['varchar'],
  'nchar varying': ['varchar'],
  'national char varying': ['varchar'],
  'national character varying': ['varchar'],
  bit: ['bit', '(1)'],
  'bit varying': ['varbit'],
  'timestamp without time zone': ['timestamp'],
  'timestamp with time zone': ['timestamptz'],
  'time without time zone': ['time'],
  'time with time zone': ['timetz'],
};

/** PostgREST's cast grammar (pIdentifier: letters, digits, `_`, `$` and spaces, trimmed; so no `int[]`). */
const CAST = /^\s*([A-Za-z0-9_$][A-Za-z0-9_$ ]*?)\s*$/;

/**
 * The SQL for casting to `raw`, given the catalogue's types (typname to its qualified, quoted name): 400
 * PGRST100 for text that is no type name, PostgreSQL's own 42704 for a name that is no type.
 */
export function castSql(raw: string, types: ReadonlyMap<string, string>, where: string): string {
  const match = CAST.exec(raw);
  if (!match)
    throw new RestError(
      400,
      'PGRST100',
      `"failed to parse select parameter (${where})"`,
      `unexpected "${raw}"`,
    );
  // Unquoted names fold to lower case, and spaces between words are one, as PostgreSQL reads them.
  const name = match[1]!.toLowerCase().replace(/\s+/g, ' ');
  const [typname, modifier = ''] = Object.hasOwn(SQL_TYPE_NAMES, name) ? SQL_TYPE_NAMES[name]! : [name];
  const sql = types.get(typname);
  if (sql === undefined) throw new RestError(400, '42704', `type "${name}" does not exist`);
  return `${sql}${modifier}`;
}
