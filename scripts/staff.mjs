#!/usr/bin/env node
// Makes a person the agency's staff, or no longer (issue #42): `npm run staff -- add|remove <email>`.
//
// Staff is `app_metadata.role = 'staff'` on the user, which only the service role can set, through the admin API.
// The database's one rule (private.is_staff(), supabase/schemas/09_back_office.sql) reads it from auth.users and
// asks for a two-factor session, so `remove` ends the member's access at once; it also ends their sessions
// (public.end_user_sessions), so they are signed out wherever they were signed in.
//
// Reads SUPABASE_SERVICE_ROLE_KEY and SUPABASE_URL (by default the local API) from the environment (local-supabase
// prints both on start; a hosted project's are under Project Settings → API). The person must have an account.
import { createClient } from '@supabase/supabase-js';

const USAGE = 'usage: npm run staff -- add|remove <e-mail>   (SUPABASE_SERVICE_ROLE_KEY must be set)';
const LOCAL_API = 'http://localhost:54321';

/** What the admin API's refusal means for the person running the command. */
function refusal(error, url) {
  // supabase-js reports a request that never got an answer with status 0 (AuthRetryableFetchError).
  if (!error.status) return `Could not reach ${url}: is the API running?`;
  if (error.status === 401 || error.status === 403)
    return 'The API refused the key: SUPABASE_SERVICE_ROLE_KEY must be the service-role key.';
  return `The API answered ${error.status}: ${error.message}`;
}

/** The user with this e-mail address (any case), or undefined. Pages through the admin list. */
async function findUser(admin, email, url) {
  const wanted = email.trim().toLowerCase();
  for (let page = 1; ; page += 1) {
    const { data, error } = await admin.auth.admin.listUsers({ page, perPage: 1000 });
    if (error) throw new Error(refusal(error, url));
    const user = data.users.find((u) => u.email?.toLowerCase() === wanted);
    if (user) return user;
    if (data.users.length < 1000) return undefined;
  }
}

/** Adds or removes the staff role; returns the sentence to print. Throws an Error whose message says why not. */
async function setStaff(admin, action, typed, url) {
  const user = await findUser(admin, typed, url);
  if (!user) throw new Error(`No account has the e-mail address ${typed}: they sign up first.`);
  // The address as the account has it, whatever case it was typed in.
  const email = user.email;
  // GoTrue merges app_metadata: the role is set, or (null) removed, and the provider keys stay.
  const { error } = await admin.auth.admin.updateUserById(user.id, {
    app_metadata: { role: action === 'add' ? 'staff' : null },
  });
  if (error) throw new Error(`Could not change ${email}: ${error.message}`);
  if (action === 'add') {
    return `${email} is staff. They sign in with their second factor (Account → Security) to open /admin.`;
  }
  const ended = await admin.rpc('end_user_sessions', { user_id: user.id });
  if (ended.error)
    throw new Error(`${email} is no longer staff, but their sessions stay: ${ended.error.message}`);
  return `${email} is no longer staff, and is signed out everywhere.`;
}

async function main() {
  const [action, email] = process.argv.slice(2);
  const url = process.env.SUPABASE_URL || LOCAL_API;
  const key = process.env.SUPABASE_SERVICE_ROLE_KEY;
  if ((action !== 'add' && action !== 'remove') || !email || !key) throw new Error(USAGE);
  const admin = createClient(url, key, { auth: { persistSession: false, autoRefreshToken: false } });
  console.log(await setStaff(admin, action, email, url));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
