// What the service's settings are: the keys of `supabase/config.toml` it reads, with the Supabase CLI's defaults
// for those the file leaves out, and the windows of the CLI's rate limits.
import type { AuthTemplates } from '../mail/auth-templates';

/** config.toml's [auth] password_requirements: the character sets a password must use (src/auth/passwords.ts). */
export type PasswordRequirements =
  '' | 'letters_digits' | 'lower_upper_letters_digits' | 'lower_upper_letters_digits_symbols';

/** What the service takes from config.toml, with the Supabase CLI's defaults for keys the file leaves out. */
export interface SupabaseConfig {
  /** The file it came from, or null when the folder has none (then every value is the CLI's default). */
  file: string | null;
  api: {
    enabled: boolean;
    port: number;
    /** Rows a read returns at most, whatever limit the client asks for. */
    maxRows: number;
  };
  auth: {
    enabled: boolean;
    jwtExpiry: number;
    /**
     * signing_keys_path (resolved from the supabase/ folder, as the CLI does): the JSON array of JWKs that signs
     * and verifies the access tokens (src/config/signing-keys.ts); null: HS256 with the JWT secret only.
     */
    signingKeysPath: string | null;
    refreshTokenRotation: boolean;
    refreshTokenReuseInterval: number;
    enableSignup: boolean;
    minimumPasswordLength: number;
    passwordRequirements: PasswordRequirements;
    /** [auth] site_url: where e-mail links lead by default; additional_redirect_urls: the other allowed ones. */
    siteUrl: string;
    additionalRedirectUrls: string[];
    email: {
      enabled: boolean;
      enableConfirmations: boolean;
      /** double_confirm_changes: an e-mail change is confirmed from the old address too. */
      doubleConfirmChanges: boolean;
      /**
       * secure_password_change: a password change from a session older than 24 hours needs the code e-mailed by
       * GET /reauthenticate (GoTrue's UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION).
       */
      securePasswordChange: boolean;
      /** max_frequency in seconds: the least time between two e-mails of one kind to one user. */
      maxFrequency: number;
      /** otp_length and otp_expiry (seconds): the code in each e-mail and how long it and its link work. */
      otpLength: number;
      otpExpiry: number;
      /** [auth.email.template.<kind>]: the agency's auth e-mails (src/mail/auth-templates.ts); a kind not set sends GoTrue's. */
      templates: AuthTemplates;
    };
    mfa: {
      maxEnrolledFactors: number;
      totp: { enrollEnabled: boolean; verifyEnabled: boolean };
      /** GoTrue's MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY: challenges and verifications per minute and IP. */
      challengeAndVerifyPerMinute: number;
    };
    rateLimit: RateLimits;
  };
  db: { seed: { enabled: boolean; sqlPaths: string[] } };
  /** The local mail catcher (`[local_smtp]`, the CLI's Mailpit): every e-mail auth sends lands there. */
  inbucket: { enabled: boolean; port: number };
  /** Deprecated keys that were read (as the CLI warns about them), one line each. */
  warnings: string[];
}

/**
 * `[auth.rate_limit]`: how many requests may be made per window (RATE_LIMIT_WINDOWS): per IP address, except
 * `email_sent`, which counts every e-mail the project sends, as GoTrue's. This service enforces the four its
 * routes serve; the others are read and checked so the file stays the CLI's.
 */
export interface RateLimits {
  emailSent: number;
  smsSent: number;
  anonymousUsers: number;
  tokenRefresh: number;
  signInSignUps: number;
  tokenVerifications: number;
  web3: number;
}

/** The windows of `[auth.rate_limit]` in milliseconds, as the Supabase CLI documents each key. */
export const RATE_LIMIT_WINDOWS: Record<keyof RateLimits, number> = {
  emailSent: 60 * 60_000,
  smsSent: 60 * 60_000,
  anonymousUsers: 60 * 60_000,
  tokenRefresh: 5 * 60_000,
  signInSignUps: 5 * 60_000,
  tokenVerifications: 5 * 60_000,
  web3: 5 * 60_000,
};

/** The Supabase CLI's defaults (the template `supabase init` writes, CLI 3.1). */
export const CLI_DEFAULTS = {
  api: { enabled: true, port: 54321, schemas: ['public'], max_rows: 1000 },
  auth: {
    enabled: true,
    jwt_expiry: 3600,
    enable_refresh_token_rotation: true,
    refresh_token_reuse_interval: 10,
    enable_signup: true,
    minimum_password_length: 6,
    password_requirements: '',
    site_url: 'http://127.0.0.1:3000',
    additional_redirect_urls: ['https://127.0.0.1:3000'],
    email: {
      enabled: true,
      enable_confirmations: false,
      double_confirm_changes: true,
      secure_password_change: false,
      max_frequency: '1s',
      otp_length: 6,
      otp_expiry: 3600,
    },
    mfa: { max_enrolled_factors: 10, totp: { enroll_enabled: false, verify_enabled: false } },
    rate_limit: {
      email_sent: 2,
      sms_sent: 30,
      anonymous_users: 30,
      token_refresh: 150,
      sign_in_sign_ups: 30,
      token_verifications: 30,
      web3: 30,
    },
  },
  db: { seed: { enabled: true, sql_paths: ['./seed.sql'] } },
  inbucket: { enabled: true, port: 54324 },
} as const;

/** GoTrue's default for MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY (the CLI has no key for it). */
export const MFA_CHALLENGE_AND_VERIFY_PER_MINUTE = 15;
