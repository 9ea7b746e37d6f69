#!/usr/bin/env node
// `npm run staff -- add <e-mail>` and `npm run staff -- remove <e-mail>`: makes a person the agency's staff, or no
// longer, through Supabase's admin API (issue #42). Staff is `app_metadata.role` 'staff' in the user's record, and
// so in their access tokens: app_metadata is set only with the service role, never by the user. The shell shows
// the back office (/admin) to staff on an aal2 session; what staff may read and change is the database's rule.
//
// SUPABASE_URL names the project (by default the local API on its default port, http://localhost:54321) and
// SUPABASE_SERVICE_ROLE_KEY its service-role key (the local API prints its own at start).
const USAGE = 'usage: npm run staff -- add|remove <e-mail>   (SUPABASE_SERVICE_ROLE_KEY must be set)';

/** A refusal to print as it is: the person's words, never a stack. */
class StaffCommandError extends Error {}

async function adminApi(base, key, pathAndQuery, init = {}) {
  let response;
  try {
    response = await fetch(`${base}/auth/v1/admin/${pathAndQuery}`, {
      ...init,
      headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    });
  } catch {
    throw new StaffCommandError(`Could not reach ${base}: is the API running?`);
  }
  const body = await response.json().catch(() => ({}));
  if (response.status === 401 || response.status === 403)
    throw new StaffCommandError(
      'The API refused the key: SUPABASE_SERVICE_ROLE_KEY must be the service-role key.',
    );
  if (!response.ok)
    throw new StaffCommandError(
      `The API answered ${response.status}: ${body.msg ?? body.message ?? 'no reason given'}`,
    );
  return body;
}

/** The user with exactly this address (the admin API's filter also matches parts of addresses and names). */
async function findUser(base, key, email) {
  const wanted = email.trim().toLowerCase();
  for (let page = 1; ; page += 1) {
    const query = new URLSearchParams({ filter: wanted, page: String(page), per_page: '100' });
    const { users = [] } = await adminApi(base, key, `users?${query}`);
    const user = users.find((u) => (u.email ?? '').toLowerCase() === wanted);
    if (user) return user;
    if (users.length < 100) throw new StaffCommandError(`No user has the address ${email}.`);
  }
}

async function setStaff({ base, key, email, staff }) {
  const user = await findUser(base, key, email);
  // The admin API merges app_metadata key by key; null removes the key.
  await adminApi(base, key, `users/${user.id}`, {
    method: 'PUT',
    body: JSON.stringify({ app_metadata: { role: staff ? 'staff' : null } }),
  });
  return staff
    ? `${user.email} is staff now. Their next sign-in carries the role; the back office also asks for their second factor.`
    : `${user.email} is no longer staff. Sessions already open lose the role when their access token is next refreshed.`;
}

async function main(argv, env) {
  const [action, email] = argv;
  const key = env.SUPABASE_SERVICE_ROLE_KEY;
  if (!['add', 'remove'].includes(action) || !email || !key) throw new StaffCommandError(USAGE);
  const base = (env.SUPABASE_URL || 'http://localhost:54321').replace(/\/+$/, '');
  console.log(await setStaff({ base, key, email, staff: action === 'add' }));
}

main(process.argv.slice(2), process.env).catch((error) => {
  console.error(error instanceof StaffCommandError ? error.message : `The command failed: ${error}`);
  process.exit(1);
});
