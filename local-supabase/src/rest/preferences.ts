// The Prefer header as PostgREST 14 reads it (RFC 7240; src/PostgREST/ApiRequest/Preferences.hs): several
// headers or one with commas, the first value of each preference wins, and what it does not know is ignored, or
// refused with PGRST122 under `handling=strict`. Preference-Applied names what was honoured, in PostgREST's order.
import { RestError } from '../errors';

export interface Preferences {
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  return?: 'representation' | 'minimal' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  /** Only when the transaction end may be overridden (PGRST_DB_TX_END=*-allow-override). */
  tx?: 'commit' | 'rollback';
  missing?: 'default' | 'null';
  handling?: 'strict' | 'lenient';
  timezone?: string;
  maxAffected?: number;
}

const CHOICES = {
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  return: ['representation', 'minimal', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  tx: ['commit', 'rollback'],
  missing: ['default', 'null'],
  handling: ['strict', 'lenient'],
} as const;

type Choice = keyof typeof CHOICES;

/** PostgREST's db-tx-end: how a request's transaction ends, and whether `Prefer: tx` may change it. */
export type TxEnd = 'commit' | 'commit-allow-override' | 'rollback' | 'rollback-allow-override';
const TX_ENDS: readonly string[] = ['commit', 'commit-allow-override', 'rollback', 'rollback-allow-override'];

/**
 * PGRST_DB_TX_END's value (or the in-database `pgrst.db_tx_end`'s), `commit` when unset (the Supabase CLI sets
 * none); a start with another one fails, as PostgREST's does.
 */
export function txEndOf(value: string | undefined, source = 'PGRST_DB_TX_END'): TxEnd {
  if (value === undefined || value === '') return 'commit';
  if (!TX_ENDS.includes(value)) throw new Error(`${source} must be one of ${TX_ENDS.join(', ')}`);
  return value as TxEnd;
}

export function parsePreferences(
  header: string | string[] | undefined,
  txEnd: TxEnd,
  timezones: ReadonlySet<string>,
): Preferences {
  const items = (Array.isArray(header) ? header : [header ?? ''])
    .flatMap((h) => h.split(','))
    .map((item) => item.trim())
    .filter(Boolean);
  const prefs: Preferences = {};
  const set = prefs as Record<string, unknown>;
  const invalid: string[] = [];
  for (const item of items) {
    const eq = item.indexOf('=');
    const key = eq > 0 ? item.slice(0, eq) : item;
    const value = eq > 0 ? item.slice(eq + 1) : '';
    // Own keys only: `constructor=x` names no preference.
    if (Object.hasOwn(CHOICES, key) && (CHOICES[key as Choice] as readonly string[]).includes(value)) {
      // tx is a known preference even where it may not be honoured (then it is ignored, not invalid).
      if (key === 'tx' && !txEnd.endsWith('-allow-override')) continue;
      if (set[key] === undefined) set[key] = value;
    } else if (key === 'max-affected') {
      // Any value is accepted; only a whole number is used (PostgREST reads it with readMaybe).
      if (prefs.maxAffected === undefined && /^-?\d{1,18}$/.test(value)) prefs.maxAffected = Number(value);
    } else if (key === 'timezone' && timezones.has(value)) {
      prefs.timezone ??= value;
    } else invalid.push(item);
  }
  if (prefs.handling === 'strict' && invalid.length > 0) {
    throw new RestError(
      400,
      'PGRST122',
      'Invalid preferences given with handling=strict',
      `Invalid preferences: ${invalid.join(', ')}`,
    );
  }
  return prefs;
}

/** What each kind of request may report as applied (PostgREST's responsePreferences). */
export type RequestKind = 'read' | 'insert' | 'upsert' | 'update' | 'delete' | 'rpc';

/**
 * The Preference-Applied header for a request of `kind`, or undefined when nothing applies. `resolution` is only
 * reported for an insert whose conflict target is known (a primary key or on_conflict).
 */
export function preferenceApplied(prefs: Preferences, kind: RequestKind): string | undefined {
  const write = kind === 'insert' || kind === 'upsert' || kind === 'update' || kind === 'delete';
  const values = [
    kind === 'upsert' && prefs.resolution && `resolution=${prefs.resolution}`,
    (kind === 'insert' || kind === 'upsert' || kind === 'update') &&
      prefs.missing &&
      `missing=${prefs.missing}`,
    write && prefs.return && `return=${prefs.return}`,
    prefs.count && `count=${prefs.count}`,
    prefs.tx && `tx=${prefs.tx}`,
    prefs.handling && `handling=${prefs.handling}`,
    prefs.timezone && `timezone=${prefs.timezone}`,
    (kind === 'update' || kind === 'delete' || kind === 'rpc') &&
      prefs.handling === 'strict' &&
      prefs.maxAffected !== undefined &&
      `max-affected=${prefs.maxAffected}`,
  ].filter((v): v is string => typeof v === 'string');
  return values.length ? values.join(', ') : undefined;
}

/** The max-affected limit a write must respect: only under handling=strict, as in PostgREST. */
export const maxAffected = (prefs: Preferences) =>
  prefs.handling === 'strict' ? prefs.maxAffected : undefined;

export function exceedsMaxAffected(rows: number): RestError {
  return new RestError(
    400,
    'PGRST124',
    'Query result exceeds max-affected preference constraint',
    `The query affects ${rows} rows`,
  );
}
