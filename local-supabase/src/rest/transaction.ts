// How PostgREST runs a request (src/PostgREST/Query/PreQuery.hs, Response.hs): one transaction, read-only for a
// read or a STABLE/IMMUTABLE function, that first sets the impersonated role's own settings (`alter role anon set
// statement_timeout = '3s'`: `set role` alone would not apply them), the role, the JWT claims and the request
// (method, path, headers, cookies), and last reads back `response.status` and `response.headers`, which a function
// may set to shape its answer.
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import { literal, writeParams, type Value } from '../db/literals';
import { RestError } from '../errors';
import { fromPgError } from './pg-errors';
import type { Claims } from '../keys';

export interface Statement {
  sql: string;
  params?: readonly Value[];
}

/** What PostgREST puts in request.method, request.path, request.headers and request.cookies. */
export interface RequestContext {
  method: string;
  path: string;
  headers: Record<string, string>;
  cookies: Record<string, string>;
}

/**
 * The header in which Supabase's gateway passes on the client's address: hosted projects sit behind Cloudflare,
 * which sets `cf-connecting-ip` to the address that connected, replacing whatever the client sent, and appends
 * that address to `x-forwarded-for`, whose earlier entries are the client's own words. PostgREST hands both on in
 * request.headers. Source: supabase/supabase discussion #34647 ("Is x-forwarded-for safe?": a spoofed
 * x-forwarded-for reached the database while cf-connecting-ip held the real address).
 */
const CLIENT_ADDRESS_HEADER = 'cf-connecting-ip';

/** An IPv4 client as Node reports it on a dual-stack socket (`::ffff:1.2.3.4`) is written as IPv4. */
const plainAddress = (address: string | undefined) => (address ?? '').replace(/^::ffff:(?=\d+\.)/, '');

function cookiesOf(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const pair of (header ?? '').split(';')) {
    const eq = pair.indexOf('=');
    const name = (eq < 0 ? '' : pair.slice(0, eq)).trim();
    if (name && !Object.hasOwn(cookies, name)) cookies[name] = pair.slice(eq + 1).trim();
  }
  return cookies;
}

/**
 * The request as PostgREST behind Supabase's gateway sees it: header names lower-cased, the client's address in
 * CLIENT_ADDRESS_HEADER (overwritten: a client cannot choose it) and appended to `x-forwarded-for`, and the path
 * under the API's prefix (`/rest/v1/orders` is `/orders`, as the gateway strips it).
 */
export function requestContext(request: FastifyRequest, prefix: string): RequestContext {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  const address = plainAddress(request.socket.remoteAddress);
  headers[CLIENT_ADDRESS_HEADER] = address;
  headers['x-forwarded-for'] = headers['x-forwarded-for']
    ? `${headers['x-forwarded-for']}, ${address}`
    : address;
  const pathname = new URL(request.raw.url ?? '/', 'http://local').pathname;
  return {
    method: request.method,
    path: pathname.startsWith(prefix) ? pathname.slice(prefix.length) || '/' : pathname,
    headers,
    cookies: cookiesOf(headers.cookie),
  };
}

/** What a function asked of the answer through `response.status` and `response.headers`. */
export interface GucResponse {
  status?: number;
  headers: [string, string][];
}

/** PostgREST's reading of the two settings: a status (PGRST112) and an array of one-key objects (PGRST111). */
function gucResponse(status: unknown, headers: unknown): GucResponse {
  const response: GucResponse = { headers: [] };
  if (typeof status === 'string') {
    const digits = /^\d{1,9}/.exec(status);
    const code = digits ? Number(digits[0]) : NaN;
    if (!(code >= 100 && code <= 599))
      throw new RestError(500, 'PGRST112', 'response.status guc must be a valid status code');
    response.status = code;
  }
  if (typeof headers === 'string') {
    const refused = () =>
      new RestError(
        500,
        'PGRST111',
        'response.headers guc must be a JSON array composed of objects with a single key and a string value',
      );
    let parsed: unknown;
    try {
      parsed = JSON.parse(headers);
    } catch {
      throw refused();
    }
    if (!Array.isArray(parsed)) throw refused();
    for (const item of parsed) {
      const entries = typeof item === 'object' && item !== null ? Object.entries(item as object) : [];
      if (entries.length !== 1 || typeof entries[0]![1] !== 'string') throw refused();
      response.headers.push(entries[0] as [string, string]);
    }
  }
  return response;
}

