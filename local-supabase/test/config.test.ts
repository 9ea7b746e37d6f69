// The one config reader: supabase/config.toml as the Supabase CLI writes it, the environment's documented
// overrides, and a clear refusal of what it cannot honour. No server: the reader alone.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'smol-toml';
import { applyEnvOverrides, ENV_OVERRIDES, loadConfig } from '../src/config/env';
import { parseDuration, readSupabaseConfig } from '../src/config/file';
import { CLI_DEFAULTS, RATE_LIMIT_WINDOWS } from '../src/config/settings';
import { SUPABASE_DIR } from '../src/db/migrate';

const root = path.join(__dirname, '..', '..');
const toml = parse(fs.readFileSync(path.join(SUPABASE_DIR, 'config.toml'), 'utf8')) as {
  api: Record<string, unknown>;
  auth: Record<string, unknown> & {
    email: Record<string, unknown>;
    rate_limit: Record<string, unknown>;
  };
};

function folderWith(configToml: string | null): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ls-config-'));
  if (configToml !== null) fs.writeFileSync(path.join(dir, 'config.toml'), configToml);
  return dir;
}

describe('config reader', () => {
  it('reads the repository’s config.toml: every shared value comes from the file', () => {
    const config = readSupabaseConfig(SUPABASE_DIR);
    expect(config.file).toBe(path.join(SUPABASE_DIR, 'config.toml'));
    expect(config.warnings).toEqual([]);
    expect(config.api).toEqual({ enabled: true, port: toml.api.port, maxRows: toml.api.max_rows });
    expect(config.auth).toMatchObject({
      jwtExpiry: toml.auth.jwt_expiry,
      refreshTokenRotation: toml.auth.enable_refresh_token_rotation,
      refreshTokenReuseInterval: toml.auth.refresh_token_reuse_interval,
      enableSignup: toml.auth.enable_signup,
      minimumPasswordLength: toml.auth.minimum_password_length,
      passwordRequirements: toml.auth.password_requirements,
      email: { enabled: toml.auth.email.enabled, enableConfirmations: toml.auth.email.enable_confirmations },
    });
    expect(config.db.seed).toEqual({ enabled: true, sqlPaths: [path.join(SUPABASE_DIR, 'seed.sql')] });
  });

  it('config.toml carries every [auth.rate_limit] key with the Supabase CLI’s defaults', () => {
    expect(toml.auth.rate_limit).toEqual(CLI_DEFAULTS.auth.rate_limit);
    const { rateLimit } = readSupabaseConfig(SUPABASE_DIR).auth;
    expect(rateLimit).toEqual({
      emailSent: 2,
      smsSent: 30,
      anonymousUsers: 30,
      tokenRefresh: 150,
      signInSignUps: 30,
      tokenVerifications: 30,
      web3: 30,
    });
    // The windows the CLI documents: e-mail, SMS and anonymous sign-ins per hour, the others per 5 minutes.
    expect(RATE_LIMIT_WINDOWS.signInSignUps).toBe(5 * 60_000);
    expect(RATE_LIMIT_WINDOWS.tokenRefresh).toBe(5 * 60_000);
    expect(RATE_LIMIT_WINDOWS.emailSent).toBe(60 * 60_000);
  });

  it('uses [auth.email] enabled, the CLI 3.1 key; the deprecated enable_signup still reads, with a warning', () => {
    expect(toml.auth.email).not.toHaveProperty('enable_signup');
    const old = readSupabaseConfig(folderWith('[auth.email]\nenable_signup = false\n'));
    expect(old.auth.email.enabled).toBe(false);
    expect(old.warnings).toEqual([
      expect.stringMatching(/enable_signup is deprecated.*auth\.email\.enabled/),
    ]);
    const both = readSupabaseConfig(folderWith('[auth.email]\nenabled = true\nenable_signup = false\n'));
    expect(both.auth.email.enabled).toBe(true);
  });

  it('a folder without config.toml gets the CLI’s defaults', () => {
    const config = readSupabaseConfig(folderWith(null));
    expect(config.file).toBeNull();
    expect(config.auth.minimumPasswordLength).toBe(6);
    expect(config.auth.passwordRequirements).toBe('');
    expect(config.auth.rateLimit.signInSignUps).toBe(30);
    expect(config.api.port).toBe(54321);
  });

  it('refuses what it cannot honour, naming the file and the key', () => {
    const refuse = (text: string, message: RegExp) => {
      const dir = folderWith(text);
      expect(() => readSupabaseConfig(dir)).toThrow(message);
      expect(() => readSupabaseConfig(dir)).toThrow(path.join(dir, 'config.toml'));
    };
    refuse(
      '[auth.rate_limit]\nsign_in_sign_ups = "many"\n',
      /\[auth\.rate_limit\] sign_in_sign_ups must be a whole number/,
    );
    refuse('[auth.rate_limit]\ntoken_refresh = -1\n', /token_refresh must be a whole number/);
    refuse('[auth]\npassword_requirements = "emoji"\n', /password_requirements: must be one of/);
    refuse('[api]\nschemas = ["public", "private"]\n', /serves the public schema only/);
    refuse('[db.seed]\nsql_paths = ["./seeds/*.sql"]\n', /glob patterns are not supported/);
    refuse('[auth]\nenable_signup = "yes"\n', /enable_signup must be true or false/);
    refuse('[auth\n', /config\.toml:1:/);
  });

  it('environment variables override the keys the README names, strictly', () => {
    const base = readSupabaseConfig(SUPABASE_DIR);
    const overridden = applyEnvOverrides(base, {
      PORT: '0',
      MIN_PASSWORD_LENGTH: '12',
      PASSWORD_REQUIREMENTS: 'none',
      REFRESH_REUSE_INTERVAL: '0',
      AUTO_CONFIRM: 'false',
      AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '5',
      AUTH_RATE_LIMIT_TOKEN_REFRESH: '7',
    });
    expect(overridden.api.port).toBe(0);
    expect(overridden.auth).toMatchObject({
      minimumPasswordLength: 12,
      passwordRequirements: '',
      refreshTokenReuseInterval: 0,
      email: { enableConfirmations: true },
      rateLimit: { signInSignUps: 5, tokenRefresh: 7, emailSent: 2 },
    });
    // Empty means unset: the file's value.
    expect(
      applyEnvOverrides(base, { AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '' }).auth.rateLimit.signInSignUps,
    ).toBe(30);
    expect(() => applyEnvOverrides(base, { AUTH_RATE_LIMIT_TOKEN_REFRESH: '10/min' })).toThrow(
      /AUTH_RATE_LIMIT_TOKEN_REFRESH must be a whole number/,
    );
    expect(() => applyEnvOverrides(base, { AUTO_CONFIRM: 'no' })).toThrow(
      /AUTO_CONFIRM must be true or false/,
    );
    // The old single bucket is gone; a stale setting says what replaced it instead of being ignored.
    expect(() => loadConfig(SUPABASE_DIR, { AUTH_RATE_LIMIT: '30' })).toThrow(
      /AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS.*AUTH_RATE_LIMIT_TOKEN_REFRESH/,
    );
  });

  it('the READMEs’ configuration tables list every override and the key it overrides', () => {
    const backendReadme = fs.readFileSync(path.join(root, 'local-supabase', 'README.md'), 'utf8');
    const rootReadme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    for (const [variable, key] of Object.entries(ENV_OVERRIDES)) {
      const row = backendReadme.split('\n').find((line) => line.startsWith(`| \`${variable}\``));
      expect({ variable, row }).toEqual({ variable, row: expect.stringContaining(key.split(' (')[0]!) });
    }
    for (const variable of [
      'AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS',
      'AUTH_RATE_LIMIT_TOKEN_REFRESH',
      'SUPABASE_HOST',
      'SITE_HOST',
    ]) {
      expect(rootReadme).toContain(`\`${variable}\``);
    }
  });

  it('reads the e-mail, redirect, two-factor and inbox keys of #21, with the CLI’s defaults', () => {
    const config = readSupabaseConfig(SUPABASE_DIR);
    expect(config.auth).toMatchObject({
      siteUrl: toml.auth.site_url,
      additionalRedirectUrls: toml.auth.additional_redirect_urls,
      email: {
        doubleConfirmChanges: false,
        securePasswordChange: true,
        maxFrequency: 1,
        otpLength: 6,
        otpExpiry: 3600,
      },
      mfa: {
        maxEnrolledFactors: 10,
        totp: { enrollEnabled: true, verifyEnabled: true },
        challengeAndVerifyPerMinute: 15,
      },
    });
    expect(config.inbucket).toEqual({ enabled: true, port: 54324 });
    const defaults = readSupabaseConfig(folderWith(null));
    expect(defaults.auth).toMatchObject({
      siteUrl: 'http://127.0.0.1:3000',
      email: { doubleConfirmChanges: true, maxFrequency: 1, otpExpiry: 3600 },
      mfa: { totp: { enrollEnabled: false, verifyEnabled: false } },
    });
    expect(defaults.inbucket).toEqual({ enabled: true, port: 54324 });
    expect([parseDuration('1s'), parseDuration('1m30s'), parseDuration('2h'), parseDuration('0s')]).toEqual([
      1, 90, 7200, 0,
    ]);
    expect([parseDuration(''), parseDuration('5'), parseDuration('soon')]).toEqual([null, null, null]);
    const refuse = (text: string, message: RegExp) =>
      expect(() => readSupabaseConfig(folderWith(text))).toThrow(message);
    refuse('[auth.email]\nmax_frequency = "soon"\n', /\[auth\.email\] max_frequency: must be a duration/);
    expect(
      readSupabaseConfig(folderWith('[auth.email]\nsecure_password_change = true\n')).auth.email,
    ).toMatchObject({ securePasswordChange: true });
    refuse('[auth]\nsite_url = "not a url"\n', /site_url: must be an absolute URL/);
    refuse('[local_smtp]\nport = "x"\n', /\[local_smtp\] port must be a whole number/);
    refuse('[inbucket]\nport = 54324\n', /\[inbucket\] is no longer supported .*rename it \[local_smtp\]/);

    const overridden = applyEnvOverrides(config, {
      INBUCKET_PORT: '0',
      SITE_URL: 'http://localhost:5000',
      AUTH_RATE_LIMIT_EMAIL_SENT: '9',
      AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS: '8',
      AUTH_RATE_LIMIT_MFA_CHALLENGE_AND_VERIFY: '7',
    });
    expect(overridden.inbucket.port).toBe(0);
    expect(overridden.auth).toMatchObject({
      siteUrl: 'http://localhost:5000',
      rateLimit: { emailSent: 9, tokenVerifications: 8 },
      mfa: { challengeAndVerifyPerMinute: 7 },
    });
    expect(() => applyEnvOverrides(config, { SITE_URL: 'localhost' })).toThrow(
      /SITE_URL must be an absolute URL/,
    );
    expect(() => applyEnvOverrides(config, { INBUCKET_PORT: 'x' })).toThrow(
      /INBUCKET_PORT must be a whole number/,
    );
  });
});
