import { callSupabase } from 'shared-lib';
import { verifyTotpCode } from './verify-totp-code';

/**
 * Removes the authenticator app. The auth server only lets an aal2 session do this, so the code asked for
 * beforehand is verified first: that also proves the person removing it holds the device.
 */
export async function removeTotp(factorId: string, code: string): Promise<void> {
  await verifyTotpCode(code, factorId);
  await callSupabase((supabase) => supabase.auth.mfa.unenroll({ factorId }));
}