export interface RunOptions {
  readOnly: boolean;
  /** `Prefer: tx=rollback` where allowed: the transaction is rolled back once its rows are read. */
  rollback?: boolean;
  /** `Prefer: timezone`. */
  timezone?: string;
  context: RequestContext;
  /** The role's own settings (`alter role ... set`), from the schema cache. */
  roleSettings: readonly (readonly [string, string])[];
}

export interface RunResult {
  /** Each statement's first row. */
  rows: (Record<string, unknown> | undefined)[];
  response: GucResponse;
}

/** Thrown inside a transaction to roll it back after its results were read (`Prefer: tx=rollback`). */
class RolledBack {
  constructor(readonly results: { rows: Record<string, unknown>[] }[]) {}
}

/**
 * Values this long (a request's body) are bound rather than written into the script, as PostgREST binds the body:
 * PostgreSQL then neither scans them as SQL nor copies them into its log with a statement that fails
 * (`log_min_error_statement` logs the statement's text: a refused 30,000-item quote_cart wrote 0.9 MB there,
 * which PGlite turns into a JavaScript string byte by byte before dropping it).
 */
const BIND_FROM_LENGTH = 64 * 1024;

const RESPONSE_SETTINGS = `select nullif(current_setting('response.status', true), '') as status,
              nullif(current_setting('response.headers', true), '') as headers`;

/**
 * Runs `statements` in one transaction as the request's role: sent as one script (one round trip), or, when a
 * statement binds a long value or `rollback` is asked, as an explicit transaction (the setup, each statement, the
 * response settings; rolled back once the rows are read with `rollback`). A database error becomes PostgREST's
 * answer to it.
 */
export async function runAsRole(
  db: Database,
  claims: Claims,
  statements: Statement[],
  options: RunOptions,
): Promise<RunResult> {
  const { context } = options;
  const settings: [string, string][] = [
    // The role's settings before the role, as PostgREST sets them (so `grant set on parameter` to the
    // connecting role suffices for a superuser-only setting, PostgREST#3045).
    ...options.roleSettings.map(([name, value]): [string, string] => [name, value]),
    ['role', claims.role],
    ['request.jwt.claims', JSON.stringify(claims)],
    // For policies written against the older per-claim settings.
    ['request.jwt.claim.sub', typeof claims.sub === 'string' ? claims.sub : ''],
    ['request.method', context.method],
    ['request.path', context.path],
    ['request.headers', JSON.stringify(context.headers)],
    ['request.cookies', JSON.stringify(context.cookies)],
    ...(options.timezone ? [['timezone', options.timezone] as [string, string]] : []),
  ];
  const setup = [
    ...(options.readOnly ? ['set transaction read only'] : []),
    `select ${settings.map(([name, value]) => `set_config(${literal(name)}, ${literal(value)}, true)`).join(', ')}`,
  ];
  let results: { rows: Record<string, unknown>[] }[];
  try {
    // Inside the try: a value PostgreSQL would refuse (a NUL) is refused while the script is written.
    const written = statements.map((s) => writeParams(s.sql, s.params ?? [], BIND_FROM_LENGTH));
    if (!options.rollback && written.every((w) => w.bound.length === 0)) {
      results = await db.exec([...setup, ...written.map((w) => w.sql), RESPONSE_SETTINGS].join(';\n'));
    } else {
      results = await db
        .transaction(async (tx) => {
          const all = await tx.exec(setup.join(';\n'));
          for (const w of written)
            all.push(...(w.bound.length ? [await tx.query(w.sql, w.bound)] : await tx.exec(w.sql)));
          all.push(...(await tx.exec(RESPONSE_SETTINGS)));
          if (options.rollback) throw new RolledBack(all);
          return all;
        })
        .catch((error: unknown) => {
          if (error instanceof RolledBack) return error.results;
          throw error;
        });
    }
  } catch (error) {
    throw error instanceof RestError ? error : fromPgError(error, claims.role);
  }
  const guc = results.at(-1)!.rows[0]!;
  return {
    rows: results.slice(setup.length, -1).map((r) => r.rows[0]),
    response: gucResponse(guc.status, guc.headers),
  };
}
