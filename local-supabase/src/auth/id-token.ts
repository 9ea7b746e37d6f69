// GoTrue's id_token grant (internal/api/token_oidc.go), supabase.auth.signInWithIdToken(): this service enables no
// external provider, so it answers as GoTrue does with each one off, before it would fetch the issuer's keys.
import { AuthError } from '../errors';

// The issuers GoTrue knows its providers by (keycloak's is config.toml's URL, unset here).
const ISSUERS: Record<string, string> = {
  google: 'https://accounts.google.com',
  facebook: 'https://www.facebook.com',
  kakao: 'https://kauth.kakao.com',
  snapchat: 'https://accounts.snapchat.com',
  vercel_marketplace: 'https://marketplace.vercel.com',
  keycloak: '',
};

// Apple's and Azure's issuer is read from the token itself first.
const DETECTED: Record<string, string> = { apple: 'Apple', azure: 'Azure' };

/** The `iss` of an unverified JWT, or undefined when it is none. */
function issuerOf(token: unknown): string | undefined {
  if (typeof token !== 'string') return undefined;
  try {
    const claims = JSON.parse(
      Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'),
    ) as unknown;
    const iss = (claims as { iss?: unknown } | null)?.iss;
    return typeof iss === 'string' ? iss : undefined;
  } catch {
    return undefined;
  }
}

const disabled = (issuer: string) =>
  new AuthError(400, 'provider_disabled', `Provider (issuer ${JSON.stringify(issuer)}) is not enabled`);

/** The refusal GoTrue gives an id_token grant when the provider it names is not enabled. */
export function idTokenRefusal(body: unknown): AuthError {
  const { provider, id_token: idToken } = (body ?? {}) as { provider?: unknown; id_token?: unknown };
  const name = typeof provider === 'string' ? provider : '';
  if (Object.hasOwn(ISSUERS, name)) return disabled(ISSUERS[name]!);
  if (Object.hasOwn(DETECTED, name)) {
    const issuer = issuerOf(idToken);
    return issuer === undefined
      ? new AuthError(
          400,
          'validation_failed',
          `Unable to detect issuer in ID token for ${DETECTED[name]} provider`,
        )
      : disabled(issuer);
  }
  if (name.startsWith('custom:'))
    return new AuthError(400, 'validation_failed', 'Custom OAuth providers are disabled');
  return new AuthError(400, 'validation_failed', `Custom OIDC provider ${JSON.stringify(name)} not allowed`);
}
