// `npm run staff` (scripts/staff.mjs), run as the agency runs it against the API, on both databases (issue #42):
// it sets and removes app_metadata.role 'staff' through the admin API, which the user's next access token
// carries; a user cannot give themselves the role; a wrong address or key is said in words, and changes nothing.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { SupabaseClient } from '@supabase/supabase-js';
import { KINDS, sharedBackend, type Backend } from './harness';

jest.setTimeout(120_000);

const script = path.join(__dirname, '..', '..', 'scripts', 'staff.mjs');

/** Runs the command; resolves with its exit code and what it printed. */
async function staffCommand(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [script, ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    return { code: 0, stdout: stdout.trim(), stderr: stderr.trim() };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout.trim(), stderr: failed.stderr.trim() };
  }
}

/** The claims of the client's current access token. */
async function claims(client: SupabaseClient) {
  const { data } = await client.auth.getSession();
  const payload = data.session!.access_token.split('.')[1]!;
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
    app_metadata: Record<string, unknown>;
    user_metadata: Record<string, unknown>;
  };
}

describe.each(KINDS)('npm run staff on %s', (kind) => {
  let backend: Backend;
  let env: Record<string, string>;
  beforeAll(async () => {
    backend = await sharedBackend(kind);
    env = { SUPABASE_URL: backend.server.url, SUPABASE_SERVICE_ROLE_KEY: backend.server.serviceRoleKey };
  });
  afterAll(async () => {
    await backend.stop();
  });

  /** A client signed in afresh as the user, so its access token is new. */
  const signedIn = async (email: string, password: string) => {
    const client = backend.anon();
    const { error } = await client.auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    return client;
  };

  it("makes a person staff, which their next sign-in's token carries, and removes it again", async () => {
    const user = await backend.newUser('staff');
    expect((await claims(user.client)).app_metadata.role).toBeUndefined();

    const added = await staffCommand(['add', user.email.toUpperCase()], env);
    expect(added).toMatchObject({ code: 0, stderr: '' });
    expect(added.stdout).toBe(
      `${user.email} is staff. They sign in with their second factor (Account → Security) to open /admin.`,
    );
    const asStaff = await claims(await signedIn(user.email, user.password));
    expect(asStaff.app_metadata).toMatchObject({ role: 'staff', provider: 'email' });

    const removed = await staffCommand(['remove', user.email], env);
    expect(removed.code).toBe(0);
    expect(removed.stdout).toBe(`${user.email} is no longer staff, and is signed out everywhere.`);
    const after = await claims(await signedIn(user.email, user.password));
    expect(after.app_metadata.role).toBeUndefined();
    // The rest of app_metadata is kept.
    expect(after.app_metadata).toMatchObject({ provider: 'email' });
  });

  it('gives no role to a user who writes it into their own metadata', async () => {
    const user = await backend.newUser('self-made');
    expect((await user.client.auth.updateUser({ data: { role: 'staff' } })).error).toBeNull();
    const own = await claims(await signedIn(user.email, user.password));
    expect(own.user_metadata.role).toBe('staff');
    expect(own.app_metadata.role).toBeUndefined();
  });

  it('says so for an address no user has, or one that only part-matches, and changes nobody', async () => {
    const user = await backend.newUser('partial');
    const partial = user.email.slice(1);
    for (const address of [`nobody-${Date.now()}@example.com`, partial]) {
      const result = await staffCommand(['add', address], env);
      expect(result).toEqual({
        code: 1,
        stdout: '',
        stderr: `No account has the e-mail address ${address}: they sign up first.`,
      });
    }
    expect((await claims(await signedIn(user.email, user.password))).app_metadata.role).toBeUndefined();
  });

  it('refuses a key that is not the service role, and explains its usage', async () => {
    const user = await backend.newUser('anon-key');
    const withAnonKey = await staffCommand(['add', user.email], {
      ...env,
      SUPABASE_SERVICE_ROLE_KEY: backend.server.anonKey,
    });
    expect(withAnonKey).toEqual({
      code: 1,
      stdout: '',
      stderr: 'The API refused the key: SUPABASE_SERVICE_ROLE_KEY must be the service-role key.',
    });
    expect((await claims(await signedIn(user.email, user.password))).app_metadata.role).toBeUndefined();

    for (const args of [[], ['promote', user.email], ['add']]) {
      const result = await staffCommand(args, env);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/^usage: npm run staff -- add\|remove <e-mail>/);
    }
    const { SUPABASE_SERVICE_ROLE_KEY: _key, ...withoutKey } = env;
    expect((await staffCommand(['add', user.email], withoutKey)).stderr).toMatch(/^usage:/);
  });

  it('says so when the API cannot be reached', async () => {
    const result = await staffCommand(['add', 'a@example.com'], {
      ...env,
      SUPABASE_URL: 'http://127.0.0.1:9',
    });
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Could not reach http://127.0.0.1:9: is the API running?',
    });
  });
});
