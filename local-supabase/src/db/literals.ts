// A request's parameters written into its SQL as literals, so the whole request (role, claims and statements)
// reaches PostgreSQL as one script in one round trip; `pg` sends bound parameters one query at a time. Values
// are converted by pg's own prepareValue and quoted by its escapeLiteral, so each reads exactly as it would have
// as a bound parameter.
import { escapeLiteral } from 'pg';

// Untyped in @types/pg: turns arrays into array literals and everything else into its text, as for parameters.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { prepareValue } = require('pg/lib/utils') as { prepareValue(value: unknown): string | null };

/** PostgreSQL's own refusal of a NUL in text (the wire protocol ends a script at one, so it must never get in). */
function nulRefused(): Error {
  return Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
}

/** `value` as a SQL literal: `NULL`, or quoted text that PostgreSQL casts as it would an untyped parameter. */
export function literal(value: unknown): string {
  const text = prepareValue(value);
  if (text === null) return 'NULL';
  if (text.includes('\0')) throw nulRefused();
  return escapeLiteral(text);
}

// Quoted identifiers and string literals are skipped whole, so a `$1` inside one is never replaced.
const TOKENS = /"(?:[^"]|"")*"|'(?:[^']|'')*'|\$(\d+)/g;

/** Replaces the placeholders `$1`, `$2`, ... of generated SQL with the literals of `params`. */
export function inlineParams(sql: string, params: readonly unknown[]): string {
  return sql.replace(TOKENS, (token, index: string | undefined) => {
    if (index === undefined) return token;
    const position = Number(index) - 1;
    if (position < 0 || position >= params.length) throw new Error(`No value for $${index} in ${sql}`);
    return literal(params[position]);
  });
}
