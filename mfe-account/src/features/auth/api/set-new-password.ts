import { callSupabase } from 'shared-lib';

/** Sets the signed-in customer's new password (after a reset link, or from the Profile tab). */
export async function setNewPassword(password: string): Promise<void> {
  await callSupabase((supabase) => supabase.auth.updateUser({ password }));
}
