// GoTrue's e-mail flows through supabase-js over HTTP, on both databases: password recovery (/recover), the
// links and codes of /verify (single-use, `otp_expiry`, redirect_to checked), /resend, sign-up with
// confirmations on, and the `email_sent` / `token_verifications` / `max_frequency` limits.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import {
  clientOptions,
  codeOf,
  KINDS,
  mailTo,
  raw,
  sharedBackend,
  startBackend,
  type Backend,
} from './harness';

jest.setTimeout(90_000);

const SITE = 'http://localhost:3000';

/** Follows an e-mail link by hand, as a browser would, and returns where /verify sent it. */
async function follow(link: string): Promise<{ status: number; location: URL; fragment: URLSearchParams }> {
  const response = await fetch(link, { redirect: 'manual' });
  const location = new URL(response.headers.get('location')!);
  return { status: response.status, location, fragment: new URLSearchParams(location.hash.slice(1)) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A supabase/ folder with only a config.toml (no migrations): the platform bootstrap is enough for auth. */
function supabaseDir(toml: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ls-recovery-'));
  fs.writeFileSync(path.join(dir, 'config.toml'), toml);
  fs.mkdirSync(path.join(dir, 'migrations'));
  return dir;
}

describe.each(KINDS)('password recovery and /verify on %s', (kind) => {
  let backend: Backend;
  beforeAll(async () => {
    // GoTrue's own e-mail texts, which offer the code these tests type (config.toml's offer only the link).
    backend = await sharedBackend(kind, { AUTH_EMAIL_TEMPLATES: 'gotrue' });
  });
  afterAll(() => backend.stop());

  it('sends a recovery link that signs the user in on the allowed redirect, once', async () => {
    const { email } = await backend.newUser('recover');
    const client = backend.anon();
    const { data, error } = await client.auth.resetPasswordForEmail(email, {
      redirectTo: `${SITE}/auth/reset`,
    });
    expect(error).toBeNull();
    expect(data).toEqual({});

    const [mail] = await mailTo(backend, email);
    expect(mail).toMatchObject({ to: email, subject: 'Reset Your Password' });
    const link = mail!.links[0]!;
    expect(link).toMatch(/\/auth\/v1\/verify\?token=[0-9a-f]{56}&type=recovery&redirect_to=/);

    const first = await follow(link);
    expect(first.status).toBe(303);
    expect(`${first.location.origin}${first.location.pathname}`).toBe(`${SITE}/auth/reset`);
    expect(first.fragment.get('type')).toBe('recovery');
    expect(first.fragment.get('token_type')).toBe('bearer');
    expect(first.fragment.get('expires_in')).toBe('3600');
    const accessToken = first.fragment.get('access_token')!;
    const claims = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ email, aal: 'aal1', amr: [{ method: 'otp' }] });

    // The session from the link sets a new password, which then signs in.
    const recovered = createClient(backend.server.url, backend.server.anonKey, clientOptions);
    const set = await recovered.auth.setSession({
      access_token: accessToken,
      refresh_token: first.fragment.get('refresh_token')!,
    });
    expect(set.error).toBeNull();
    expect((await recovered.auth.updateUser({ password: 'NewPassw0rd' })).error).toBeNull();
    const signIn = await backend.anon().auth.signInWithPassword({ email, password: 'NewPassw0rd' });
    expect(signIn.error).toBeNull();

    // The link is single-use: the second click lands on the error fragment.
    const again = await follow(link);
    expect(again.status).toBe(303);
    expect(Object.fromEntries(again.fragment)).toEqual({
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: 'Email link is invalid or has expired',
    });
    expect(again.location.search).toBe('');
  });

  it('answers an unknown address exactly as a known one, and sends nothing', async () => {
    const { email } = await backend.newUser('known');
    const known = await raw(backend, 'POST', '/auth/v1/recover', { email });
    const unknown = await raw(backend, 'POST', '/auth/v1/recover', {
      email: `nobody-${Date.now()}@example.com`,
    });
    expect(unknown).toMatchObject({ status: known.status, json: known.json });
    expect(known).toMatchObject({ status: 200, json: {} });
    expect(await mailTo(backend, `nobody-${Date.now()}@example.com`)).toEqual([]);
    expect(await mailTo(backend, email)).toHaveLength(1);
  });

  it('sends a link to site_url when redirect_to is not allowed', async () => {
    const { email } = await backend.newUser('redirect');
    await backend.anon().auth.resetPasswordForEmail(email, { redirectTo: 'https://evil.example.com/steal' });
    const [mail] = await mailTo(backend, email);
    expect(new URL(mail!.links[0]!).searchParams.get('redirect_to')).toBe(SITE);
    const followed = await follow(mail!.links[0]!);
    expect(followed.location.origin).toBe(SITE);
    expect(followed.fragment.get('access_token')).toBeTruthy();
    // A glob of additional_redirect_urls and any port of site_url's host are allowed, as in GoTrue.
    const second = await backend.newUser('redirect');
    await backend
      .anon()
      .auth.resetPasswordForEmail(second.email, { redirectTo: 'http://localhost:5000/auth/reset' });
    const [allowed] = await mailTo(backend, second.email);
    expect(new URL(allowed!.links[0]!).searchParams.get('redirect_to')).toBe(
      'http://localhost:5000/auth/reset',
    );
  });

  it('verifies the e-mailed code once with verifyOtp, and refuses a wrong or reused one alike', async () => {
    const { email } = await backend.newUser('code');
    await backend.anon().auth.resetPasswordForEmail(email);
    const [mail] = await mailTo(backend, email);
    const code = codeOf(mail!);
    expect(code).toMatch(/^\d{6}$/);
    const wrongCode = code === '000000' ? '111111' : '000000';

    const wrong = await backend.anon().auth.verifyOtp({ email, token: wrongCode, type: 'recovery' });
    expect(wrong.error).toMatchObject({
      status: 403,
      code: 'otp_expired',
      message: 'Token has expired or is invalid',
    });

    const client = backend.anon();
    const events: string[] = [];
    client.auth.onAuthStateChange((event) => events.push(event));
    const ok = await client.auth.verifyOtp({ email, token: code, type: 'recovery' });
    expect(ok.error).toBeNull();
    expect(ok.data.session?.user.email).toBe(email);
    expect(events).toContain('PASSWORD_RECOVERY');

    const reused = await backend.anon().auth.verifyOtp({ email, token: code, type: 'recovery' });
    expect(reused.error).toMatchObject({ status: 403, code: 'otp_expired' });
    const stranger = await backend
      .anon()
      .auth.verifyOtp({ email: 'nobody@example.com', token: code, type: 'recovery' });
    expect(stranger.error).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it('refuses malformed links and requests with Supabase-shaped errors', async () => {
    const bad = await follow(
      `${backend.server.url}/auth/v1/verify?token=${'a'.repeat(56)}&type=recovery&redirect_to=${encodeURIComponent(SITE)}`,
    );
    expect(bad.fragment.get('error_code')).toBe('otp_expired');
    const badType = await follow(`${backend.server.url}/auth/v1/verify?token=abc&type=sms`);
    expect(badType.fragment.get('error_code')).toBe('validation_failed');
    expect(badType.location.origin).toBe(SITE);
    const noToken = await raw(backend, 'GET', '/auth/v1/verify?type=recovery');
    expect(noToken).toMatchObject({ status: 400, json: { code: 'validation_failed' } });
    const noEmail = await raw(backend, 'POST', '/auth/v1/recover', {});
    expect(noEmail).toMatchObject({ status: 400, json: { code: 'validation_failed' } });
    const badEmail = await raw(backend, 'POST', '/auth/v1/recover', { email: 'not an email' });
    expect(badEmail).toMatchObject({ status: 400, json: { code: 'validation_failed' } });
    const badResend = await raw(backend, 'POST', '/auth/v1/resend', { type: 'nope', email: 'a@example.com' });
    expect(badResend).toMatchObject({ status: 400, json: { code: 'validation_failed' } });
  });

  it('refuses a second recovery e-mail within max_frequency', async () => {
    const { email } = await backend.newUser('often');
    expect((await raw(backend, 'POST', '/auth/v1/recover', { email })).status).toBe(200);
    const soon = await raw(backend, 'POST', '/auth/v1/recover', { email });
    expect(soon).toMatchObject({ status: 429, json: { code: 'over_email_send_rate_limit' } });
    expect(soon.json.message).toMatch(
      /^For security purposes, you can only request this after \d+ seconds\.$/,
    );
    await sleep(1100);
    expect((await raw(backend, 'POST', '/auth/v1/recover', { email })).status).toBe(200);
    // Each new e-mail replaces the previous token: only the newest link works.
    const [newest, older] = await mailTo(backend, email);
    expect((await follow(older!.links[0]!)).fragment.get('error_code')).toBe('otp_expired');
    expect((await follow(newest!.links[0]!)).fragment.get('access_token')).toBeTruthy();
  });
});

describe.each(KINDS)('confirmations on, short tokens and e-mail limits on %s', (kind) => {
  let backend: Backend;
  beforeAll(async () => {
    const dir = supabaseDir(`
[auth]
site_url = "${SITE}"
additional_redirect_urls = ["${SITE}/**"]
[auth.email]
enable_confirmations = true
max_frequency = "0s"
otp_expiry = 2
`);
    backend = await startBackend(kind, { SUPABASE_DIR: dir });
  });
  afterAll(() => backend?.stop());

  it('signs up without a session, refuses sign-in until the e-mailed link confirms', async () => {
    const email = `confirm-${Date.now()}@example.com`;
    const password = 'Passw0rdOk';
    const client = backend.anon();
    const signUp = await client.auth.signUp({
      email,
      password,
      options: { emailRedirectTo: `${SITE}/welcome` },
    });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    expect(signUp.data.user?.email_confirmed_at).toBeUndefined();

    const early = await backend.anon().auth.signInWithPassword({ email, password });
    expect(early.error).toMatchObject({ status: 400, code: 'email_not_confirmed' });

    // Resend replaces the first e-mail's token.
    const resend = await backend
      .anon()
      .auth.resend({ type: 'signup', email, options: { emailRedirectTo: `${SITE}/welcome` } });
    expect(resend.error).toBeNull();
    const [resent, first] = await mailTo(backend, email);
    expect(first!.subject).toBe('Confirm Your Email');
    expect((await follow(first!.links[0]!)).fragment.get('error_code')).toBe('otp_expired');

    const confirmed = await follow(resent!.links[0]!);
    expect(`${confirmed.location.origin}${confirmed.location.pathname}`).toBe(`${SITE}/welcome`);
    expect(confirmed.fragment.get('type')).toBe('signup');
    expect(confirmed.fragment.get('access_token')).toBeTruthy();
    const later = await backend.anon().auth.signInWithPassword({ email, password });
    expect(later.error).toBeNull();
    expect(later.data.user?.email_confirmed_at).toBeTruthy();

    // Resending to a confirmed or unknown address answers the same and sends nothing.
    const before = (await mailTo(backend, email)).length;
    expect((await backend.anon().auth.resend({ type: 'signup', email })).error).toBeNull();
    expect(
      (await backend.anon().auth.resend({ type: 'signup', email: 'ghost@example.com' })).error,
    ).toBeNull();
    expect(await mailTo(backend, email)).toHaveLength(before);
    expect(await mailTo(backend, 'ghost@example.com')).toEqual([]);
  });

  it('refuses a link and a code past otp_expiry', async () => {
    const email = `expire-${Date.now()}@example.com`;
    await backend.anon().auth.signUp({ email, password: 'Passw0rdOk' });
    const [mail] = await mailTo(backend, email);
    await sleep(2500);
    const code = await backend.anon().auth.verifyOtp({ email, token: codeOf(mail!), type: 'signup' });
    expect(code.error).toMatchObject({ status: 403, code: 'otp_expired' });
    const link = await follow(mail!.links[0]!);
    expect(link.fragment.get('error_code')).toBe('otp_expired');
  });
});

// On PostgreSQL only: email_sent and token_verifications are counted in the service's memory (src/mail/mailer.ts,
// @fastify/rate-limit) before a handler opens a transaction, so the engine cannot change when they refuse; the
// e-mails and verifications themselves are tested on both engines above.
describe('e-mail limits on postgres', () => {
  let limited: Backend;
  beforeAll(async () => {
    limited = await startBackend('postgres', {
      AUTH_EMAIL_TEMPLATES: 'gotrue',
      AUTH_RATE_LIMIT_EMAIL_SENT: '3',
      AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS: '3',
    });
  });
  afterAll(() => limited?.stop());

  it('counts email_sent for known and unknown addresses alike, then answers 429', async () => {
    const { email } = await limited.newUser('budget');
    const answers = [];
    for (const address of [email, 'ghost-1@example.com', 'ghost-2@example.com', 'ghost-3@example.com', email])
      answers.push(await raw(limited, 'POST', '/auth/v1/recover', { email: address }));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429, 429]);
    expect(answers[3]!.json).toEqual({
      code: 'over_email_send_rate_limit',
      message: 'Email rate limit exceeded',
    });
    expect(answers[4]!.json).toEqual(answers[3]!.json);
  });

  it('limits token verifications per IP (token_verifications)', async () => {
    const tries = [];
    for (let i = 0; i < 4; i += 1)
      tries.push(
        await raw(limited, 'POST', '/auth/v1/verify', {
          type: 'recovery',
          email: 'a@example.com',
          token: '123456',
        }),
      );
    expect(tries.map((t) => t.status)).toEqual([403, 403, 403, 429]);
    expect(tries[3]!.json).toMatchObject({ code: 'over_request_rate_limit' });
    expect(tries[3]!.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
