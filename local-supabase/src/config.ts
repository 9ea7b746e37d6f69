// The one place the service's settings come from: `supabase/config.toml`, the Supabase CLI's own file (read with
// smol-toml, so what `supabase start` would run with is what this runs with), then the environment variables
// that override some of its keys (the README's configuration table lists them). A key the CLI knows but this
// service cannot honour is refused at start with the key named, never ignored.
import fs from 'node:fs';
import path from 'node:path';
import { parse, TomlError } from 'smol-toml';
import type { PasswordRequirements } from './auth/passwords';

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
const MFA_CHALLENGE_AND_VERIFY_PER_MINUTE = 15;

/** A Go duration as config.toml writes them ("1s", "60s", "1m30s"), in whole seconds. */
export function parseDuration(text: string): number | null {
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(text);
  if (!text || !match) return null;
  return Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
}

const PASSWORD_REQUIREMENTS: readonly string[] = [
  '',
  'letters_digits',
  'lower_upper_letters_digits',
  'lower_upper_letters_digits_symbols',
];

export class ConfigError extends Error {}

type Table = Record<string, unknown>;
const isTable = (value: unknown): value is Table =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

/** Typed access to one table of the file, naming `file` and the key in every complaint. */
function reader(file: string, table: Table | undefined, prefix: string) {
  const where = (key: string) => `${file}: ${prefix ? `[${prefix}] ` : ''}${key}`;
  const get = <T>(key: string, fallback: T, check: (v: unknown) => boolean, expected: string): T => {
    const value = table?.[key];
    if (value === undefined) return fallback;
    if (!check(value))
      throw new ConfigError(`${where(key)} must be ${expected}, got ${JSON.stringify(value)}`);
    return value as T;
  };
  return {
    has: (key: string) => table?.[key] !== undefined,
    bool: (key: string, fallback: boolean) =>
      get(key, fallback, (v) => typeof v === 'boolean', 'true or false'),
    count: (key: string, fallback: number, min = 0) =>
      get(
        key,
        fallback,
        (v) => Number.isSafeInteger(v) && (v as number) >= min,
        `a whole number of at least ${min}`,
      ),
    string: (key: string, fallback: string) => get(key, fallback, (v) => typeof v === 'string', 'a string'),
    strings: (key: string, fallback: readonly string[]) =>
      get<string[]>(
        key,
        [...fallback],
        (v) => Array.isArray(v) && v.every((s) => typeof s === 'string'),
        'a list of strings',
      ),
    refuse: (key: string, why: string) => {
      throw new ConfigError(`${where(key)}: ${why}`);
    },
  };
}

function subTable(file: string, parent: Table | undefined, key: string, name: string): Table | undefined {
  const value = parent?.[key];
  if (value === undefined) return undefined;
  if (!isTable(value)) throw new ConfigError(`${file}: [${name}] must be a table`);
  return value;
}

