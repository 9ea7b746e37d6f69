// The agency's access to the test site's backend, as the tests need it: the local stack's service-role key (a JWT
// with role service_role, signed with its public default secret) and the API's URL from the shell's config.json.
import jwt from 'jsonwebtoken';
import { shellUrl } from './site';

const serviceRoleKey = jwt.sign(
  { role: 'service_role' },
  'super-secret-jwt-token-with-at-least-32-characters-long',
);

export const serviceRoleHeaders = {
  apikey: serviceRoleKey,
  Authorization: `Bearer ${serviceRoleKey}`,
  'Content-Type': 'application/json',
};

/** The test site's Supabase URL, as its config.json names it. */
export async function supabaseUrl(): Promise<string> {
  const config = (await (await fetch(`${shellUrl}/config.json`)).json()) as { supabaseUrl: string };
  return config.supabaseUrl;
}
