// GoTrue's reauthentication through supabase-js, on both databases: with [auth.email] secure_password_change on,
// a session started more than 24 hours ago changes the password only with the code `reauthenticate()` e-mails
// (GoTrue's reauthentication_needed and reauthentication_not_valid otherwise); a younger session needs none.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { KINDS, mailTo, raw, startBackend, type Backend } from './harness';

jest.setTimeout(90_000);

// Sessions are made older than they are, as a day passing would (the service role only).
const FIXTURES = `
create function public.age_sessions(uid uuid, hours integer) returns void
language sql security definer set search_path = '' as $$
  update auth.sessions set created_at = now() - make_interval(hours => hours) where user_id = uid
$$;
revoke execute on function public.age_sessions(uuid, integer) from public, anon, authenticated;
grant execute on function public.age_sessions(uuid, integer) to service_role;
`;

const codeIn = (text: string) => /Enter the code: (\d+)/.exec(text)![1]!;

describe.each(KINDS)('reauthentication on %s', (kind) => {
  let backend: Backend;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ls-reauth-'));
    fs.writeFileSync(
      path.join(dir, 'config.toml'),
      '[auth]\nsite_url = "http://localhost:3000"\n[auth.email]\nsecure_password_change = true\nmax_frequency = "60s"\n',
    );
    fs.mkdirSync(path.join(dir, 'migrations'));
    fs.writeFileSync(path.join(dir, 'migrations', '20991231000000_reauth_fixtures.sql'), FIXTURES);
    backend = await startBackend(kind, { SUPABASE_DIR: dir });
  });
  afterAll(async () => {
    await backend?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const age = async (id: string) => {
    const { error } = await backend.service().rpc('age_sessions', { uid: id, hours: 25 });
    expect(error).toBeNull();
  };

  it('a session younger than a day changes the password without a code', async () => {
    const { client } = await backend.newUser('fresh');
    expect((await client.auth.updateUser({ password: 'Fresh1Pass' })).error).toBeNull();
  });

  it('an older session needs the e-mailed code, which works once', async () => {
    const { client, id, email, password } = await backend.newUser('old');
    await age(id);
    const asked = await client.auth.updateUser({ password: 'Next1Pass' });
    expect(asked.error).toMatchObject({
      status: 400,
      code: 'reauthentication_needed',
      message: 'Password update requires reauthentication',
    });

    expect((await client.auth.reauthenticate()).error).toBeNull();
    const [mail] = await mailTo(backend, email);
    expect(mail).toMatchObject({ subject: 'Confirm reauthentication' });
    const code = codeIn(mail!.text);

    const wrong = await client.auth.updateUser({ password: 'Next1Pass', nonce: '000000' });
    expect(wrong.error).toMatchObject({
      status: 422,
      code: 'reauthentication_not_valid',
      message: 'Nonce has expired or is invalid',
    });
    expect((await client.auth.updateUser({ password: 'Next1Pass', nonce: code })).error).toBeNull();
    expect((await backend.anon().auth.signInWithPassword({ email, password })).error).toMatchObject({
      code: 'invalid_credentials',
    });
    const again = await client.auth.updateUser({ password: 'Third1Pass', nonce: code });
    expect(again.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid' });
  });

  it('sends at most one code per max_frequency, and only to a signed-in user', async () => {
    const { client, id } = await backend.newUser('often');
    await age(id);
    expect((await client.auth.reauthenticate()).error).toBeNull();
    expect((await client.auth.reauthenticate()).error).toMatchObject({
      status: 429,
      code: 'over_email_send_rate_limit',
    });
    const anonymous = await raw(backend, 'GET', '/auth/v1/reauthenticate');
    expect(anonymous).toMatchObject({ status: 401, json: { code: 'no_authorization' } });
  });
});
