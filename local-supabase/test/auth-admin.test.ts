// GoTrue's admin user API and the features it does not offer, as auth-js's own suite (commit 381bded5) meets
// them, with the real supabase-js on both databases (issue #32 items 3 and 6): create, list, get, update and
// delete users (bans and soft deletes too), generate_link and invite for the service role only; anonymous
// sign-ins, Web3, ID tokens, SAML SSO and identity linking answered with GoTrue's own "disabled" errors.
import { createClient } from '@supabase/supabase-js';
import { clientOptions, KINDS, mailTo, raw, sharedBackend, type Backend } from './harness';

jest.setTimeout(120_000);

describe.each(KINDS)('GoTrue admin user API on %s', (kind) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await sharedBackend(kind);
  });
  afterAll(async () => {
    await backend.stop();
  });
  const admin = () => backend.service().auth.admin;
  let n = 0;
  const address = (what: string) => `admin-${what}-${(n += 1)}-${kind}@example.com`;

  it('creates a user who can sign in at once when confirmed, and refuses a taken address or a weak password', async () => {
    const email = address('create');
    const created = await admin().createUser({
      email,
      password: 'Passw0rdOk',
      email_confirm: true,
      user_metadata: { name: 'Ada' },
      app_metadata: { plan: 'pro' },
    });
    expect(created.error).toBeNull();
    expect(created.data.user).toMatchObject({
      email,
      user_metadata: { name: 'Ada' },
      app_metadata: { provider: 'email', providers: ['email'], plan: 'pro' },
    });
    expect(created.data.user!.email_confirmed_at).toEqual(expect.any(String));
    const signedIn = await backend.anon().auth.signInWithPassword({ email, password: 'Passw0rdOk' });
    expect(signedIn.error).toBeNull();

    const again = await admin().createUser({ email, password: 'Passw0rdOk' });
    expect(again.error).toMatchObject({ status: 422, code: 'email_exists' });
    const weak = await admin().createUser({ email: address('weak'), password: 'short' });
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password' });
    const unconfirmed = await admin().createUser({ email: address('unconfirmed'), password: 'Passw0rdOk' });
    expect(unconfirmed.data.user!.email_confirmed_at).toBeUndefined();
  });

  it('lists users a page at a time with the total, newest first, and filters by address', async () => {
    const emails = [address('list'), address('list'), address('list')];
    for (const email of emails) expect((await admin().createUser({ email })).error).toBeNull();
    const first = await admin().listUsers({ page: 1, perPage: 2 });
    expect(first.error).toBeNull();
    const data = first.data as {
      users: { email?: string }[];
      total: number;
      nextPage: number | null;
      lastPage: number;
    };
    expect(data.users.map((u) => u.email)).toEqual([emails[2], emails[1]]);
    expect(data.total).toBeGreaterThanOrEqual(3);
    expect(data.nextPage).toBe(2);
    // The last page from the Link header itself: supabase-js reads only the first digit of a page number
    // (auth-js GoTrueAdminApi.listUsers), and on the shared backend earlier files' users make it 10 or more.
    const page = await raw(backend, 'GET', '/auth/v1/admin/users?page=1&per_page=2', undefined, {
      Authorization: `Bearer ${backend.server.serviceRoleKey}`,
      apikey: backend.server.serviceRoleKey,
    });
    expect(page.headers.get('x-total-count')).toBe(String(data.total));
    expect(page.headers.get('link')).toContain(`page=${Math.ceil(data.total / 2)}&per_page=2>; rel="last"`);
    const filtered = await raw(backend, 'GET', `/auth/v1/admin/users?filter=${emails[0]}`, undefined, {
      Authorization: `Bearer ${backend.server.serviceRoleKey}`,
      apikey: backend.server.serviceRoleKey,
    });
    expect(filtered.status).toBe(200);
    expect(filtered.headers.get('x-total-count')).toBe('1');
    expect((filtered.json.users as { email: string }[]).map((u) => u.email)).toEqual([emails[0]]);
  });

  it('gets, updates and deletes a user by id; an unknown id is user_not_found', async () => {
    const { data } = await admin().createUser({
      email: address('edit'),
      password: 'Passw0rdOk',
      user_metadata: { a: 1, b: 2 },
    });
    const id = data.user!.id;
    expect((await admin().getUserById(id)).data.user?.id).toBe(id);
    const newEmail = address('edited');
    const updated = await admin().updateUserById(id, {
      email: newEmail,
      password: 'An0therPass',
      email_confirm: true,
      user_metadata: { b: null, c: 3 },
    });
    expect(updated.error).toBeNull();
    expect(updated.data.user).toMatchObject({ email: newEmail, user_metadata: { a: 1, c: 3 } });
    expect(updated.data.user!.user_metadata).not.toHaveProperty('b');
    expect(
      (await backend.anon().auth.signInWithPassword({ email: newEmail, password: 'An0therPass' })).error,
    ).toBeNull();

    expect((await admin().deleteUser(id)).error).toBeNull();
    expect((await admin().getUserById(id)).error).toMatchObject({ status: 404, code: 'user_not_found' });
    expect(
      (await backend.anon().auth.signInWithPassword({ email: newEmail, password: 'An0therPass' })).error
        ?.code,
    ).toBe('invalid_credentials');
    expect((await admin().deleteUser(id)).error).toMatchObject({ status: 404, code: 'user_not_found' });
    // supabase-js refuses what is no UUID itself; GoTrue answers it 400.
    const notUuid = await raw(backend, 'GET', '/auth/v1/admin/users/not-a-uuid', undefined, {
      Authorization: `Bearer ${backend.server.serviceRoleKey}`,
      apikey: backend.server.serviceRoleKey,
    });
    expect(notUuid).toMatchObject({ status: 400, json: { code: 'validation_failed' } });
  });

  it('bans a user for a Go duration: no sign-in or refresh until the ban is lifted with "none"', async () => {
    const email = address('ban');
    const password = 'Passw0rdOk';
    const { data } = await admin().createUser({ email, password, email_confirm: true });
    const id = data.user!.id;
    const client = backend.anon();
    expect((await client.auth.signInWithPassword({ email, password })).error).toBeNull();

    const banned = await admin().updateUserById(id, { ban_duration: '1h30m' });
    expect(banned.error).toBeNull();
    const until = Date.parse(banned.data.user!.banned_until!);
    expect(until - Date.now()).toBeGreaterThan(89 * 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(90 * 60_000);
    const refused = { status: 400, code: 'user_banned', message: 'User is banned' };
    expect((await backend.anon().auth.signInWithPassword({ email, password })).error).toMatchObject(refused);
    expect((await client.auth.refreshSession()).error).toMatchObject(refused);
    // A wrong password is still only a wrong password.
    expect(
      (await backend.anon().auth.signInWithPassword({ email, password: 'Wr0ngPassword' })).error?.code,
    ).toBe('invalid_credentials');

    const bad = await admin().updateUserById(id, { ban_duration: '2 days' });
    expect(bad.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'invalid format for ban duration: time: invalid duration "2 days"',
    });
    const lifted = await admin().updateUserById(id, { ban_duration: 'none' });
    expect(lifted.data.user).not.toHaveProperty('banned_until');
    expect((await backend.anon().auth.signInWithPassword({ email, password })).error).toBeNull();

    const bornBanned = await admin().createUser({
      email: address('ban'),
      password,
      email_confirm: true,
      ban_duration: '24h',
    });
    expect(bornBanned.data.user!.banned_until).toEqual(expect.any(String));
    expect(
      (await backend.anon().auth.signInWithPassword({ email: bornBanned.data.user!.email!, password })).error
        ?.code,
    ).toBe('user_banned');
  });

  it('soft-deletes a user: the row stays with deleted_at, no one signs in as it, and the address signs up anew', async () => {
    const email = address('soft');
    const password = 'Passw0rdOk';
    const { data } = await admin().createUser({ email, password, email_confirm: true });
    const id = data.user!.id;
    const client = backend.anon();
    expect((await client.auth.signInWithPassword({ email, password })).error).toBeNull();

    const deleted = await admin().deleteUser(id, true);
    expect(deleted.error).toBeNull();
    const kept = await admin().getUserById(id);
    expect(kept.error).toBeNull();
    expect(kept.data.user!.deleted_at).toEqual(expect.any(String));
    expect(kept.data.user!.email).not.toContain(email);
    expect((await backend.anon().auth.signInWithPassword({ email, password })).error?.code).toBe(
      'invalid_credentials',
    );
    expect((await client.auth.refreshSession()).error?.code).toBe('refresh_token_not_found');
    // Twice is no error, as in GoTrue.
    expect((await admin().deleteUser(id, true)).error).toBeNull();
    const again = await admin().createUser({ email, password, email_confirm: true });
    expect(again.error).toBeNull();
    expect(again.data.user!.id).not.toBe(id);
  });

  it('generates a recovery link that signs the user in, and a sign-up link for a new user, e-mailing neither', async () => {
    const email = address('link');
    await admin().createUser({ email, password: 'Passw0rdOk', email_confirm: true });
    const recovery = await admin().generateLink({ type: 'recovery', email });
    expect(recovery.error).toBeNull();
    expect(recovery.data.properties).toMatchObject({
      verification_type: 'recovery',
      email_otp: expect.stringMatching(/^\d{6}$/),
    });
    const verified = await backend
      .anon()
      .auth.verifyOtp({ type: 'recovery', token_hash: recovery.data.properties!.hashed_token });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email).toBe(email);

    const newcomer = address('signup-link');
    const signup = await admin().generateLink({ type: 'signup', email: newcomer, password: 'Passw0rdOk' });
    expect(signup.error).toBeNull();
    expect(signup.data.user?.email).toBe(newcomer);
    expect(signup.data.properties!.action_link).toContain('/auth/v1/verify?token=');
    expect(await mailTo(backend, newcomer)).toEqual([]);
    const unknown = await admin().generateLink({ type: 'magiclink', email: address('nobody') });
    expect(unknown.error).toMatchObject({ status: 404, code: 'user_not_found' });
  });

  it('invites by e-mail: the link signs the invited user in; a confirmed address is email_exists', async () => {
    const email = address('invite');
    const invited = await admin().inviteUserByEmail(email, { data: { invited_by: 'support' } });
    expect(invited.error).toBeNull();
    expect(invited.data.user).toMatchObject({ email, user_metadata: { invited_by: 'support' } });
    const [mail] = await mailTo(backend, email);
    expect(mail!.subject).toBe('You have been invited');
    const hash = /token=([0-9a-f]{56})/.exec(mail!.text)![1]!;
    const verified = await backend.anon().auth.verifyOtp({ type: 'invite', token_hash: hash });
    expect(verified.error).toBeNull();
    expect((await admin().inviteUserByEmail(email)).error).toMatchObject({
      status: 422,
      code: 'email_exists',
    });
  });

  it('answers only the service role: anon and a signed-in user get GoTrue’s refusal and change nothing', async () => {
    const anonAdmin = createClient(backend.server.url, backend.server.anonKey, clientOptions).auth.admin;
    const refused = await anonAdmin.createUser({ email: address('anon'), password: 'Passw0rdOk' });
    expect(refused.error?.status).toBe(403);
    const { client } = await backend.newUser('admin-denied');
    const session = (await client.auth.getSession()).data.session!;
    const asUser = await raw(backend, 'GET', '/auth/v1/admin/users', undefined, {
      Authorization: `Bearer ${session.access_token}`,
    });
    expect(asUser.status).toBe(403);
    expect((await admin().listUsers({ perPage: 1000 })).data.users.map((u) => u.email)).not.toContain(
      expect.stringMatching(/^admin-anon-/),
    );
  });

  it('answers the features it does not offer with GoTrue’s own "disabled" errors', async () => {
    const anon = backend.anon();
    const anonymous = await anon.auth.signInAnonymously();
    expect(anonymous.error).toMatchObject({
      status: 422,
      code: 'anonymous_provider_disabled',
      message: 'Anonymous sign-ins are disabled',
    });
    const web3 = await raw(backend, 'POST', '/auth/v1/token?grant_type=web3', {
      chain: 'solana',
      message: 'm',
      signature: 's',
    });
    expect(web3).toMatchObject({
      status: 422,
      json: { code: 'web3_provider_disabled', message: 'Web3 provider is disabled' },
    });
    const google = await anon.auth.signInWithIdToken({
      provider: 'google',
      token: 'mock-id-token',
      nonce: 'n',
    });
    expect(google).toMatchObject({ data: { session: null } });
    expect(google.error).toMatchObject({
      status: 400,
      code: 'provider_disabled',
      message: 'Provider (issuer "https://accounts.google.com") is not enabled',
    });
    const apple = await anon.auth.signInWithIdToken({ provider: 'apple', token: 'not-a-jwt' });
    expect(apple.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Unable to detect issuer in ID token for Apple provider',
    });
    const custom = await anon.auth.signInWithIdToken({
      provider: 'acme' as 'google',
      token: 'mock-id-token',
    });
    expect(custom.error).toMatchObject({
      code: 'validation_failed',
      message: 'Custom OIDC provider "acme" not allowed',
    });
    const sso = await anon.auth.signInWithSSO({ providerId: 'valid-provider-id' });
    expect(sso.error).toMatchObject({
      status: 404,
      code: 'saml_provider_disabled',
      message: 'SAML 2.0 is disabled',
    });
    const { client } = await backend.newUser('linking');
    const link = await client.auth.linkIdentity({ provider: 'google' });
    expect(link.error).toMatchObject({
      code: 'manual_linking_disabled',
      message: 'Manual linking is disabled',
    });
    const identities = (await client.auth.getUserIdentities()).data!.identities;
    const unlink = await client.auth.unlinkIdentity(identities[0]!);
    expect(unlink.error).toMatchObject({
      code: 'manual_linking_disabled',
      message: 'Manual linking is disabled',
    });
  });
});
