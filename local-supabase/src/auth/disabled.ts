// What GoTrue offers and this service does not (anonymous sign-ins, Web3, SAML SSO, manual identity linking, the
// OAuth 2.1 server and its clients):
// each answered as GoTrue answers it with the feature off, so a team's code meets the real service's error.
import { AuthError } from '../errors';
import type { Handler } from '../service';

/** A sign-up with neither an address nor a phone is supabase-js's signInAnonymously(). */
export const isAnonymousSignUp = (body: unknown) => {
  const { email, phone, password } = (body ?? {}) as Record<string, unknown>;
  return email === undefined && phone === undefined && password === undefined;
};

export const anonymousDisabled = () =>
  new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');

export const web3Disabled = () => new AuthError(422, 'web3_provider_disabled', 'Web3 provider is disabled');

/** POST /sso (signInWithSSO), with SAML off. */
export const sso: Handler = async () => {
  throw new AuthError(404, 'saml_provider_disabled', 'SAML 2.0 is disabled');
};

/** The admin API's OAuth clients (supabase.auth.admin.oauth), with GoTrue's OAuth server off (its default). */
export const oauthServer: Handler = async () => {
  throw new AuthError(404, 'feature_disabled', 'OAuth server is disabled');
};

/** GET /user/identities/authorize (linkIdentity) and DELETE /user/identities/:id (unlinkIdentity). */
export const identityLinking: Handler = async () => {
  throw new AuthError(404, 'manual_linking_disabled', 'Manual linking is disabled');
};
