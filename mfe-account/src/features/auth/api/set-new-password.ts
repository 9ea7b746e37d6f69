import { callSupabase } from 'shared-lib';

/**
 * Sets the signed-in customer's new password (after a reset link, or from the Profile tab). `nonce` is the code
 * of the reauthentication e-mail, which the auth server asks for when the session is older than a day
 * ([auth.email] secure_password_change).
 */
export async function setNewPassword(password: string, nonce?: string): Promise<void> {
  await callSupabase((supabase) => supabase.auth.updateUser(nonce ? { password, nonce } : { password }));
}
