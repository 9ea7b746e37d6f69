// GoTrue's /verify (internal/api/verify.go): every e-mail link (GET, answered with a redirect that carries the
// session or the error in its fragment) and every typed code or token hash (POST, answered with the session).
import { AuthError } from '../errors';
import type { Handler } from '../service';
import { phoneOnly, validPhone } from './phone';
import { requestRedirect } from './redirect';
import {
  byCode,
  byLinkToken,
  CODE_TYPES,
  complete,
  EXPIRED_CODE,
  LINK_TYPES,
  type Outcome,
  type VerifyType,
} from './verify-tokens';

/** GoTrue's `error` of an error redirect, from the status (oauthErrorMap). */
const OAUTH_ERRORS: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  429: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
};

/** The URL with `params` as its fragment, keys sorted (Go's url.Values.Encode). */
function withFragment(target: string, params: Record<string, string>, dropQuery = false): string {
  const url = new URL(target);
  if (dropQuery) url.search = '';
  const fragment = new URLSearchParams(Object.entries(params).sort(([a], [b]) => a.localeCompare(b)));
  url.hash = fragment.toString();
  return url.toString();
}

export const verifyLink: Handler = async (request, reply, service) => {
  const { token, type } = request.query as Record<string, unknown>;
  const redirectTo = requestRedirect(service.auth.redirect, request);
  if (typeof token !== 'string' || token === '')
    throw new AuthError(400, 'validation_failed', 'Verify requires a token or a token hash');
  if (typeof type !== 'string' || type === '')
    throw new AuthError(400, 'validation_failed', 'Verify requires a verification type');
  let outcome: Outcome;
  try {
    if (!(LINK_TYPES as readonly string[]).includes(type))
      throw new AuthError(400, 'validation_failed', 'Unsupported verification type');
    const hash = token.replaceAll('-', '');
    outcome = await service.db.transaction(async (tx) =>
      complete(
        service,
        tx,
        type as VerifyType,
        await byLinkToken(service, tx, type as VerifyType, hash),
        hash,
      ),
    );
  } catch (error) {
    if (!(error instanceof AuthError) || error.status >= 500) throw error;
    // GoTrue's error redirect: the query dropped, the error in the fragment.
    return reply.redirect(
      withFragment(
        redirectTo,
        {
          error: OAUTH_ERRORS[error.status] ?? 'invalid_request',
          error_code: error.code,
          error_description: error.message,
        },
        true,
      ),
      303,
    );
  }
  if (outcome.kind === 'message')
    return reply.redirect(withFragment(redirectTo, { message: outcome.message }), 303);
  const { session } = outcome;
  return reply.redirect(
    withFragment(redirectTo, {
      access_token: session.access_token,
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      refresh_token: session.refresh_token,
      token_type: session.token_type,
      type,
    }),
    303,
  );
};

export const verifyCode: Handler = async (request, reply, service) => {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const { type, token, token_hash: hashParam, email, phone } = body;
  if (typeof type !== 'string' || type === '')
    throw new AuthError(400, 'validation_failed', 'Verify requires a verification type');
  if (phoneOnly(body)) {
    validPhone(phone);
    // No code is ever sent by SMS here, so none is valid: GoTrue's answer to a wrong or expired one.
    throw EXPIRED_CODE();
  }
  if (!(CODE_TYPES as readonly string[]).includes(type))
    throw new AuthError(400, 'validation_failed', 'Unsupported verification type');
  const verifyType = type as VerifyType;
  const outcome = await service.db.transaction(async (tx): Promise<Outcome> => {
    if (typeof hashParam === 'string' && hashParam !== '') {
      const hash = hashParam.replaceAll('-', '');
      return complete(
        service,
        tx,
        verifyType,
        await byLinkToken(service, tx, verifyType, hash).catch(() => {
          throw EXPIRED_CODE();
        }),
        hash,
      );
    }
    if (typeof token !== 'string' || token === '')
      throw new AuthError(400, 'validation_failed', 'Verify requires a token or a token hash');
    if (typeof email !== 'string' || email === '')
      throw new AuthError(
        400,
        'validation_failed',
        'Only an email address or phone number should be provided on verify',
      );
    const { user, hash } = await byCode(
      service,
      tx,
      verifyType,
      email.trim().toLowerCase(),
      token.replaceAll('-', ''),
    );
    return complete(service, tx, verifyType, user, hash);
  });
  if (outcome.kind === 'message') return reply.send({ msg: outcome.message, code: 200 });
  return reply.send(outcome.session);
};
