// Supabase-shaped answers of the auth API (GoTrue), for component tests that run the real supabase-js client.
import { json } from 'shared-lib/src/testing';

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

/** An auth error as GoTrue sends it; the API-version header makes supabase-js read `code` from the body. */
export const authError = (status: number, code: string, message: string) =>
  json({ code, message }, status, { 'X-Supabase-Api-Version': '2024-01-01' });
