// The one place the service's settings come from: `supabase/config.toml`, the Supabase CLI's own file (read with
// smol-toml, so what `supabase start` would run with is what this runs with), then the environment variables
// that override some of its keys (env.ts; the README's configuration table lists them). A key the CLI knows but
// this service cannot honour is refused at start with the key named, never ignored.
import fs from 'node:fs';
import path from 'node:path';
import { parse, TomlError } from 'smol-toml';
import {
  CLI_DEFAULTS,
  MFA_CHALLENGE_AND_VERIFY_PER_MINUTE,
  type PasswordRequirements,
  type SupabaseConfig,
} from './settings';
import {
  AUTH_TEMPLATE_KINDS,
  DEFAULT_SUBJECTS,
  isAuthTemplateKind,
  loadTemplate,
  type AuthTemplates,
} from '../mail/auth-templates';

/** A Go duration as config.toml writes them ("1s", "60s", "1m30s"), in whole seconds. */
export function parseDuration(text: string): number | null {
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(text);
  if (!text || !match) return null;
  return Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
}

export const PASSWORD_REQUIREMENTS: readonly string[] = [
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

/** `[auth.email.template.<kind>]`, their files read and checked, so a template that cannot be rendered stops the start. */
function readTemplates(file: string, supabaseDir: string, emailTable: Table | undefined): AuthTemplates {
  const table = subTable(file, emailTable, 'template', 'auth.email.template');
  const templates: AuthTemplates = {};
  for (const kind of Object.keys(table ?? {})) {
    const name = `auth.email.template.${kind}`;
    if (!isAuthTemplateKind(kind))
      throw new ConfigError(`${file}: [${name}] is not a template kind (${AUTH_TEMPLATE_KINDS.join(', ')})`);
    const template = reader(file, subTable(file, table, kind, name), name);
    const contentPath = template.string('content_path', '');
    if (!contentPath) continue;
    const loaded = loadTemplate(supabaseDir, contentPath);
    if (typeof loaded === 'string') template.refuse('content_path', loaded);
    else templates[kind] = { subject: template.string('subject', DEFAULT_SUBJECTS[kind]), html: loaded.html };
  }
  return templates;
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

  const signingKeysPath = auth.string('signing_keys_path', '');

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
      signingKeysPath: signingKeysPath ? path.resolve(supabaseDir, signingKeysPath) : null,
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
        templates: readTemplates(file, supabaseDir, emailTable),
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
