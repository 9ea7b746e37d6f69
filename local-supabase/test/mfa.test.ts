// TOTP factors through supabase-js over HTTP, on both databases: enrol, challenge, verify with a code computed
// by otpauth (the session becomes aal2 with totp in amr), a reused code refused, unenrol needing aal2, the
// admin API removing a lost device's factor, and auth.jwt()->>'aal' usable in RLS.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as OTPAuth from 'otpauth';
import type { SupabaseClient } from '@supabase/supabase-js';
import { KINDS, raw, startBackend, type Backend } from './harness';

jest.setTimeout(90_000);

const totp = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

/** The code of the next 30-second step: a code no earlier verification of the factor can have used. */
const nextCode = (secret: string) => totp(secret).generate({ timestamp: Date.now() + 30_000 });

async function enrolAndVerify(client: SupabaseClient) {
  const { data: enrolled, error } = await client.auth.mfa.enroll({
    factorType: 'totp',
    friendlyName: 'Phone',
  });
  expect(error).toBeNull();
  const secret = enrolled!.totp.secret;
  const { data: challenge } = await client.auth.mfa.challenge({ factorId: enrolled!.id });
  const verified = await client.auth.mfa.verify({
    factorId: enrolled!.id,
    challengeId: challenge!.id,
    code: totp(secret).generate(),
  });
  expect(verified.error).toBeNull();
  return { factorId: enrolled!.id, secret };
}

// A table whose rows need aal2, as Supabase's docs write such a policy.
const MIGRATION = `
create table public.secrets (id int primary key, body text not null);
alter table public.secrets enable row level security;
grant select on public.secrets to authenticated;
create policy "aal2 only" on public.secrets for select to authenticated using ((auth.jwt() ->> 'aal') = 'aal2');
insert into public.secrets values (1, 'only with two factors');
`;

function supabaseDir(): string {
  // Named supabase/ with the templates beside config.toml, which names them from the project (./supabase/templates).
  const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ls-mfa-')), 'supabase');
  const source = path.join(__dirname, '..', '..', 'supabase');
  fs.mkdirSync(dir);
  fs.copyFileSync(path.join(source, 'config.toml'), path.join(dir, 'config.toml'));
  fs.cpSync(path.join(source, 'templates'), path.join(dir, 'templates'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'migrations'));
  fs.writeFileSync(path.join(dir, 'migrations', '20260101000000_secrets.sql'), MIGRATION);
  return dir;
}

