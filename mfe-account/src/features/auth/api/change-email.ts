import { callSupabase, paths } from 'shared-lib';
import { siteUrl } from '../utils/site-url';

/** What changing the address did: changed at once, or waiting for the link sent to the new address. */
export type EmailChange = { status: 'changed'; email: string } | { status: 'pending'; email: string };

/**
 * Changes the signed-in customer's address. With confirmation on, the auth server keeps the old address until
 * the link sent to the new one is opened (it answers with `new_email` set); the link leads back to the Profile tab.
 */
export async function changeEmail(email: string): Promise<EmailChange> {
  const { user } = await callSupabase((supabase) =>
    supabase.auth.updateUser({ email }, { emailRedirectTo: siteUrl(`${paths.account}?tab=profile`) }),
  );
  return user.new_email
    ? { status: 'pending', email: user.new_email }
    : { status: 'changed', email: user.email ?? email };
}
