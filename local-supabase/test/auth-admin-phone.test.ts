// What auth-js's own suite (commit 381bded5, re-run 2026-11-27) found in GoTrue's admin API and SMS answers, with
// the real supabase-js on both databases (issue #32 items 3 and 6): the admin API makes phone users (GoTrue does,
// whatever the phone provider says), addresses are held to GoTrue's format, an invitation stamps invited_at, and
// every way in by SMS answers GoTrue's own refusal, as a project with the phone provider off does.
import { KINDS, raw, sharedBackend, type Backend } from './harness';

jest.setTimeout(120_000);

// auth-js's suite's own invalid address: a colon and a semicolon GoTrue's format (checkmail) refuses.
const INVALID_EMAIL = 'xx:;x@x.x';

describe.each(KINDS)('GoTrue phone users and SMS answers on %s', (kind) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await sharedBackend(kind);
  });
  afterAll(async () => {
    await backend.stop();
  });
  const admin = () => backend.service().auth.admin;
  // Distinct numbers per engine and test (the shared backend keeps earlier files' users).
  const base = kind === 'pglite' ? 4917000000 : 4917100000;
  let n = Math.floor(Date.now() / 1000) % 100000;
  const phone = () => String(base * 100000 + (n += 1));
  const address = (what: string) => `phone-${what}-${(n += 1)}-${kind}@example.com`;

  it('creates a phone user with the admin API, as GoTrue does with the phone provider off', async () => {
    const number = phone();
    const created = await admin().createUser({
      phone: `+${number.slice(0, 4)} ${number.slice(4)}`,
      password: 'Passw0rdOk',
      phone_confirm: true,
      user_metadata: { name: 'Grace' },
    });
    expect(created.error).toBeNull();
    const user = created.data.user!;
    expect(user).toMatchObject({
      email: '',
      phone: number,
      phone_confirmed_at: expect.any(String),
      app_metadata: { provider: 'phone', providers: ['phone'] },
      user_metadata: { name: 'Grace' },
    });
    expect(user.identities).toEqual([
      expect.objectContaining({
        provider: 'phone',
        user_id: user.id,
        identity_data: { sub: user.id, phone: number, phone_verified: true },
      }),
    ]);
    expect((await admin().getUserById(user.id)).data.user).toMatchObject({ phone: number });
    const listed = await admin().listUsers({ perPage: 1000 });
    expect(listed.data.users.map((u) => u.id)).toContain(user.id);

    expect((await admin().createUser({ phone: number })).error).toMatchObject({
      status: 422,
      code: 'phone_exists',
      message: 'Phone number already registered by another user',
    });
    expect((await admin().createUser({ phone: '0170-1234' })).error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Invalid phone number format (E.164 required)',
    });
    const both = await admin().createUser({ email: address('both'), phone: phone() });
    expect(both.data.user!.app_metadata).toMatchObject({ provider: 'email', providers: ['email', 'phone'] });
    expect(both.data.user!.identities!.map((i) => i.provider)).toEqual(['email', 'phone']);
    expect(both.data.user!.phone_confirmed_at).toBeUndefined();
  });

  it("sets and confirms a user's phone with updateUserById; a taken number is phone_exists", async () => {
    const email = address('update');
    const { id } = (await admin().createUser({ email, password: 'Passw0rdOk', email_confirm: true })).data
      .user!;
    const number = phone();
    const updated = await admin().updateUserById(id, { phone: number, phone_confirm: true });
    expect(updated.error).toBeNull();
    expect(updated.data.user).toMatchObject({ email, phone: number, phone_confirmed_at: expect.any(String) });
    expect(updated.data.user!.identities!.map((i) => i.provider)).toEqual(['email', 'phone']);
    // Signed in by address, the user's access token carries the number too (Supabase's `phone` claim).
    const signedIn = await backend.anon().auth.signInWithPassword({ email, password: 'Passw0rdOk' });
    const claims = (await backend.anon().auth.getClaims(signedIn.data.session!.access_token)).data!.claims;
    expect(claims).toMatchObject({ email, phone: number });

    const other = (await admin().createUser({ email: address('other') })).data.user!;
    expect((await admin().updateUserById(other.id, { phone: number })).error).toMatchObject({
      status: 422,
      code: 'phone_exists',
    });
    // A soft delete frees the number, as it frees the address.
    expect((await admin().deleteUser(id, true)).error).toBeNull();
    expect((await admin().updateUserById(other.id, { phone: number })).error).toBeNull();
  });

  it('creates a user with the id the request gives, and refuses a malformed, nil or taken one', async () => {
    const id = '5d1e6c4a-93b1-4c2f-8f7e-0a1b2c3d4e5f'.replace(/^5d/, kind === 'pglite' ? '6a' : '6b');
    const created = await admin().createUser({ id, email: address('id') } as never);
    expect(created.error).toBeNull();
    expect(created.data.user!.id).toBe(id);
    const refusal = async (value: string) =>
      (await admin().createUser({ id: value, email: address('id') } as never)).error;
    expect(await refusal('not-a-uuid')).toMatchObject({
      status: 400,
      message: 'ID must conform to the uuid v4 format',
    });
    expect(await refusal('00000000-0000-0000-0000-000000000000')).toMatchObject({
      status: 400,
      message: 'ID cannot be a nil uuid',
    });
    expect(await refusal(id)).toMatchObject({ status: 422, code: 'user_already_exists' });
  });

  it("refuses an address GoTrue's format refuses in createUser, inviteUserByEmail and generateLink", async () => {
    const invalid = {
      status: 400,
      code: 'validation_failed',
      message: 'Unable to validate email address: invalid format',
    };
    const created = await admin().createUser({ email: INVALID_EMAIL, password: 'password123' });
    expect(created.error).toMatchObject(invalid);
    expect(created.data.user).toBeNull();
    const invited = await admin().inviteUserByEmail(INVALID_EMAIL);
    expect(invited.error).toMatchObject(invalid);
    expect(invited.data.user).toBeNull();
    const link = await admin().generateLink({
      type: 'signup',
      email: INVALID_EMAIL,
      password: 'password123',
    });
    expect(link.error).toMatchObject(invalid);
    expect(link.data.properties).toBeNull();
    const signUp = await backend.anon().auth.signUp({ email: 'zoë@example.com', password: 'Passw0rdOk' });
    expect(signUp.error).toMatchObject(invalid);
  });

  it('stamps invited_at on an invited user, by e-mail or by a generated invite link', async () => {
    const invited = await admin().inviteUserByEmail(address('invite'), {
      data: { status: 'alpha' },
      redirectTo: 'http://localhost:9999/welcome',
    });
    expect(invited.error).toBeNull();
    expect(invited.data.user!.invited_at).toEqual(expect.any(String));
    const link = await admin().generateLink({ type: 'invite', email: address('invite-link') });
    expect(link.data.user!.invited_at).toEqual(expect.any(String));
    const plain = await admin().createUser({ email: address('not-invited') });
    expect(plain.data.user!.invited_at).toBeUndefined();
  });

  it("answers every way in by SMS with GoTrue's own refusal for a project with the phone provider off", async () => {
    const number = phone();
    await admin().createUser({ phone: number, password: 'Passw0rdOk', phone_confirm: true });
    const { auth } = backend.anon();

    const malformed = await auth.verifyOtp({ phone: `${number}-invalid`, token: '123456', type: 'sms' });
    expect(malformed.error).toMatchObject({
      status: 400,
      message: 'Invalid phone number format (E.164 required)',
    });
    const expired = { status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' };
    // No code is ever sent by SMS here, for a phone user or a number no one has.
    expect((await auth.verifyOtp({ phone: number, token: '123456', type: 'sms' })).error).toMatchObject(
      expired,
    );
    expect((await auth.verifyOtp({ phone: phone(), token: '123456', type: 'sms' })).error).toMatchObject(
      expired,
    );
    expect(
      (await auth.verifyOtp({ phone: phone(), token: '123456', type: 'phone_change' })).error,
    ).toMatchObject(expired);

    const signIn = await auth.signInWithPassword({ phone: number, password: 'Passw0rdOk' });
    expect(signIn.error).toMatchObject({
      status: 422,
      code: 'phone_provider_disabled',
      message: 'Phone logins are disabled',
    });
    const signUp = await auth.signUp({ phone: phone(), password: 'Passw0rdOk' });
    expect(signUp.error).toMatchObject({
      status: 400,
      code: 'phone_provider_disabled',
      message: 'Phone signups are disabled',
    });
    expect((await auth.resend({ type: 'sms', phone: number })).error).toMatchObject({
      status: 400,
      code: 'phone_provider_disabled',
      message: 'Phone logins are disabled',
    });
    const noPhone = await raw(backend, 'POST', '/auth/v1/resend', { type: 'sms', email: address('resend') });
    expect(noPhone.json).toMatchObject({
      code: 'validation_failed',
      message: 'Type provided requires a phone number',
    });
  });

  it("answers a signed-in user's phone change as GoTrue does with no SMS provider, after its own checks", async () => {
    const taken = phone();
    await admin().createUser({ phone: taken });
    const { client } = await backend.newUser('phone-change');
    expect((await client.auth.updateUser({ phone: '12-ab' })).error).toMatchObject({
      status: 400,
      message: 'Invalid phone number format (E.164 required)',
    });
    expect((await client.auth.updateUser({ phone: taken })).error).toMatchObject({
      status: 422,
      code: 'phone_exists',
    });
    const fresh = await client.auth.updateUser({ phone: phone() });
    expect(fresh.error).toMatchObject({ status: 422, code: 'sms_send_failed' });
    expect((await client.auth.getUser()).data.user!.phone).toBe('');
  });

  it('reauthenticate() without a session is supabase-js’s own AuthSessionMissingError, the API’s a 401', async () => {
    const { data, error } = await backend.anon().auth.reauthenticate();
    expect(data).toEqual({ user: null, session: null });
    expect(error).toMatchObject({ name: 'AuthSessionMissingError', message: 'Auth session missing!' });
    const bare = await raw(backend, 'GET', '/auth/v1/reauthenticate');
    expect(bare.status).toBe(401);
    expect(bare.json).toMatchObject({
      code: 'no_authorization',
      message: 'This endpoint requires a valid Bearer token',
    });
  });
});
