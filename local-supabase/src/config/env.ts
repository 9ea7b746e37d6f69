// The environment variables that override a key of config.toml, or set what it has no key for.
import path from 'node:path';
import { ConfigError, PASSWORD_REQUIREMENTS, readSupabaseConfig } from './file';
import type { PasswordRequirements, SupabaseConfig } from './settings';

/**
 * The environment variables that override a config.toml key, and the key each overrides (the README's table is
 * this list). Values are checked as strictly as the file's: a typo is an error at start, not a silent default.
 */
export const ENV_OVERRIDES = {
  PORT: '[api] port',
  MIN_PASSWORD_LENGTH: '[auth] minimum_password_length',
  PASSWORD_REQUIREMENTS: '[auth] password_requirements',
  REFRESH_REUSE_INTERVAL: '[auth] refresh_token_reuse_interval',
  AUTO_CONFIRM: '[auth.email] enable_confirmations (inverted)',
  AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '[auth.rate_limit] sign_in_sign_ups',
  AUTH_RATE_LIMIT_TOKEN_REFRESH: '[auth.rate_limit] token_refresh',
  AUTH_RATE_LIMIT_EMAIL_SENT: '[auth.rate_limit] email_sent',
  AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS: '[auth.rate_limit] token_verifications',
  AUTH_RATE_LIMIT_MFA_CHALLENGE_AND_VERIFY: 'GoTrue MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY (15 per minute)',
  SITE_URL: '[auth] site_url',
  INBUCKET_PORT: '[local_smtp] port',
  AUTH_EMAIL_TEMPLATES: "[auth.email.template.*] (gotrue: GoTrue's own texts instead)",
  AUTH_SIGNING_KEYS_PATH: '[auth] signing_keys_path (from the current folder)',
} as const;

type Env = Record<string, string | undefined>;

function intFromEnv(env: Env, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(Number(raw)))
    throw new ConfigError(`${name} must be a whole number, got '${raw}'`);
  return Number(raw);
}

/** config.toml with the environment's overrides applied. */
export function applyEnvOverrides(config: SupabaseConfig, env: Env): SupabaseConfig {
  if (env.AUTH_RATE_LIMIT !== undefined) {
    throw new ConfigError(
      'AUTH_RATE_LIMIT is no longer read: sign-in and sign-up share AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS, refresh has ' +
        'AUTH_RATE_LIMIT_TOKEN_REFRESH (both per 5 minutes and IP; defaults in supabase/config.toml)',
    );
  }
  const requirements = env.PASSWORD_REQUIREMENTS;
  if (
    requirements !== undefined &&
    requirements !== 'none' &&
    !PASSWORD_REQUIREMENTS.includes(requirements)
  ) {
    throw new ConfigError(
      `PASSWORD_REQUIREMENTS must be none, ${PASSWORD_REQUIREMENTS.filter(Boolean).join(', ')}, got '${requirements}'`,
    );
  }
  const autoConfirm = env.AUTO_CONFIRM;
  if (autoConfirm !== undefined && autoConfirm !== '' && autoConfirm !== 'true' && autoConfirm !== 'false')
    throw new ConfigError(`AUTO_CONFIRM must be true or false, got '${autoConfirm}'`);
  const minLength = intFromEnv(env, 'MIN_PASSWORD_LENGTH');
  if (minLength !== undefined && minLength < 1)
    throw new ConfigError(`MIN_PASSWORD_LENGTH must be at least 1, got '${minLength}'`);
  const templates = env.AUTH_EMAIL_TEMPLATES || undefined;
  if (templates !== undefined && templates !== 'config' && templates !== 'gotrue')
    throw new ConfigError(`AUTH_EMAIL_TEMPLATES must be config or gotrue, got '${templates}'`);
  const siteUrl = env.SITE_URL || undefined;
  if (siteUrl !== undefined && !URL.canParse(siteUrl))
    throw new ConfigError(`SITE_URL must be an absolute URL, got '${siteUrl}'`);
  const signingKeysPath = env.AUTH_SIGNING_KEYS_PATH || undefined;
  const { auth } = config;
  return {
    ...config,
    api: { ...config.api, port: intFromEnv(env, 'PORT') ?? config.api.port },
    inbucket: { ...config.inbucket, port: intFromEnv(env, 'INBUCKET_PORT') ?? config.inbucket.port },
    auth: {
      ...auth,
      siteUrl: siteUrl ?? auth.siteUrl,
      signingKeysPath: signingKeysPath ? path.resolve(signingKeysPath) : auth.signingKeysPath,
      mfa: {
        ...auth.mfa,
        challengeAndVerifyPerMinute:
          intFromEnv(env, 'AUTH_RATE_LIMIT_MFA_CHALLENGE_AND_VERIFY') ?? auth.mfa.challengeAndVerifyPerMinute,
      },
      minimumPasswordLength: minLength ?? auth.minimumPasswordLength,
      passwordRequirements:
        requirements === undefined
          ? auth.passwordRequirements
          : ((requirements === 'none' ? '' : requirements) as PasswordRequirements),
      refreshTokenReuseInterval: intFromEnv(env, 'REFRESH_REUSE_INTERVAL') ?? auth.refreshTokenReuseInterval,
      email: {
        ...auth.email,
        templates: templates === 'gotrue' ? {} : auth.email.templates,
        enableConfirmations:
          autoConfirm === undefined || autoConfirm === ''
            ? auth.email.enableConfirmations
            : autoConfirm === 'false',
      },
      rateLimit: {
        ...auth.rateLimit,
        signInSignUps: intFromEnv(env, 'AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS') ?? auth.rateLimit.signInSignUps,
        tokenRefresh: intFromEnv(env, 'AUTH_RATE_LIMIT_TOKEN_REFRESH') ?? auth.rateLimit.tokenRefresh,
        emailSent: intFromEnv(env, 'AUTH_RATE_LIMIT_EMAIL_SENT') ?? auth.rateLimit.emailSent,
        tokenVerifications:
          intFromEnv(env, 'AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS') ?? auth.rateLimit.tokenVerifications,
      },
    },
  };
}

/** What `npm start -w local-supabase` runs with: `<SUPABASE_DIR>/config.toml` and the environment's overrides. */
export function loadConfig(supabaseDir: string, env: Env = process.env): SupabaseConfig {
  return applyEnvOverrides(readSupabaseConfig(supabaseDir), env);
}
