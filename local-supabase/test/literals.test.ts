// The literals that carry a request's values inside its one-round-trip script: their quoting, and (fuzzed with
// fast-check) that PostgreSQL's own parser reads every generated string and list back unchanged, with
// standard_conforming_strings on and off.
import fc from 'fast-check';
import { Client } from 'pg';
import { inlineParams, literal, writeParams } from '../src/db/literals';

describe('literal', () => {
  it('quotes text as PostgreSQL reads it back, doubling quotes and escaping backslashes', () => {
    expect(literal("O'Brien")).toBe("'O''Brien'");
    expect(literal('a\\b')).toBe(" E'a\\\\b'");
    expect(literal("it's a\\b")).toBe(" E'it''s a\\\\b'");
  });

  it('writes null and undefined as NULL', () => {
    expect(literal(null)).toBe('NULL');
    expect(literal(undefined)).toBe('NULL');
  });

  it('turns a list into an array literal, as a bound parameter would be', () => {
    expect(literal(['a', 'b,c'])).toBe(`'{"a","b,c"}'`);
    expect(literal(['d"e'])).toBe(String.raw` E'{"d\\"e"}'`);
    expect(literal(['x', null])).toBe(`'{"x",NULL}'`);
    expect(literal([])).toBe(`'{}'`);
  });

  it('refuses a NUL with the database error for it', () => {
    expect(() => literal('a\0b')).toThrow(expect.objectContaining({ code: '22021' }));
    expect(() => literal(['ok', 'a\0b'])).toThrow(expect.objectContaining({ code: '22021' }));
  });
});

describe('inlineParams', () => {
  it('replaces each placeholder, $10 included, with its value', () => {
    const params = Array.from({ length: 10 }, (_, i) => `v${i + 1}`);
    expect(inlineParams('select $1, $10, $2', params)).toBe("select 'v1', 'v10', 'v2'");
  });

  it('leaves placeholders inside quoted identifiers and string literals alone', () => {
    expect(inlineParams(`select "a$1""b", 'it''s $1' where x = $1`, ['y'])).toBe(
      `select "a$1""b", 'it''s $1' where x = 'y'`,
    );
  });

  it('refuses a placeholder without a value', () => {
    expect(() => inlineParams('select $2', ['only one'])).toThrow('No value for $2');
  });
});

describe('writeParams', () => {
  it('leaves text of bindFrom characters or more a parameter, renumbered, once however often it is named', () => {
    expect(writeParams(`select $2, $1, $2::json, '$2', $3`, ['tiny', 'x'.repeat(5), null], 5)).toEqual({
      sql: `select $1, 'tiny', $1::json, '$2', NULL`,
      bound: ['xxxxx'],
    });
  });

  it('writes every value as a literal without bindFrom, lists and long text included', () => {
    expect(writeParams('select $1, $2', [['a'], 'y'.repeat(100_000)])).toEqual({
      sql: `select '{"a"}', '${'y'.repeat(100_000)}'`,
      bound: [],
    });
  });

  it('refuses a NUL in a value it binds with the database error for it', () => {
    expect(() => writeParams('select $1', [`${'z'.repeat(10)}\0`], 5)).toThrow(
      expect.objectContaining({ code: '22021' }),
    );
  });
});

describe('literals read back by PostgreSQL', () => {
  jest.setTimeout(60_000);
  let client: Client;
  beforeAll(async () => {
    client = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
  });
  afterAll(() => client.end());

  // What breaks quoting: quotes, backslashes, placeholders, dollar quotes, comments, escapes, any Unicode.
  const PIECES = [
    "'",
    "''",
    '\\',
    "\\'",
    '"',
    '$1',
    '$$',
    '--',
    '/*',
    '\n',
    'E',
    '{',
    '}',
    ',',
    'NULL',
    '😀',
  ];
  const text = fc
    .oneof(
      fc.string({ unit: 'grapheme', maxLength: 20 }),
      fc.string({ unit: 'binary', maxLength: 20 }),
      fc.array(fc.constantFrom(...PIECES), { maxLength: 8 }).map((p) => p.join('')),
    )
    .filter((s) => !s.includes('\0') && s.isWellFormed());
  const settings = { seed: Number(process.env.FUZZ_SEED ?? 20261124), numRuns: 300 };

  it.each(['on', 'off'])(
    'reads text and lists back unchanged (standard_conforming_strings %s)',
    async (mode) => {
      await client.query(`set standard_conforming_strings = ${mode}`);
      await fc.assert(
        fc.asyncProperty(
          text,
          fc.array(fc.option(text, { nil: null }), { maxLength: 5 }),
          async (value, list) => {
            const sql = inlineParams(`select $1::text as value, $2::text[] as list, '$1' as kept`, [
              value,
              list,
            ]);
            const { rows } = await client.query<{ value: string; list: (string | null)[]; kept: string }>(
              sql,
            );
            expect(rows[0]).toEqual({ value, list, kept: '$1' });
          },
        ),
        settings,
      );
    },
  );
});
