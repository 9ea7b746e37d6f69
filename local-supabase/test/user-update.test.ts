// GoTrue's PUT /user through supabase-js over HTTP, on both databases: password change (the password rules,
// same_password, other sessions ended), e-mail change (confirmed from the new address, with sign-up
// confirmations on or off, as GoTrue does for every user who signed up), user_metadata merged key by key.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { codeOf, KINDS, mailTo, raw, sharedBackend, startBackend, type Backend } from './harness';

jest.setTimeout(90_000);

async function follow(link: string) {
  const response = await fetch(link, { redirect: 'manual' });
  const location = new URL(response.headers.get('location')!);
  return new URLSearchParams(location.hash.slice(1));
}

describe.each(KINDS)('PUT /user on %s (confirmations off)', (kind) => {
  let backend: Backend;
  beforeAll(async () => {
    // GoTrue's own e-mail texts, which offer the code these tests type (config.toml's offer only the link).
    backend = await sharedBackend(kind, { AUTH_EMAIL_TEMPLATES: 'gotrue' });
  });
  afterAll(() => backend?.stop());

  it('changes the password, refusing a weak or unchanged one, and ends the other sessions', async () => {
    const { client, email, password } = await backend.newUser('pw');
    const other = await backend.anon().auth.signInWithPassword({ email, password });
    const otherToken = other.data.session!.access_token;

    const weak = await client.auth.updateUser({ password: 'short' });
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password' });
    const same = await client.auth.updateUser({ password });
    expect(same.error).toMatchObject({
      status: 422,
      code: 'same_password',
      message: 'New password should be different from the old password.',
    });

    const events: string[] = [];
    client.auth.onAuthStateChange((event) => events.push(event));
    const changed = await client.auth.updateUser({ password: 'Changed1Pass' });
    expect(changed.error).toBeNull();
    expect(events).toContain('USER_UPDATED');
    expect((await client.auth.getUser()).error).toBeNull();
    const otherUser = await raw(backend, 'GET', '/auth/v1/user', undefined, {
      Authorization: `Bearer ${otherToken}`,
    });
    expect(otherUser).toMatchObject({ status: 403, json: { code: 'session_not_found' } });
    expect((await backend.anon().auth.signInWithPassword({ email, password })).error).toMatchObject({
      code: 'invalid_credentials',
    });
    expect(
      (await backend.anon().auth.signInWithPassword({ email, password: 'Changed1Pass' })).error,
    ).toBeNull();
  });

  it('changes the e-mail only once the new address confirms it, even with confirmations off', async () => {
    const { client, email } = await backend.newUser('mail');
    const taken = await backend.newUser('taken');
    const clash = await client.auth.updateUser({ email: taken.email });
    expect(clash.error).toMatchObject({ status: 422, code: 'email_exists' });
    const newEmail = `moved-${Date.now()}@example.com`;
    const asked = await client.auth.updateUser({ email: newEmail });
    expect(asked.error).toBeNull();
    expect(asked.data.user).toMatchObject({ email, new_email: newEmail });
    // Still the old address: signing in with the new one fails until the link is followed.
    expect((await client.auth.getUser()).data.user?.email).toBe(email);
    const [mail] = await mailTo(backend, newEmail);
    expect(mail).toMatchObject({ subject: 'Confirm Email Change' });
    expect((await follow(mail!.links[0]!)).get('type')).toBe('email_change');
    expect((await client.auth.getUser()).data.user?.email).toBe(newEmail);
    const bad = await client.auth.updateUser({ email: 'not an address' });
    expect(bad.error).toMatchObject({ status: 400, code: 'validation_failed' });
  });

  it('merges user_metadata key by key, a null removing a key', async () => {
    const { client } = await backend.newUser('meta');
    await client.auth.updateUser({ data: { name: 'Ada', city: 'Berlin' } });
    const merged = await client.auth.updateUser({ data: { city: null, phone: '123' } });
    expect(merged.data.user?.user_metadata).toEqual({ name: 'Ada', phone: '123' });
    const tooBig = await client.auth.updateUser({ data: { blob: 'x'.repeat(5000) } });
    expect(tooBig.error).toMatchObject({ status: 400, code: 'validation_failed' });
    const { data } = await client.auth.getSession();
    const notObject = await raw(
      backend,
      'PUT',
      '/auth/v1/user',
      { data: [1, 2] },
      {
        Authorization: `Bearer ${data.session!.access_token}`,
      },
    );
    expect(notObject).toMatchObject({ status: 400, json: { code: 'bad_json' } });
    const anonymous = await raw(backend, 'PUT', '/auth/v1/user', { data: {} });
    expect(anonymous).toMatchObject({ status: 401, json: { code: 'no_authorization' } });
  });
});

