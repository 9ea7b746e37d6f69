// A request's parameters written into its SQL as literals, so the whole request (role, claims and statements)
// reaches PostgreSQL as one script in one round trip; `pg` sends bound parameters one statement at a time and
// cannot pipeline them (BENCH.md measures both ways). Values are untyped literals, read by PostgreSQL exactly as
// an untyped bound parameter would be: text as it is, a list as an array literal. test/literals.test.ts checks
// the quoting against PostgreSQL's own parser with generated strings. A long value (a request's body) may stay a
// bound parameter instead (writeParams; src/rest/transaction.ts says when).

/** What a request binds: text, or a list of text for `in.(...)`. */
export type Value = string | null | undefined | readonly (string | null)[];

/** PostgreSQL's own refusal of a NUL in text (the wire protocol ends a script at one, so it must never get in). */
function nulRefused(): Error {
  return Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
}

/** A list as PostgreSQL's array input reads it: every element quoted, `"` and `\` escaped, null as NULL. */
function arrayText(items: readonly (string | null)[]): string {
  const element = (item: string | null) =>
    item === null ? 'NULL' : `"${item.replace(/[\\"]/g, (ch) => `\\${ch}`)}"`;
  return `{${items.map(element).join(',')}}`;
}

/**
 * `text` quoted: quotes doubled, and with a backslash an escape string (E'...') with backslashes doubled, so it
 * reads the same whatever standard_conforming_strings says.
 */
function quote(text: string): string {
  const quoted = `'${text.replace(/'/g, "''")}'`;
  return text.includes('\\') ? ` E${quoted.replace(/\\/g, '\\\\')}` : quoted;
}

/** `value` as a SQL literal: `NULL`, or quoted text that PostgreSQL casts as it would an untyped parameter. */
export function literal(value: Value): string {
  if (value === null || value === undefined) return 'NULL';
  const text = typeof value === 'string' ? value : arrayText(value);
  if (text.includes('\0')) throw nulRefused();
  return quote(text);
}

// Quoted identifiers and string literals are skipped whole, so a `$1` inside one is never replaced.
const TOKENS = /"(?:[^"]|"")*"|'(?:[^']|'')*'|\$(\d+)/g;

/**
 * Replaces the placeholders `$1`, `$2`, ... of generated SQL with the literals of `params`; text of `bindFrom`
 * characters or more stays a placeholder instead, renumbered in the order of `bound`, its values.
 */
export function writeParams(
  sql: string,
  params: readonly Value[],
  bindFrom = Infinity,
): { sql: string; bound: string[] } {
  const bound: string[] = [];
  const numbers = new Map<number, number>();
  const written = sql.replace(TOKENS, (token, index: string | undefined) => {
    if (index === undefined) return token;
    const position = Number(index) - 1;
    if (position < 0 || position >= params.length) throw new Error(`No value for $${index} in ${sql}`);
    const value = params[position];
    if (typeof value !== 'string' || value.length < bindFrom) return literal(value);
    if (!numbers.has(position)) {
      if (value.includes('\0')) throw nulRefused();
      numbers.set(position, bound.push(value));
    }
    return `$${numbers.get(position)}`;
  });
  return { sql: written, bound };
}

/** Replaces the placeholders `$1`, `$2`, ... of generated SQL with the literals of `params`. */
export const inlineParams = (sql: string, params: readonly Value[]): string => writeParams(sql, params).sql;
