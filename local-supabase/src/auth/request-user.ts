// Who a request to the auth API is: the user and session of its access token, as GoTrue's requireAuthentication
// resolves them (the token verified, its user and session still existing).
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database';
import { AuthError } from '../errors';
import { bearerToken, verifyJwt, type Claims, type JwtKeys, type VerifyResult } from '../keys';
import { findUserById, type UserRow } from './users';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface RequestUser {
  user: UserRow;
  sessionId: string;
  claims: Claims;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, on a route whose limits include `signedIn` (src/limits.ts). */
    user?: RequestUser;
  }
}

/** The user a route's `signedIn` limit found (a route without it is a mistake of the route table). */
export function userOf(request: FastifyRequest): RequestUser {
  if (!request.user)
    throw new Error(`${request.method} ${request.url}: the route table gives this route no signedIn limit`);
  return request.user;
}

/**
 * GoTrue's 403 `bad_jwt` for a refused token: "invalid JWT: unable to parse or verify signature, " and golang-jwt
 * v5's words for why (a project without signing keys keeps the shorter words it always had here).
 */
function badJwt({ reason, header }: Extract<VerifyResult, { ok: false }>): AuthError {
  const alg = String(header.alg);
  const kid = header.kid === undefined ? '<nil>' : String(header.kid);
  const ecdsa = alg.startsWith('ES');
  const why = {
    expired: 'token has invalid claims: token is expired',
    invalid: 'signature is invalid',
    'unknown-key': `token is unverifiable: error while executing keyfunc: unrecognized JWT kid ${kid} for algorithm ${alg}`,
    'wrong-key-type': `token signature is invalid: key is of invalid type: ${ecdsa ? 'ECDSA verify expects *ecdsa.PublicKey' : 'RSA verify expects *rsa.PublicKey'}`,
    'bad-signature': `token signature is invalid: crypto/${ecdsa ? 'ecdsa' : 'rsa'}: verification error`,
  }[reason];
  return new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${why}`);
}

/** The request's verified access token claims (Authorization only: the apikey names the project, not a user). */
function requestClaims(request: FastifyRequest, keys: JwtKeys): Claims {
  const token = bearerToken({ authorization: request.headers.authorization });
  if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  const verified = verifyJwt(keys, token);
  if (!verified.ok) throw badJwt(verified);
  return verified.claims;
}

/** The signed-in user of a request, from its access token. */
export async function requestUser(
  db: Queryable,
  keys: JwtKeys,
  request: FastifyRequest,
): Promise<RequestUser> {
  const claims = requestClaims(request, keys);
  const { sub, session_id: sessionId } = claims;
  if (!sub || !sessionId) throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim');
  // A token signed with the project's secret but not by this service: its ids must still be ids.
  if (typeof sub !== 'string' || !UUID.test(sub))
    throw new AuthError(403, 'bad_jwt', 'invalid claim: sub claim must be a UUID');
  if (typeof sessionId !== 'string' || !UUID.test(sessionId))
    throw new AuthError(403, 'bad_jwt', 'invalid claim: session_id claim must be a UUID');
  const user = await findUserById(db, sub);
  if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  const session = (
    await db.query('select id from auth.sessions where id = $1 and user_id = $2', [sessionId, sub])
  ).rows[0];
  if (!session)
    throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
  return { user, sessionId, claims };
}

/** GoTrue's admin check: a token whose role is service_role (the project's service key). */
export function requireAdmin(request: FastifyRequest, keys: JwtKeys): void {
  const claims = requestClaims(request, keys);
  if (claims.role !== 'service_role' && claims.role !== 'supabase_admin')
    throw new AuthError(403, 'not_admin', 'User not allowed');
}
