// The literals that carry a request's values inside its one-round-trip script.
import { inlineParams, literal } from '../src/db/literals';

describe('literal', () => {
  it('quotes text as PostgreSQL reads it back, doubling quotes and escaping backslashes', () => {
    expect(literal("O'Brien")).toBe("'O''Brien'");
    expect(literal('a\\b')).toBe(" E'a\\\\b'");
    expect(literal(42)).toBe("'42'");
    expect(literal(true)).toBe("'true'");
  });

  it('writes null and undefined as NULL', () => {
    expect(literal(null)).toBe('NULL');
    expect(literal(undefined)).toBe('NULL');
  });

  it('turns a list into an array literal, as a bound parameter would be', () => {
    expect(literal(['a', 'b,c'])).toBe(`'{"a","b,c"}'`);
    expect(literal(['d"e'])).toBe(String.raw` E'{"d\\"e"}'`);
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
