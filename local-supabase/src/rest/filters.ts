// The conditions of PostgREST's URL grammar: column filters (PostgREST 14's operators, with not. and the
// (any)/(all) quantifiers, full-text search with a language) and or=/and= logic trees (nested, with not., no
// deeper than MAX_NESTING). Every name is checked against the relation's columns; every value becomes a
// placeholder ($n) that PostgreSQL reads as an untyped literal (PostgREST's unknownLiteral).
import type { Value } from '../db/literals';
import { RestError } from '../errors';
import { parseField, type Field, type Relation } from './fields';

/** Operators that take a quantifier, `eq(any).{1,2}` (PostgREST's quantOperator). */
const QUANTIFIABLE: Record<string, string> = {
  eq: '=',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
};
/** Operators without one: inequality, and the array, range and containment operators (simpleOperator). */
const SIMPLE: Record<string, string> = {
  neq: '<>',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
};
/** Full-text search: the tsquery each builds from the value. */
const FTS: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};
const names = (operators: Record<string, string>) => Object.keys(operators).join('|');
/** The start of an operator expression, `eq.1`, `not.in.(1,2)`, `fts(english).x`, as PostgREST's grammar reads one. */
const OPERATOR_START = new RegExp(
  `^(?:not\\.|(?:in|is|isdistinct|${names(SIMPLE)})\\.|(?:${names(QUANTIFIABLE)})(?:\\((?:any|all)\\))?\\.|(?:${names(FTS)})(?:\\([A-Za-z0-9_$ ]+\\))?\\.)`,
);

/**
 * Whether a query parameter's value is an operator expression (a GET call's other parameters are its arguments).
 * A value that starts like one but fails further on (`in.x`) is one, and its 400, as PostgREST's parser commits there.
 */
export const isOperatorExpression = (value: string) => OPERATOR_START.test(value);

const IS_VALUES: Record<string, string> = {
  null: 'null',
  not_null: 'not null',
  true: 'true',
  false: 'false',
  unknown: 'unknown',
};

/**
 * Splits on commas outside double quotes and parentheses, as PostgREST's parser does; in a logic tree also
 * outside braces (an array value, `tags.cs.{a,b}`).
 */
export function splitTopLevel(raw: string, braces = false): string[] {
  const items: string[] = [];
  let current = '';
  let depth = 0;
  let quoted = false;
  for (const ch of raw) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '(' || (braces && ch === '{'))) depth += 1;
    else if (!quoted && (ch === ')' || (braces && ch === '}'))) depth -= 1;
    if (ch === ',' && !quoted && depth === 0) {
      items.push(current);
      current = '';
    } else current += ch;
  }
  items.push(current);
  return items;
}

/** Splits `in.(a,"b,c")` lists, honouring double quotes as PostgREST does. */
function parseList(raw: string): string[] {
  if (!raw.startsWith('(') || !raw.endsWith(')'))
    throw new RestError(400, 'PGRST100', `"failed to parse filter (${raw})"`);
  const items: string[] = [];
  let current = '';
  let quoted = false;
  for (const ch of raw.slice(1, -1)) {
    if (ch === '"') quoted = !quoted;
    else if (ch === ',' && !quoted) {
      items.push(current);
      current = '';
    } else current += ch;
  }
  if (raw.length > 2) items.push(current);
  return items;
}

/**
 * How deep embedded resources and and=/or= trees may nest. Each level is a subquery or a parenthesised
 * condition: past this PostgreSQL's parser (PGlite's WebAssembly stack above all) and this service's recursion
 * run out (600 levels of embeds, 2,600 of `or(`, answered 500), which must be a 400 PGRST100 instead.
 */
export const MAX_NESTING = 16;