describe.each(KINDS)('e-mail change with confirmations on %s', (kind) => {
  let backend: Backend;
  let double: Backend;
  beforeAll(async () => {
    const folder = (extra: string) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ls-user-'));
      fs.writeFileSync(
        path.join(dir, 'config.toml'),
        `[auth]\nsite_url = "http://localhost:3000"\n[auth.email]\nenable_confirmations = true\nmax_frequency = "0s"\n${extra}`,
      );
      fs.mkdirSync(path.join(dir, 'migrations'));
      return dir;
    };
    [backend, double] = await Promise.all([
      startBackend(kind, { SUPABASE_DIR: folder('double_confirm_changes = false\n') }),
      startBackend(kind, { SUPABASE_DIR: folder('double_confirm_changes = true\n') }),
    ]);
  });
  afterAll(() => Promise.all([backend?.stop(), double?.stop()]));

  /** A confirmed user signed in (confirmations are on: the e-mailed code confirms the sign-up). */
  async function confirmedUser(on: Backend) {
    const email = `user-${Date.now()}-${Math.random().toString(16).slice(2)}@example.com`;
    const client = on.anon();
    await client.auth.signUp({ email, password: 'Passw0rdOk' });
    const [mail] = await mailTo(on, email);
    const verified = await client.auth.verifyOtp({ email, token: codeOf(mail!), type: 'signup' });
    expect(verified.error).toBeNull();
    return { client, email };
  }

  it('sends a link to the new address and changes the e-mail only when it is followed', async () => {
    const { client, email } = await confirmedUser(backend);
    const newEmail = `new-${Date.now()}@example.com`;
    const asked = await client.auth.updateUser(
      { email: newEmail },
      { emailRedirectTo: 'http://localhost:3000/account/profile' },
    );
    expect(asked.error).toBeNull();
    expect(asked.data.user).toMatchObject({ email, new_email: newEmail });
    expect(await mailTo(backend, email)).toHaveLength(1); // only the sign-up confirmation
    const [mail] = await mailTo(backend, newEmail);
    expect(mail).toMatchObject({ subject: 'Confirm Email Change' });
    expect(mail!.text).toContain(`from ${email} to ${newEmail}`);

    const fragment = await follow(mail!.links[0]!);
    expect(fragment.get('type')).toBe('email_change');
    expect(fragment.get('access_token')).toBeTruthy();
    const { data } = await client.auth.getUser();
    expect(data.user?.email).toBe(newEmail);
    expect((await follow(mail!.links[0]!)).get('error_code')).toBe('otp_expired');
  });

  it('with double_confirm_changes, needs the links to both addresses', async () => {
    const { client, email } = await confirmedUser(double);
    const newEmail = `both-${Date.now()}@example.com`;
    expect((await client.auth.updateUser({ email: newEmail })).error).toBeNull();
    const [toCurrent] = await mailTo(double, email);
    const [toNew] = await mailTo(double, newEmail);
    expect(toCurrent!.subject).toBe('Confirm Email Change');

    const first = await follow(toCurrent!.links[0]!);
    expect(first.get('message')).toBe(
      'Confirmation link accepted. Please proceed to confirm link sent to the other email',
    );
    expect((await client.auth.getUser()).data.user?.email).toBe(email);
    // The second step by code, as verifyOtp sends it.
    const second = await double
      .anon()
      .auth.verifyOtp({ email: newEmail, token: codeOf(toNew!), type: 'email_change' });
    expect(second.error).toBeNull();
    expect(second.data.user?.email).toBe(newEmail);
  });
});
