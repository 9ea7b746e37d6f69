import { callSupabase } from 'shared-lib';

export interface TotpFactor {
  id: string;
  friendlyName: string | undefined;
}

/** The account's verified authenticator apps, and the ids of set-ups that were started but never verified. */
export async function listTotpFactors(): Promise<{ verified: TotpFactor[]; unverified: string[] }> {
  const factors = await callSupabase((supabase) => supabase.auth.mfa.listFactors());
  return {
    verified: factors.totp.map((factor) => ({ id: factor.id, friendlyName: factor.friendly_name })),
    unverified: factors.all
      .filter((factor) => factor.factor_type === 'totp' && factor.status === 'unverified')
      .map((factor) => factor.id),
  };
}
