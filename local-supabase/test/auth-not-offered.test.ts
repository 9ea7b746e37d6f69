// GoTrue features this service leaves off, answered in supabase/auth's own codes and words with the feature off,
// so a team's supabase-js code meets the real service's error: the admin API's OAuth clients (the OAuth server,
// off by default) and WebAuthn and phone factors.
import { KINDS, raw, sharedBackend, type Backend } from './harness';

jest.setTimeout(60_000);

describe.each(KINDS)('GoTrue features not offered, on %s', (kind) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await sharedBackend(kind);
  });
  afterAll(() => backend.stop());

  it("answers the admin API's OAuth clients 404 feature_disabled, after the service-role check", async () => {
    const { oauth } = backend.service().auth.admin;
    const disabled = {
      name: 'AuthApiError',
      status: 404,
      code: 'feature_disabled',
      message: 'OAuth server is disabled',
    };
    const calls = [
      () => oauth.listClients(),
      () => oauth.createClient({ client_name: 'Partner', redirect_uris: ['https://partner.example/cb'] }),
      () => oauth.getClient('b1b2c3d4-0000-4000-8000-000000000001'),
      () => oauth.updateClient('b1b2c3d4-0000-4000-8000-000000000001', { client_name: 'Renamed' }),
      () => oauth.deleteClient('b1b2c3d4-0000-4000-8000-000000000001'),
      () => oauth.regenerateClientSecret('b1b2c3d4-0000-4000-8000-000000000001'),
    ];
    for (const call of calls) {
      const { error } = await call();
      expect({ ...error, name: error?.name, message: error?.message }).toMatchObject(disabled);
    }
    const anon = await raw(backend, 'GET', '/auth/v1/admin/oauth/clients', undefined, {
      Authorization: `Bearer ${backend.server.anonKey}`,
    });
    expect(anon).toMatchObject({ status: 403, json: { code: 'not_admin' } });
  });

  it("refuses WebAuthn and phone factors with GoTrue's enroll-disabled errors, and names the types it knows", async () => {
    const { client } = await backend.newUser('factors');
    const webauthn = await client.auth.mfa.enroll({ factorType: 'webauthn', friendlyName: 'Key' });
    expect(webauthn.error).toMatchObject({
      status: 422,
      code: 'mfa_webauthn_enroll_not_enabled',
      message: 'MFA enroll is disabled for WebAuthn',
    });
    const phone = await client.auth.mfa.enroll({ factorType: 'phone', phone: '+15555550100' });
    expect(phone.error).toMatchObject({
      status: 422,
      code: 'mfa_phone_enroll_not_enabled',
      message: 'MFA enroll is disabled for Phone',
    });
    const { data } = await client.auth.getSession();
    const other = await raw(
      backend,
      'POST',
      '/auth/v1/factors',
      { factor_type: 'sms' },
      { Authorization: `Bearer ${data.session!.access_token}` },
    );
    expect(other).toMatchObject({
      status: 400,
      json: { code: 'validation_failed', message: 'factor_type needs to be totp, phone, or webauthn' },
    });
    // Nothing was enrolled by any of them.
    expect((await client.auth.mfa.listFactors()).data?.all).toEqual([]);
  });
});
