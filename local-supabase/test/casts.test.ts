// The casts of select= (src/rest/casts.ts), fuzzed against PostgreSQL's own parser as the literals are: every
// cast accepted is written as SQL that PostgreSQL reads as exactly the type it would read from the name
// (to_regtype), with the same length (`char` is char(1)); every name of PostgREST's grammar that is refused is one
// PostgreSQL does not know either; anything else never reaches SQL.
import fc from 'fast-check';
import { Client } from 'pg';
import { castSql } from '../src/rest/casts';
import type { Queryable } from '../src/db/database';
import { SchemaCache } from '../src/rest/schema-cache';

jest.setTimeout(60_000);

/** PostgREST's grammar for a cast (pIdentifier): letters, digits, `_`, `$` and spaces. */
const POSTGREST_GRAMMAR = /^[A-Za-z0-9_$ ]*$/;

describe('casts read back by PostgreSQL', () => {
  let client: Client;
  let types: ReadonlyMap<string, string>;
  beforeAll(async () => {
    client = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    const db = {
      query: (sql: string, params?: unknown[]) => client.query(sql, params),
    } as unknown as Queryable;
    types = (await SchemaCache.load(db)).castTypes;
  });
  afterAll(() => client.end());

  /**
   * The type and type modifier (`char` is char(1)) PostgreSQL reads from `cast(null as <sql>)`, as PostgREST
   * writes a cast, or null when it reads no type there.
   */
  async function typeOf(sql: string): Promise<string | null> {
    try {
      const { fields } = await client.query(`select cast(null as ${sql}) as x`);
      return `${fields[0]!.dataTypeID}/${fields[0]!.dataTypeModifier}`;
    } catch {
      return null;
    }
  }

  it('writes the SQL spellings and refuses what is no type name', () => {
    expect(castSql('TEXT', types, 'x')).toBe('pg_catalog.text');
    expect(castSql('double   precision', types, 'x')).toBe('pg_catalog.float8');
    expect(castSql(' int ', types, 'x')).toBe('pg_catalog.int4');
    expect(castSql('char', types, 'x')).toBe('pg_catalog.bpchar(1)');
    expect(() => castSql('nosuch', types, 'x')).toThrow('type "nosuch" does not exist');
    for (const raw of ['text;', 'int[]', '"text"', 'pg_catalog.text', 'numeric(10,2)', '', ' '])
      expect(() => castSql(raw, types, 'x')).toThrow(expect.objectContaining({ code: 'PGRST100' }));
  });

  // Type words (PostgreSQL's own spellings among them), words that are no type, and hostile pieces.
  const WORDS = [
    'int',
    'integer',
    'INT4',
    'bigint',
    'smallint',
    'text',
    'varchar',
    'character',
    'char',
    'varying',
    'national',
    'nchar',
    'double',
    'precision',
    'real',
    'float',
    'numeric',
    'decimal',
    'dec',
    'boolean',
    'bool',
    'bit',
    'time',
    'timestamp',
    'with',
    'without',
    'zone',
    'date',
    'interval',
    'json',
    'jsonb',
    'uuid',
    'bytea',
    'tsvector',
    'int4range',
    'regclass',
    'oid',
    'name',
    '_int4',
    'services',
    'from',
    'select',
    'union',
    'pg_user',
    '$1',
    'x$',
  ];
  // PostgreSQL's spellings of more than one word, whole, as a random mix of words rarely makes them.
  const PHRASES = [
    'double precision',
    'character varying',
    'char varying',
    'national character',
    'national char varying',
    'nchar varying',
    'bit varying',
    'time with time zone',
    'time without time zone',
    'timestamp with time zone',
    'timestamp without time zone',
  ];
  const HOSTILE = [';', '(', ')', '[]', '"', "'", '.', ',', '--', '/*', '::', '\n', '\t', '\u0000', 'ä'];
  const castText = fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .tuple(fc.constantFrom(...PHRASES), fc.constantFrom('', ' zone', ' varying', 'X'), fc.boolean())
        .map(([phrase, tail, upper]) => (upper ? phrase.toUpperCase() : phrase) + tail),
    },
    {
      weight: 6,
      arbitrary: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 }).map((w) => w.join(' ')),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...WORDS), fc.constantFrom(...HOSTILE), fc.constantFrom(...WORDS))
        .map((p) => p.join('')),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 16 }) },
  );

  it('accepts exactly the names PostgreSQL reads as types, and writes each as that type', async () => {
    await fc.assert(
      fc.asyncProperty(castText, fc.constantFrom('', ' ', '  '), async (name, pad) => {
        const raw = `${pad}${name}${pad}`;
        let sql: string | null = null;
        try {
          sql = castSql(raw, types, 'x');
        } catch (error) {
          expect((error as { code?: string }).code).toMatch(/^(PGRST100|42704)$/);
        }
        // Outside PostgREST's grammar nothing is read as a type, and nothing reaches SQL.
        if (!POSTGREST_GRAMMAR.test(raw) || raw.trim() === '') {
          expect(sql).toBeNull();
          return;
        }
        const expected = await typeOf(raw);
        if (sql === null) expect(expected).toBeNull();
        else expect(await typeOf(sql)).toEqual(expected ?? 'a type PostgreSQL reads');
      }),
      { seed: Number(process.env.FUZZ_SEED ?? 20261124), numRuns: 400 },
    );
  });
});
