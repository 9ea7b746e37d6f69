// GoTrue's POST /otp as supabase-js's signInWithOtp meets it, on both databases (issue #32: auth-js's suite,
// re-run 2026-11-27, found it missing): a magic link and its code by e-mail for a known address, a sign-up for a
// new one (create_user), GoTrue's own refusals for create_user false, a phone, no address, and a bad address.
import { codeOf, KINDS, mailTo, raw, sharedBackend, type Backend } from './harness';

jest.setTimeout(120_000);

const tokenHashOf = (text: string) => /token=([0-9a-f]{56})/.exec(text)![1]!;

describe.each(KINDS)('signInWithOtp by e-mail on %s', (kind) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await sharedBackend(kind, { AUTH_EMAIL_TEMPLATES: 'gotrue' });
  });
  afterAll(async () => {
    await backend.stop();
  });
  let n = 0;
  const address = (what: string) => `otp-${what}-${Date.now()}-${(n += 1)}-${kind}@example.com`;

  it('e-mails a known user a magic link whose link signs in once; max_frequency holds between two', async () => {
    const { email } = await backend.newUser('otp-known');
    const { data, error } = await backend.anon().auth.signInWithOtp({ email });
    expect(error).toBeNull();
    expect(data).toEqual({ user: null, session: null });
    // max_frequency (1 s here) holds between two e-mails, as for recovery.
    expect((await backend.anon().auth.signInWithOtp({ email })).error).toMatchObject({
      status: 429,
      code: 'over_email_send_rate_limit',
    });
    const mails = await mailTo(backend, email);
    expect(mails.map((m) => m.subject)).toEqual(['Your Magic Link']);
    const byLink = await backend
      .anon()
      .auth.verifyOtp({ type: 'magiclink', token_hash: tokenHashOf(mails[0]!.text) });
    expect(byLink.error).toBeNull();
    expect(byLink.data.user?.email).toBe(email);
    expect(byLink.data.session?.access_token).toEqual(expect.any(String));
    const again = await backend.anon().auth.verifyOtp({ email, token: codeOf(mails[0]!), type: 'email' });
    expect(again.error).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it('signs up a new address with the data given (confirmations off: a magic link), unless create_user is false', async () => {
    const email = address('new');
    const { error } = await backend
      .anon()
      .auth.signInWithOtp({ email, options: { data: { hello: 'world' } } });
    expect(error).toBeNull();
    const [mail] = await mailTo(backend, email);
    const verified = await backend.anon().auth.verifyOtp({ email, token: codeOf(mail!), type: 'email' });
    expect(verified.error).toBeNull();
    expect(verified.data.user).toMatchObject({ email, user_metadata: { hello: 'world' } });

    const stranger = address('no-create');
    const refused = await backend
      .anon()
      .auth.signInWithOtp({ email: stranger, options: { shouldCreateUser: false } });
    expect(refused.error).toMatchObject({
      status: 422,
      code: 'otp_disabled',
      message: 'Signups not allowed for otp',
    });
    expect(await mailTo(backend, stranger)).toEqual([]);
  });

  it("answers a phone, no address and a malformed address with GoTrue's own errors", async () => {
    const phone = await backend.anon().auth.signInWithOtp({ phone: '+4917012345678' });
    expect(phone.error).toMatchObject({
      status: 400,
      code: 'phone_provider_disabled',
      message: 'Unsupported phone provider',
    });
    expect((await raw(backend, 'POST', '/auth/v1/otp', {})).json).toMatchObject({
      code: 'validation_failed',
      message: 'One of email or phone must be set',
    });
    expect((await raw(backend, 'POST', '/auth/v1/otp', { email: 'xx:;x@x.x' })).json).toMatchObject({
      code: 'validation_failed',
      message: 'Unable to validate email address: invalid format',
    });
    const both = await raw(backend, 'POST', '/auth/v1/otp', {
      email: address('both'),
      phone: '4917012345678',
    });
    expect(both.status).toBe(400);
  });
});

describe.each(KINDS)('signInWithOtp with confirmations on, on %s', (kind) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await sharedBackend(kind, { AUTO_CONFIRM: 'false' });
  });
  afterAll(async () => {
    await backend.stop();
  });

  it("sends a new address the project's sign-up confirmation, whose link signs in and confirms", async () => {
    const email = `otp-confirm-${Date.now()}-${kind}@example.com`;
    expect((await backend.anon().auth.signInWithOtp({ email })).error).toBeNull();
    const [mail] = await mailTo(backend, email);
    expect(mail!.subject).toBe('Confirm your email address for AI Made Simple');
    const verified = await backend
      .anon()
      .auth.verifyOtp({ type: 'signup', token_hash: tokenHashOf(mail!.text) });
    expect(verified.error).toBeNull();
    expect(verified.data.user!.email_confirmed_at).toEqual(expect.any(String));
  });
});