/** The builders of conditions over one request's parameter list (`param` adds a value, returns its $n). */
export function conditions(param: (value: Value) => string) {
  /** `op.value` or `not.op.value` on `column` of `rel`, as in a query parameter or inside a logic tree. */
  const filter = (rel: Relation, columnName: string, raw: string, where: string): string => {
    const field = parseField(rel, columnName, `filter (${where})`);
    const column = field.sql;
    const negate = raw.startsWith('not.');
    const expression = negate ? raw.slice(4) : raw;
    const dot = expression.indexOf('.');
    // `eq` alone has no operand (PostgREST: 400); `eq.` compares with the empty string.
    if (dot < 0) {
      throw new RestError(
        400,
        'PGRST100',
        `"failed to parse filter (${where})" (line 1, column ${where.length + 1})`,
        'unexpected end of input expecting "."',
      );
    }
    const value = expression.slice(dot + 1);
    // `op`, `op(any)`/`op(all)`, or a full-text operator with its language, `fts(english)`.
    const [, op = '', modifier] = /^([a-z_]+)(?:\((.*)\))?$/s.exec(expression.slice(0, dot)) ?? [];
    const unknown = () =>
      new RestError(400, 'PGRST100', `"failed to parse filter (${raw})"`, null, 'Unknown operator');
    let condition: string;
    if (
      Object.hasOwn(QUANTIFIABLE, op) &&
      (modifier === undefined || modifier === 'any' || modifier === 'all')
    ) {
      const text = op === 'like' || op === 'ilike';
      // like and ilike take `*` for `%`, which a URL need not escape.
      const operand = param(text ? value.replace(/\*/g, '%') : value);
      const left = text ? `(${column})::text` : column;
      condition = `${left} ${QUANTIFIABLE[op]} ${modifier ? `${modifier}(${operand})` : operand}`;
    } else if (modifier !== undefined && Object.hasOwn(FTS, op)) {
      if (!/^[A-Za-z0-9_ $]+$/.test(modifier)) throw unknown();
      condition = fullText(rel, field, FTS[op]!, value, modifier.trim());
    } else if (modifier !== undefined) throw unknown();
    else if (Object.hasOwn(SIMPLE, op)) condition = `${column} ${SIMPLE[op]} ${param(value)}`;
    else if (Object.hasOwn(FTS, op)) condition = fullText(rel, field, FTS[op]!, value);
    else if (op === 'in') {
      const list = parseList(value);
      // in.() matches nothing, as PostgREST's `= any('{}')`.
      condition = `${column} = any(${param(list)})`;
    } else if (op === 'is') {
      // Own keys only: `is.constructor` is no value.
      const is = Object.hasOwn(IS_VALUES, value.toLowerCase()) ? IS_VALUES[value.toLowerCase()] : undefined;
      if (!is) throw new RestError(400, 'PGRST100', `"failed to parse filter (${raw})"`);
      condition = `${column} is ${is}`;
    } else if (op === 'isdistinct') condition = `${column} is distinct from ${param(value)}`;
    else throw unknown();
    return negate ? `not (${condition})` : condition;
  };

  /** `col @@ to_tsquery([lang,] value)`; a column that is not a tsvector is read with to_tsvector([lang,] col). */
  const fullText = (rel: Relation, field: Field, query: string, value: string, lang?: string) => {
    const language = lang === undefined ? '' : `${param(lang)}, `;
    const tsvector = !field.path && rel.types?.get(field.column) === 'tsvector';
    const vector = tsvector ? field.sql : `to_tsvector(${language}${field.sql})`;
    return `${vector} @@ ${query}(${language}${param(value)})`;
  };

  /** `(a.eq.1,b.gt.2,and(c.is.null,...))` joined by `and` or `or`. */
  const logic = (rel: Relation, operator: 'and' | 'or', raw: string, where: string, depth = 1): string => {
    const fail = () => new RestError(400, 'PGRST100', `"failed to parse logic tree (${where})"`);
    if (depth > MAX_NESTING)
      throw new RestError(
        400,
        'PGRST100',
        `"failed to parse logic tree (${where})"`,
        `logic trees nested deeper than ${MAX_NESTING} levels`,
      );
    if (!raw.startsWith('(') || !raw.endsWith(')') || raw.length < 3) throw fail();
    const parts = splitTopLevel(raw.slice(1, -1), true).map((part) => {
      let term = part.trim();
      let negate = false;
      if (/^not\.(and|or)\(/.test(term)) {
        negate = true;
        term = term.slice(4);
      }
      const nested = /^(and|or)(\(.*\))$/s.exec(term);
      let condition: string;
      if (nested) condition = logic(rel, nested[1] as 'and' | 'or', nested[2]!, where, depth + 1);
      else {
        const dot = term.indexOf('.');
        if (dot <= 0) throw fail();
        // A value in double quotes keeps its commas and parentheses (`name.eq."a,b"`).
        const value = term.slice(dot + 1).replace(/^((?:not\.)?[a-z_]+(?:\([^()]*\))?\.)"(.*)"$/s, '$1$2');
        condition = filter(rel, term.slice(0, dot), value, where);
      }
      return negate ? `not (${condition})` : condition;
    });
    return `(${parts.join(` ${operator} `)})`;
  };

  return { filter, logic };
}
