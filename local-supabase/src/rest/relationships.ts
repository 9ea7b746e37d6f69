// How PostgREST finds the relationship an embed names (its findRel): by the embedded table's name (with a hint:
// a foreign key's name, one of its columns, or a junction table), by a foreign key's name alone
// (`best_friends_first_user_fkey(*)`), or by the embedding table's own key column (`username(*)`); with
// PostgREST's cardinalities (a foreign key on a primary or unique key is one-to-one: an object both ways) and its
// PGRST200 and PGRST201 answers.
import { RestError } from '../errors';
import type { ForeignKey } from './catalogue-read';
import { closest } from './fuzzy';

type Cardinality = 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many';

/** One way from `table` to `foreignTable`, as PostgREST's schema cache holds it. */
export interface Relationship {
  table: string;
  foreignTable: string;
  cardinality: Cardinality;
  /** The foreign key (through a junction: the junction's key to `table`). */
  fk: ForeignKey;
  /** Whether the foreign key is `table`'s own (many-to-one, or the child side of one-to-one). */
  owned: boolean;
  /** [column of `table`, column of `foreignTable`] (through a junction: [column of `table`, of the junction]). */
  pairs: [string, string][];
  /** A many-to-many's junction: its key to `foreignTable`, and [column of `foreignTable`, of the junction]. */
  junction?: { table: string; fk: ForeignKey; pairs: [string, string][] };
}

/** Every relationship from `from`: both ways of each foreign key, and many-to-many through junction tables. */
export function relationshipsFrom(from: string, foreignKeys: ForeignKey[], keys: Map<string, string[]>) {
  const found: Relationship[] = [];
  for (const fk of foreignKeys) {
    const zip = (a: string[], b: string[]) => a.map((c, i): [string, string] => [c, b[i]!]);
    if (fk.table === from)
      found.push({
        table: from,
        foreignTable: fk.ref_table,
        cardinality: fk.unique ? 'one-to-one' : 'many-to-one',
        fk,
        owned: true,
        pairs: zip(fk.columns, fk.ref_columns),
      });
    if (fk.ref_table === from)
      found.push({
        table: from,
        foreignTable: fk.table,
        cardinality: fk.unique ? 'one-to-one' : 'one-to-many',
        fk,
        owned: false,
        pairs: zip(fk.ref_columns, fk.columns),
      });
  }
  // Many-to-many, as PostgREST detects it: a junction table with a foreign key to each side whose columns are
  // all part of its primary key (not between a table and itself).
  for (const mine of foreignKeys) {
    if (mine.ref_table !== from) continue;
    const key = new Set(keys.get(mine.table) ?? []);
    for (const theirs of foreignKeys) {
      if (theirs.table !== mine.table || theirs.ref_table === from || theirs.name === mine.name) continue;
      if (![...mine.columns, ...theirs.columns].every((c) => key.has(c))) continue;
      found.push({
        table: from,
        foreignTable: theirs.ref_table,
        cardinality: 'many-to-many',
        fk: mine,
        owned: false,
        pairs: mine.ref_columns.map((c, i) => [c, mine.columns[i]!]),
        junction: {
          table: mine.table,
          fk: theirs,
          pairs: theirs.ref_columns.map((c, i) => [c, theirs.columns[i]!]),
        },
      });
    }
  }
  return found;
}

const single = (r: Relationship) => (r.pairs.length === 1 ? r.pairs[0]! : null);
const isSelf = (r: Relationship) => r.table === r.foreignTable;

/** Whether `hint` (after `!`) picks `r`: its foreign key's name, one column of a one-column key, its junction. */
function matchesHint(r: Relationship, hint: string): boolean {
  if (r.junction) return r.junction.table === hint;
  // A self-referencing table's children cannot be picked by the key's name (PostgREST answers PGRST200 there).
  if (r.fk.name === hint) return !(isSelf(r) && !r.owned);
  const pair = single(r);
  return pair !== null && (pair[0] === hint || pair[1] === hint);
}

/** The relationship `select=target!hint(...)` on `from` names; PGRST200 for none, PGRST201 for several. */
export function findRelationship(
  from: string,
  target: string,
  hint: string | undefined,
  relationships: Relationship[],
  /** The tables that have relationships, for PGRST200's hint when `from` has none. */
  related: () => Iterable<string>,
): Relationship {
  const matching = relationships.filter((r) => {
    if (r.foreignTable === target) {
      // Named by its own table, a self-referencing table embeds its children.
      if (isSelf(r) && r.owned) return false;
      return hint === undefined || matchesHint(r, hint);
    }
    // Named by a foreign key, or by the embedding table's own key column: never a view's (PostgREST's findRel).
    if (hint !== undefined || r.junction || (r.owned ? r.fk.refIsView : r.fk.tableIsView)) return false;
    return r.fk.name === target || (r.owned && single(r)?.[0] === target);
  });
  if (matching.length === 1) return matching[0]!;
  if (matching.length === 0)
    throw noRelationship(from, target, hint, perhaps(from, target, relationships, related));
  const columns = (table: string, cols: string[]) => `${table}(${cols.join(', ')})`;
  throw new RestError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${from}' and '${target}'`,
    matching.map((r) => ({
      cardinality: r.cardinality,
      embedding: `${r.table} with ${r.foreignTable}`,
      relationship: r.junction
        ? `${r.junction.table} using ${columns(r.fk.name, r.fk.columns)} and ${columns(r.junction.fk.name, r.junction.fk.columns)}`
        : `${r.fk.name} using ${columns(
            r.table,
            r.pairs.map((p) => p[0]),
          )} and ${columns(
            r.foreignTable,
            r.pairs.map((p) => p[1]),
          )}`,
    })),
    `Try changing '${target}' to one of the following: ${matching.map((r) => `'${r.foreignTable}!${r.junction ? r.junction.table : r.fk.name}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
  );
}

/**
 * PostgREST's PGRST200 hint (its noRelBetweenHint, by the fuzzy match of ./fuzzy.ts): when `from` has
 * relationships, the closest of the tables they reach to `target` (none when `target` is one of them: the embed's
 * hint was wrong); when it has none, the closest table that has some to `from`.
 */
function perhaps(
  from: string,
  target: string,
  relationships: Relationship[],
  related: () => Iterable<string>,
) {
  const [wrong, names] =
    relationships.length > 0 ? [target, relationships.map((r) => r.foreignTable)] : [from, related()];
  const near = closest(names, wrong);
  return near === undefined || near.toLowerCase() === wrong.toLowerCase()
    ? null
    : `Perhaps you meant '${near}' instead of '${wrong}'.`;
}

/** PGRST200: nothing in the schema cache links `from` to what `target` names. */
export function noRelationship(
  from: string,
  target: string,
  hint?: string,
  suggestion: string | null = null,
) {
  const using = hint === undefined ? '' : ` using the hint '${hint}'`;
  return new RestError(
    400,
    'PGRST200',
    `Could not find a relationship between '${from}' and '${target}' in the schema cache`,
    `Searched for a foreign key relationship between '${from}' and '${target}'${using} in the schema 'public', but no matches were found.`,
    suggestion,
  );
}
