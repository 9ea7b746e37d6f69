import { callSupabase } from 'shared-lib';

/** E-mails the signed-in customer the code a password change from an older session needs (GoTrue's reauthenticate). */
export async function requestReauthentication(): Promise<void> {
  await callSupabase((supabase) => supabase.auth.reauthenticate());
}
