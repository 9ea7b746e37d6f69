#!/usr/bin/env node
// Makes a person the agency's staff, or no longer (issue #42): `npm run staff -- add|remove <email>`.
//
// Staff is `app_metadata.role = 'staff'` on the user, which only the service role can set, through the admin API.
// The database's one rule (private.is_staff(), supabase/schemas/09_back_office.sql) reads it from auth.users and
// asks for a two-factor session, so `remove` ends the member's access at once; it also ends their sessions
// (public.end_user_sessions), so they are signed out wherever they were signed in.
//
// Reads SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY from the environment (local-supabase prints both on start; a
// hosted project's are under Project Settings → API). The person must have an account already.
import { createClient } from '@supabase/supabase-js';

const USAGE = 'Usage: npm run staff -- add|remove <email>';

/** The user with this e-mail address (any case), or undefined. Pages through the admin list. */
async function findUser(admin, email) {
  const wanted = email.trim().toLowerCase();
  for (let page = 1; ; page += 1) {
    const { data, error } = await admin.auth.admin.listUsers({ page, perPage: 1000 });
    if (error) throw new Error(`Could not list the users: ${error.message}`);
    const user = data.users.find((u) => u.email?.toLowerCase() === wanted);
    if (user) return user;
    if (data.users.length < 1000) return undefined;
  }
}

/** Adds or removes the staff role; returns the sentence to print. Throws an Error whose message says why not. */
async function setStaff(admin, action, email) {
  if ((action !== 'add' && action !== 'remove') || !email) throw new Error(USAGE);
  const user = await findUser(admin, email);
  if (!user) throw new Error(`No account has the e-mail address ${email}: they sign up first.`);
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
  const url = process.env.SUPABASE_URL;
  const key = process.env.SUPABASE_SERVICE_ROLE_KEY;
  if (!url || !key) throw new Error(`Set SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY. ${USAGE}`);
  const admin = createClient(url, key, { auth: { persistSession: false, autoRefreshToken: false } });
  console.log(await setStaff(admin, action, email));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
