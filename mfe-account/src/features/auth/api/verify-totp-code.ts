import { ApiError, callSupabase } from 'shared-lib';
import { listTotpFactors } from './list-totp-factors';

/**
 * Confirms a code of the account's authenticator app (its only one unless `factorId` names another): the session
 * is then aal2 (MFA_CHALLENGE_VERIFIED).
 */
export async function verifyTotpCode(code: string, factorId?: string): Promise<void> {
  const id = factorId ?? (await listTotpFactors()).verified[0]?.id;
  // What the auth server itself answers for a factor it does not know.
  if (!id) throw new ApiError({ message: 'Factor not found', code: 'mfa_factor_not_found', status: 404 });
  await callSupabase((supabase) => supabase.auth.mfa.challengeAndVerify({ factorId: id, code }));
}