/** Reads `<supabaseDir>/config.toml`; a folder without one gets the CLI's defaults. */
export function readSupabaseConfig(supabaseDir: string): SupabaseConfig {
  const file = path.join(supabaseDir, 'config.toml');
  let text: string | null = null;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  let doc: Table = {};
  if (text !== null) {
    try {
      doc = parse(text);
    } catch (error) {
      if (error instanceof TomlError)
        throw new ConfigError(`${file}:${error.line}:${error.column}: ${error.message.split('\n')[0]}`);
      throw error;
    }
  }
  const d = CLI_DEFAULTS;
  const warnings: string[] = [];

  const apiTable = subTable(file, doc, 'api', 'api');
  const api = reader(file, apiTable, 'api');
  const schemas = api.strings('schemas', d.api.schemas);
  if (schemas.length !== 1 || schemas[0] !== 'public')
    api.refuse('schemas', 'local-supabase serves the public schema only: set it to ["public"]');

  const authTable = subTable(file, doc, 'auth', 'auth');
  const auth = reader(file, authTable, 'auth');
  const requirements = auth.string('password_requirements', d.auth.password_requirements);
  if (!PASSWORD_REQUIREMENTS.includes(requirements))
    auth.refuse(
      'password_requirements',
      `must be one of ${PASSWORD_REQUIREMENTS.map((r) => `"${r}"`).join(', ')}, got "${requirements}"`,
    );

  const emailTable = subTable(file, authTable, 'email', 'auth.email');
  const email = reader(file, emailTable, 'auth.email');
  let emailEnabled = email.bool('enabled', d.auth.email.enabled);
  // CLI 3.1 reads the old key with a warning; so does this service.
  if (email.has('enable_signup')) {
    warnings.push(
      `${file}: auth.email.enable_signup is deprecated (Supabase CLI 3.1), use auth.email.enabled`,
    );
    if (!email.has('enabled')) emailEnabled = email.bool('enable_signup', true);
  }

  const maxFrequencyText = email.string('max_frequency', d.auth.email.max_frequency);
  const maxFrequency = parseDuration(maxFrequencyText);
  if (maxFrequency === null)
    email.refuse('max_frequency', `must be a duration such as "1s" or "1m", got "${maxFrequencyText}"`);

  const mfaTable = subTable(file, authTable, 'mfa', 'auth.mfa');
  const mfa = reader(file, mfaTable, 'auth.mfa');
  const totp = reader(file, subTable(file, mfaTable, 'totp', 'auth.mfa.totp'), 'auth.mfa.totp');

  const siteUrl = auth.string('site_url', d.auth.site_url);
  if (!URL.canParse(siteUrl)) auth.refuse('site_url', `must be an absolute URL, got "${siteUrl}"`);

  // CLI 3.1 renamed [inbucket] to [local_smtp] and refuses the old name (so would `supabase db push`).
  if (doc.inbucket !== undefined)
    throw new ConfigError(
      `${file}: [inbucket] is no longer supported (Supabase CLI 3.1): rename it [local_smtp]`,
    );
  const inbucket = reader(file, subTable(file, doc, 'local_smtp', 'local_smtp'), 'local_smtp');

  const rate = reader(file, subTable(file, authTable, 'rate_limit', 'auth.rate_limit'), 'auth.rate_limit');
  const r = d.auth.rate_limit;

  const seedTable = subTable(file, subTable(file, doc, 'db', 'db'), 'seed', 'db.seed');
  const seed = reader(file, seedTable, 'db.seed');
  const sqlPaths = seed.strings('sql_paths', d.db.seed.sql_paths);
  for (const p of sqlPaths) {
    if (/[*?[\]{}]/.test(p))
      seed.refuse('sql_paths', `glob patterns are not supported here, list files: "${p}"`);
  }

  return {
    file: text === null ? null : file,
    api: {
      enabled: api.bool('enabled', d.api.enabled),
      port: api.count('port', d.api.port),
      maxRows: api.count('max_rows', d.api.max_rows, 1),
    },
    auth: {
      enabled: auth.bool('enabled', d.auth.enabled),
      jwtExpiry: auth.count('jwt_expiry', d.auth.jwt_expiry, 1),
      refreshTokenRotation: auth.bool('enable_refresh_token_rotation', d.auth.enable_refresh_token_rotation),
      refreshTokenReuseInterval: auth.count(
        'refresh_token_reuse_interval',
        d.auth.refresh_token_reuse_interval,
      ),
      enableSignup: auth.bool('enable_signup', d.auth.enable_signup),
      minimumPasswordLength: auth.count('minimum_password_length', d.auth.minimum_password_length, 1),
      passwordRequirements: requirements as PasswordRequirements,
      siteUrl,
      additionalRedirectUrls: auth.strings('additional_redirect_urls', d.auth.additional_redirect_urls),
      email: {
        enabled: emailEnabled,
        enableConfirmations: email.bool('enable_confirmations', d.auth.email.enable_confirmations),
        doubleConfirmChanges: email.bool('double_confirm_changes', d.auth.email.double_confirm_changes),
        securePasswordChange: email.bool('secure_password_change', d.auth.email.secure_password_change),
        maxFrequency: maxFrequency!,
        otpLength: email.count('otp_length', d.auth.email.otp_length, 6),
        otpExpiry: email.count('otp_expiry', d.auth.email.otp_expiry, 1),
      },
      mfa: {
        maxEnrolledFactors: mfa.count('max_enrolled_factors', d.auth.mfa.max_enrolled_factors, 1),
        totp: {
          enrollEnabled: totp.bool('enroll_enabled', d.auth.mfa.totp.enroll_enabled),
          verifyEnabled: totp.bool('verify_enabled', d.auth.mfa.totp.verify_enabled),
        },
        challengeAndVerifyPerMinute: MFA_CHALLENGE_AND_VERIFY_PER_MINUTE,
      },
      rateLimit: {
        emailSent: rate.count('email_sent', r.email_sent),
        smsSent: rate.count('sms_sent', r.sms_sent),
        anonymousUsers: rate.count('anonymous_users', r.anonymous_users),
        tokenRefresh: rate.count('token_refresh', r.token_refresh),
        signInSignUps: rate.count('sign_in_sign_ups', r.sign_in_sign_ups),
        tokenVerifications: rate.count('token_verifications', r.token_verifications),
        web3: rate.count('web3', r.web3),
      },
    },
    db: {
      seed: {
        enabled: seed.bool('enabled', d.db.seed.enabled),
        sqlPaths: sqlPaths.map((p) => path.resolve(supabaseDir, p)),
      },
    },
    inbucket: {
      enabled: inbucket.bool('enabled', d.inbucket.enabled),
      port: inbucket.count('port', d.inbucket.port),
    },
    warnings,
  };
}

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
  const siteUrl = env.SITE_URL || undefined;
  if (siteUrl !== undefined && !URL.canParse(siteUrl))
    throw new ConfigError(`SITE_URL must be an absolute URL, got '${siteUrl}'`);
  const { auth } = config;
  return {
    ...config,
    api: { ...config.api, port: intFromEnv(env, 'PORT') ?? config.api.port },
    inbucket: { ...config.inbucket, port: intFromEnv(env, 'INBUCKET_PORT') ?? config.inbucket.port },
    auth: {
      ...auth,
      siteUrl: siteUrl ?? auth.siteUrl,
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
