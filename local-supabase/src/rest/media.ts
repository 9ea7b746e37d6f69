// The Accept header as PostgREST negotiates it: JSON (an array, `application/vnd.pgrst.array+json`), one object
// (`application/vnd.pgrst.object+json`, `.single()`), either with `nulls=stripped`, or CSV (`text/csv`, `.csv()`);
// anything else, the plan type included (off on Supabase, as PostgREST's db-plan-enabled by default), is 406
// PGRST107. CSV is written by PostgreSQL as PostgREST writes it: the first row's keys, then each row's text.
import { RestError } from '../errors';

export interface Media {
  kind: 'array' | 'object' | 'csv';
  /** `nulls=stripped`: keys whose value is null left out (json_strip_nulls). */
  stripNulls: boolean;
}

const TYPES: Record<string, Media['kind']> = {
  '*/*': 'array',
  'application/*': 'array',
  'application/json': 'array',
  'application/vnd.pgrst.array+json': 'array',
  'application/vnd.pgrst.object+json': 'object',
  'text/csv': 'csv',
};

/** The media type the answer takes: the first of Accept's (by quality) this service writes; 406 PGRST107 else. */
export function negotiate(accept: string | undefined): Media {
  if (accept === undefined || accept.trim() === '') return { kind: 'array', stripNulls: false };
  const offered = accept
    .split(',')
    .map((item, order) => {
      const [type = '', ...params] = item.split(';').map((p) => p.trim());
      const param = (name: string) =>
        params.find((p) => p.toLowerCase().startsWith(`${name}=`))?.slice(name.length + 1);
      const q = Number(param('q') ?? 1);
      return { type: type.toLowerCase(), stripped: param('nulls') === 'stripped', q, order, item, param };
    })
    .filter((m) => m.type !== '' && !(m.q <= 0))
    .sort((a, b) => b.q - a.q || a.order - b.order);
  for (const m of offered) {
    const kind = Object.hasOwn(TYPES, m.type) ? TYPES[m.type] : undefined;
    if (kind) return { kind, stripNulls: m.stripped && kind !== 'csv' };
  }
  throw new RestError(
    406,
    'PGRST107',
    `None of these media types are available: ${offered.map(({ type, item, param }) => named(type, item, param)).join(', ') || accept}`,
  );
}

const PLAN = /^application\/vnd\.pgrst\.plan(?:\+(json|text))?$/;

/**
 * A media type as PostgREST's 406 names it (its toMime): the plan type (`explain()`; db-plan-enabled is off on
 * Supabase) in its own canonical form, anything else as the client wrote it.
 */
function named(type: string, item: string, param: (name: string) => string | undefined): string {
  const plan = PLAN.exec(type);
  if (!plan) return item.trim();
  const unquote = (value: string | undefined) => value?.replace(/^"(.*)"$/, '$1');
  const wanted = unquote(param('for'))?.toLowerCase() ?? 'application/json';
  const target = /^application\/vnd\.pgrst\.array(\+json)?$/.test(wanted) ? 'application/json' : wanted;
  const given = (unquote(param('options')) ?? '').split('|');
  const options = ['analyze', 'verbose', 'settings', 'buffers', 'wal'].filter((o) => given.includes(o));
  return `application/vnd.pgrst.plan+${plan[1] ?? 'text'}; for="${target}"${options.length ? `; options=${options.join('|')}` : ''}`;
}

/**
 * A request body PostgREST 12+ passes on as it came (its RawPay): text, XML or binary, which only a function of one
 * unnamed parameter of that type takes; the parameter type each is for.
 */
const RAW_BODIES: Record<string, RawBody['type']> = {
  'text/plain': 'text',
  'text/xml': 'xml',
  'application/octet-stream': 'bytea',
};

export interface RawBody {
  type: 'text' | 'xml' | 'bytea';
  /** The body as text, binary as hexadecimal digits. */
  value: string;
}

/** The request's Content-Type without parameters, `application/json` when it has none (as PostgREST). */
export const bodyType = (header: string | undefined) =>
  (header ?? 'application/json').split(';')[0]!.trim().toLowerCase() || 'application/json';

/** The body as PostgREST's RawPay, or undefined for any other media type. */
export function rawBody(header: string | undefined, body: unknown): RawBody | undefined {
  const type = Object.hasOwn(RAW_BODIES, bodyType(header)) ? RAW_BODIES[bodyType(header)] : undefined;
  if (!type) return undefined;
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(typeof body === 'string' ? body : '');
  return { type, value: bytes.toString(type === 'bytea' ? 'hex' : 'utf8') };
}

/** The content type of an answer in `media`. */
export const contentType = (media: Media) =>
  media.kind === 'csv'
    ? 'text/csv; charset=utf-8'
    : media.stripNulls
      ? `application/vnd.pgrst.${media.kind}+json; nulls=stripped; charset=utf-8`
      : `application/${media.kind === 'object' ? 'vnd.pgrst.object+json' : 'json'}; charset=utf-8`;

/** json_strip_nulls: null-valued keys left out of every object, however deep (arrays keep their nulls). */
export function stripNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripNulls);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [k, stripNulls(v)]),
  );
}

/** The rows of `sql` as PostgREST's CSV: a header of the first row's keys, then each row as a record's text. */
export const csv = (sql: string) =>
  `(coalesce((select string_agg(_k, ',') from json_object_keys((select to_json(_h) from (${sql}) _h limit 1)) _k), '')
    || chr(10) || coalesce((select string_agg(substring(_r::text, 2, length(_r::text) - 2), chr(10)) from (${sql}) _r), ''))`;
