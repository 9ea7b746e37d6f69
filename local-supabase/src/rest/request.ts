// What every PostgREST route needs of its request: the role and claims of its token, what it asks through
// Prefer and Accept, and its statements run in one transaction as that role (src/rest/transaction.ts).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RestError } from '../errors';
import { bearerToken, verifyJwt, type Claims, type JwtKeys, type Refusal } from '../keys';
import type { Service } from '../service';
import type { Relation } from './fields';
import { negotiate, type Media } from './media';
import { parsePreferences, preferenceApplied, type Preferences, type RequestKind } from './preferences';
import { requestContext, runAsRole, type GucResponse, type Statement } from './transaction';

declare module 'fastify' {
  interface FastifyRequest {
    /** What the request's functions set in response.status and response.headers, for a successful answer. */
    gucResponse?: GucResponse;
  }
}

/** Where PostgREST's API is served; request.path is the path under it, as behind Supabase's gateway. */
const PREFIX = '/rest/v1';

const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

const NO_KEY = 'No suitable key or wrong key type';

/**
 * PostgREST 14's answer to a token it cannot verify (Error.hs, and jose-jwt's reasons in `details`: no key of the
 * set matches the token's `kid` and `alg`, or none verifies its signature). A project without signing keys keeps
 * the answer it always had here.
 */
const REFUSALS: Record<Refusal, RestError> = {
  expired: new RestError(401, 'PGRST303', 'JWT expired'),
  invalid: new RestError(401, 'PGRST301', 'JWSError JWSInvalidSignature'),
  'unknown-key': new RestError(401, 'PGRST301', NO_KEY, 'No suitable key was found to decode the JWT'),
  'wrong-key-type': new RestError(401, 'PGRST301', NO_KEY, 'No suitable key was found to decode the JWT'),
  'bad-signature': new RestError(401, 'PGRST301', NO_KEY, 'None of the keys was able to decode the JWT'),
};

export function claimsOf(request: FastifyRequest, keys: JwtKeys): Claims {
  const token = bearerToken(request.headers);
  if (!token) return { role: 'anon' };
  const verified = verifyJwt(keys, token);
  if (!verified.ok) throw REFUSALS[verified.reason];
  const { role, sub } = verified.claims;
  if (typeof role !== 'string' || !API_ROLES.has(role)) {
    throw new RestError(401, 'PGRST303', `role ${JSON.stringify(role)} does not exist`);
  }
  // `sub` goes into request.jwt.claim.sub and auth.uid() as text: a token (signed with the project's secret, not
  // by GoTrue) whose sub is an object or a number is refused as PostgREST refuses claims it cannot read.
  if (sub !== undefined && typeof sub !== 'string')
    throw new RestError(401, 'PGRST303', "The JWT 'sub' claim must be a string");
  return verified.claims;
}

/** A request's preferences, what it asked of the answer, and how its transaction ends. */
export interface Asked {
  prefs: Preferences;
  /** Counted (a read counts as asked, src/rest/read.ts; a write or a call counts planned and estimated exactly). */
  count: boolean;
  representation: boolean;
  /** What Accept asked the answer to be (406 PGRST107 for what PostgREST would not write). */
  media: Media;
  single: boolean;
  rollback: boolean;
}

/** What the request asks through Prefer and Accept (PGRST122 for what it may not, under handling=strict). */
export function asked(request: FastifyRequest, { rest }: Service): Asked {
  const media = negotiate(request.headers.accept);
  const txEnd = rest.cache.dbTxEnd ?? rest.txEnd;
  const prefs = parsePreferences(request.headers.prefer, txEnd, rest.cache.timezones);
  const end = prefs.tx ?? (txEnd.startsWith('rollback') ? 'rollback' : 'commit');
  return {
    prefs,
    count: prefs.count !== undefined,
    representation: prefs.return === 'representation',
    media,
    single: media.kind === 'object',
    rollback: end === 'rollback',
  };
}

/** Runs the statements as the request's role; keeps what its functions set of the answer (response.status...). */
export async function run(
  request: FastifyRequest,
  service: Service,
  claims: Claims,
  readOnly: boolean,
  statements: Statement[],
  a: Asked,
) {
  const result = await runAsRole(service.db, claims, statements, {
    readOnly,
    rollback: a.rollback,
    timezone: a.prefs.timezone,
    context: requestContext(request, PREFIX),
    roleSettings: service.rest.cache.roleSettings(claims.role),
  });
  request.gucResponse = result.response;
  return result.rows;
}

/** Preference-Applied: what of the request's preferences was honoured. */
export function applied(reply: FastifyReply, a: Asked, kind: RequestKind) {
  const header = preferenceApplied(a.prefs, kind);
  if (header) reply.header('Preference-Applied', header);
}

/** The query string, decoded as PostgREST reads it. */
export const search = (request: FastifyRequest) =>
  new URL(request.raw.url ?? '/', 'http://local').searchParams;

/** A table of the schema cache as a relation the query grammar reads (PGRST205 for an unknown one). */
export const tableRelation = ({ rest }: Service, table: string): Relation => ({
  name: table,
  columns: rest.cache.columns(table),
  table,
  types: rest.cache.columnTypes(table),
});
