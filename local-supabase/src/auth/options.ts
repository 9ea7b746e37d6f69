// What GoTrue's routes are configured with, from config.toml's [auth] (src/config/) and the start's options.
import type { RateLimits, SupabaseConfig } from '../config/settings';
import type { SigningKey } from '../config/signing-keys';
import type { JwtKeys } from '../keys';
import type { PasswordPolicy } from './passwords';
import type { RedirectPolicy } from './redirect';

/** The JWT secret and signing keys (JwtKeys), and the rest of GoTrue's settings. */
export interface AuthOptions extends JwtKeys {
  /** The access tokens' `iss`, and where e-mailed links lead: `<API>/auth/v1`. */
  issuer: string;
  jwtExpiry: number;
  /** Sign-up signs in at once ([auth.email] enable_confirmations off). */
  autoConfirm: boolean;
  /** config.toml's [auth] enable_signup: new users may sign up. */
  enableSignup: boolean;
  /** [auth.email] enabled: the e-mail provider (sign-up and sign-in with an address and a password). */
  emailEnabled: boolean;
  password: PasswordPolicy;
  /** [auth] enable_refresh_token_rotation: a reused old refresh token ends its whole session. */
  refreshTokenRotation: boolean;
  refreshReuseInterval: number;
  rateLimit: RateLimits;
  /** Where e-mail links may lead ([auth] site_url, additional_redirect_urls). */
  redirect: RedirectPolicy;
  /** [auth.email] otp_length, otp_expiry (seconds), max_frequency (seconds), double_confirm_changes. */
  otpLength: number;
  otpExpiry: number;
  maxFrequency: number;
  doubleConfirmChanges: boolean;
  /** [auth.email] secure_password_change: an old session needs the e-mailed code to change the password. */
  securePasswordChange: boolean;
  mfa: SupabaseConfig['auth']['mfa'];
}

export function authOptions(
  config: SupabaseConfig,
  secret: string,
  apiUrl: string,
  bcryptCost: number,
  signingKeys: readonly SigningKey[] = [],
): AuthOptions {
  const { auth } = config;
  return {
    secret,
    signingKeys,
    issuer: `${apiUrl}/auth/v1`,
    jwtExpiry: auth.jwtExpiry,
    autoConfirm: !auth.email.enableConfirmations,
    enableSignup: auth.enableSignup,
    emailEnabled: auth.email.enabled,
    password: {
      minLength: auth.minimumPasswordLength,
      requirements: auth.passwordRequirements,
      bcryptCost,
    },
    refreshTokenRotation: auth.refreshTokenRotation,
    refreshReuseInterval: auth.refreshTokenReuseInterval,
    rateLimit: auth.rateLimit,
    redirect: { siteUrl: auth.siteUrl, additionalRedirectUrls: auth.additionalRedirectUrls },
    otpLength: auth.email.otpLength,
    otpExpiry: auth.email.otpExpiry,
    maxFrequency: auth.email.maxFrequency,
    doubleConfirmChanges: auth.email.doubleConfirmChanges,
    securePasswordChange: auth.email.securePasswordChange,
    mfa: auth.mfa,
  };
}
