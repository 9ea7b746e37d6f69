// Supabase-shaped answers of the auth API (GoTrue), for component tests that run the real supabase-js client.
import { createTestSupabase, json, type FetchHandler } from 'shared-lib/src/testing';

export function authUser(email: string, id = '5b4c1a3e-0d9f-4f5e-9a51-1d2b3c4d5e6f') {
  return {
    id,
    aud: 'authenticated',
    role: 'authenticated',
    email,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: {},
    created_at: '2025-01-15T10:00:00Z',
  };
}

/** The body of a successful password sign-in (and of a sign-up that signs straight in). */
export function sessionBody(email: string) {
  return {
    access_token: 'test-access-token',
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    refresh_token: 'test-refresh-token',
    user: authUser(email),
  };
}

export interface RecordedRequest {
  method: string;
  url: URL;
  body: Record<string, unknown>;
}

/**
 * A test client signed in as ada@example.com with `password`; `handler` answers every later request, and each is
 * recorded in `requests` (the sign-in is not).
 */
export async function signedInClient(handler: FetchHandler, password = 'Secret123') {
  const requests: RecordedRequest[] = [];
  const client = createTestSupabase((url, init) => {
    if (url.pathname === '/auth/v1/token') return json(sessionBody('ada@example.com'));
    requests.push({ method: init.method ?? 'GET', url, body: JSON.parse(String(init.body ?? '{}')) });
    return handler(url, init);
  });
  await client.auth.signInWithPassword({ email: 'ada@example.com', password });
  return { client, requests };
}

/** An auth error as GoTrue sends it; the API-version header makes supabase-js read `code` from the body. */
export const authError = (status: number, code: string, message: string) =>
  json({ code, message }, status, { 'X-Supabase-Api-Version': '2024-01-01' });

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An access token shaped like GoTrue's (a JWT whose `aal` claim says how the session was signed in). */
function accessToken(aal: 'aal1' | 'aal2', userId = authUser('').id) {
  const claims = { sub: userId, role: 'authenticated', aal, exp: Math.floor(Date.now() / 1000) + 3600 };
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}.signature`;
}

export const FACTOR_ID = '9d3c2b1a-7e6f-4a5b-8c9d-0e1f2a3b4c5d';

/** A TOTP factor as GoTrue lists it on the user. */
export function totpFactor(status: 'verified' | 'unverified' = 'verified', id = FACTOR_ID) {
  return {
    id,
    factor_type: 'totp',
    friendly_name: 'Authenticator app',
    status,
    created_at: '2025-01-15T10:00:00Z',
    updated_at: '2025-01-15T10:00:00Z',
  };
}

/** A session of an account with `factors`, signed in at `aal` (aal1 after the password, aal2 after a code). */
export function sessionWithFactors(email: string, aal: 'aal1' | 'aal2', factors: unknown[]) {
  return {
    ...sessionBody(email),
    access_token: accessToken(aal),
    user: { ...authUser(email), factors },
  };
}