describe.each(KINDS)('TOTP factors on %s', (kind) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend(kind, { SUPABASE_DIR: supabaseDir() });
  });
  afterAll(() => backend?.stop());

  it('enrols with a QR code, verifies a code, and raises the session to aal2', async () => {
    const { client } = await backend.newUser('mfa');
    const before = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(before.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });

    const { data: enrolled, error } = await client.auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: 'My phone',
      issuer: 'Storefront',
    });
    expect(error).toBeNull();
    expect(enrolled).toMatchObject({ type: 'totp', friendly_name: 'My phone' });
    expect(enrolled!.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg[\s\S]*<\/svg>$/);
    expect(enrolled!.totp.qr_code).not.toContain('#');
    expect(enrolled!.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolled!.totp.uri).toMatch(/^otpauth:\/\/totp\/Storefront:.*\?.*secret=/);

    // Unverified, the factor does not raise nextLevel.
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data?.nextLevel).toBe('aal1');

    const { data: challenge } = await client.auth.mfa.challenge({ factorId: enrolled!.id });
    expect(challenge).toMatchObject({ type: 'totp' });
    expect(challenge!.expires_at).toBeGreaterThan(Date.now() / 1000);

    const events: string[] = [];
    client.auth.onAuthStateChange((event) => events.push(event));
    const wrong = await client.auth.mfa.verify({
      factorId: enrolled!.id,
      challengeId: challenge!.id,
      code: '000000',
    });
    const code = totp(enrolled!.totp.secret).generate();
    if (code !== '000000')
      expect(wrong.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    const verified = await client.auth.mfa.verify({
      factorId: enrolled!.id,
      challengeId: challenge!.id,
      code,
    });
    expect(verified.error).toBeNull();
    expect(events).toContain('MFA_CHALLENGE_VERIFIED');
    const claims = claimsOf(verified.data!.access_token);
    expect(claims.aal).toBe('aal2');
    expect((claims.amr as { method: string }[]).map((a) => a.method).sort()).toEqual(['password', 'totp']);

    const level = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    const { data: factors } = await client.auth.mfa.listFactors();
    expect(factors!.totp).toEqual([expect.objectContaining({ id: enrolled!.id, status: 'verified' })]);

    // A refresh keeps aal2: the level belongs to the session.
    const refreshed = await client.auth.refreshSession();
    expect(claimsOf(refreshed.data.session!.access_token).aal).toBe('aal2');
  });

  it('refuses a code used once already, and a used or unknown challenge', async () => {
    const { client } = await backend.newUser('reuse');
    const { data: enrolled } = await client.auth.mfa.enroll({ factorType: 'totp' });
    const code = totp(enrolled!.totp.secret).generate();
    const first = await client.auth.mfa.challengeAndVerify({ factorId: enrolled!.id, code });
    expect(first.error).toBeNull();
    const again = await client.auth.mfa.challengeAndVerify({ factorId: enrolled!.id, code });
    expect(again.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });

    const { data: challenge } = await client.auth.mfa.challenge({ factorId: enrolled!.id });
    const next = nextCode(enrolled!.totp.secret);
    expect(
      (await client.auth.mfa.verify({ factorId: enrolled!.id, challengeId: challenge!.id, code: next }))
        .error,
    ).toBeNull();
    const usedChallenge = await client.auth.mfa.verify({
      factorId: enrolled!.id,
      challengeId: challenge!.id,
      code: next,
    });
    expect(usedChallenge.error).toMatchObject({ status: 422, code: 'mfa_challenge_expired' });
    const unknown = await client.auth.mfa.verify({
      factorId: enrolled!.id,
      challengeId: '00000000-0000-4000-8000-000000000000',
      code: next,
    });
    expect(unknown.error).toMatchObject({ status: 404 });
    const otherFactor = await client.auth.mfa.challenge({ factorId: '00000000-0000-4000-8000-000000000000' });
    expect(otherFactor.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
  });

  it('signs in at aal1 with nextLevel aal2, lets RLS require aal2, and unenrols only from aal2', async () => {
    const { client, email, password } = await backend.newUser('login');
    const { factorId, secret } = await enrolAndVerify(client);

    const fresh = backend.anon();
    await fresh.auth.signInWithPassword({ email, password });
    const level = await fresh.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    expect(
      level.data!.currentAuthenticationMethods.map((a) => (typeof a === 'string' ? a : a.method)),
    ).toEqual(['password']);

    expect((await fresh.from('secrets').select('body')).data).toEqual([]);
    const unenrolAal1 = await fresh.auth.mfa.unenroll({ factorId });
    expect(unenrolAal1.error).toMatchObject({ status: 422, code: 'insufficient_aal' });
    // An unverified factor of the same user is protected too (enrolled from the aal2 session).
    const { data: spare } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Spare' });
    const unenrolSpare = await fresh.auth.mfa.unenroll({ factorId: spare!.id });
    expect(unenrolSpare.error).toMatchObject({ status: 422, code: 'insufficient_aal' });
    expect((await client.auth.mfa.unenroll({ factorId: spare!.id })).error).toBeNull();
    const enrolAal1 = await fresh.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Second' });
    expect(enrolAal1.error).toMatchObject({ status: 422, code: 'insufficient_aal' });
    const passwordAal1 = await fresh.auth.updateUser({ password: 'Another1Pass' });
    expect(passwordAal1.error).toMatchObject({ status: 401, code: 'insufficient_aal' });

    expect((await fresh.auth.mfa.challengeAndVerify({ factorId, code: nextCode(secret) })).error).toBeNull();
    expect((await fresh.from('secrets').select('body')).data).toEqual([{ body: 'only with two factors' }]);
    expect((await fresh.auth.mfa.unenroll({ factorId })).error).toBeNull();
    const after = await fresh.auth.refreshSession();
    expect(claimsOf(after.data.session!.access_token).aal).toBe('aal1');
    expect((await fresh.auth.mfa.getAuthenticatorAssuranceLevel()).data?.nextLevel).toBe('aal1');
  });

  it('lets the service role list and delete a lost device’s factor, and no one else', async () => {
    const { client, id, email, password } = await backend.newUser('lost');
    const { factorId } = await enrolAndVerify(client);
    const admin = backend.service();

    const listed = await admin.auth.admin.mfa.listFactors({ userId: id });
    expect(listed.error).toBeNull();
    expect(listed.data!.factors).toEqual([expect.objectContaining({ id: factorId, status: 'verified' })]);
    const deleted = await admin.auth.admin.mfa.deleteFactor({ userId: id, id: factorId });
    expect(deleted.error).toBeNull();
    expect((await admin.auth.admin.mfa.listFactors({ userId: id })).data!.factors).toEqual([]);

    const signedIn = backend.anon();
    await signedIn.auth.signInWithPassword({ email, password });
    expect((await signedIn.auth.mfa.getAuthenticatorAssuranceLevel()).data?.nextLevel).toBe('aal1');

    // The anon key and a user's token are not admins.
    const asAnon = await raw(backend, 'GET', `/auth/v1/admin/users/${id}/factors`, undefined, {
      Authorization: `Bearer ${backend.server.anonKey}`,
    });
    expect(asAnon).toMatchObject({ status: 403, json: { code: 'not_admin' } });
    const missing = await admin.auth.admin.mfa.deleteFactor({ userId: id, id: factorId });
    expect(missing.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
    const noUser = await admin.auth.admin.mfa.listFactors({ userId: '00000000-0000-4000-8000-000000000000' });
    expect(noUser.error).toMatchObject({ status: 404, code: 'user_not_found' });
    const notAnId = await raw(backend, 'GET', '/auth/v1/admin/users/not-a-uuid/factors', undefined, {
      Authorization: `Bearer ${backend.server.serviceRoleKey}`,
    });
    expect(notAnId).toMatchObject({ status: 404, json: { code: 'user_not_found' } });
  });

  it('refuses a duplicate friendly name, another factor type, and hostile input without a 500', async () => {
    const { client } = await backend.newUser('names');
    expect((await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Same' })).error).toBeNull();
    const duplicate = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Same' });
    expect(duplicate.error).toMatchObject({ status: 422, code: 'mfa_factor_name_conflict' });
    const phone = await client.auth.mfa.enroll({ factorType: 'phone', phone: '+491701234567' });
    expect(phone.error).toMatchObject({ status: 422 });
    const { data } = await client.auth.getSession();
    const auth = { Authorization: `Bearer ${data.session!.access_token}` };
    for (const body of [
      { factor_type: 'totp', friendly_name: 'nul\u0000' },
      { factor_type: 'totp', issuer: 'x'.repeat(1000) },
      { factor_type: ['totp'] },
    ]) {
      const answer = await raw(backend, 'POST', '/auth/v1/factors', body, auth);
      expect(answer.status).toBe(400);
    }
    const badVerify = await raw(
      backend,
      'POST',
      '/auth/v1/factors/nope/verify',
      { challenge_id: 1, code: 2 },
      auth,
    );
    expect(badVerify).toMatchObject({ status: 400, json: { code: 'validation_failed' } });
  });
});

// On PostgreSQL only: the bucket is kept in the service's memory per IP (@fastify/rate-limit, src/app.ts), so the
// engine cannot change when it refuses; the challenges and verifications themselves run on both (above).
describe('TOTP rate limit on postgres', () => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend('postgres', { AUTH_RATE_LIMIT_MFA_CHALLENGE_AND_VERIFY: '3' });
  });
  afterAll(() => backend?.stop());

  it('limits challenges and verifications per IP', async () => {
    const { client } = await backend.newUser('limit');
    const { data: enrolled } = await client.auth.mfa.enroll({ factorType: 'totp' });
    const { data: challenge } = await client.auth.mfa.challenge({ factorId: enrolled!.id });
    const answers = [];
    for (let i = 0; i < 3; i += 1)
      answers.push(
        await client.auth.mfa.verify({ factorId: enrolled!.id, challengeId: challenge!.id, code: 'abcdef' }),
      );
    expect(answers.map((a) => a.error?.status)).toEqual([422, 422, 429]);
    expect(answers[2]!.error).toMatchObject({ code: 'over_request_rate_limit' });
  });
});
