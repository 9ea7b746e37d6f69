import { callSupabase } from 'shared-lib';
import { listTotpFactors } from './list-totp-factors';

export interface TotpEnrollment {
  factorId: string;
  /** The QR code as an SVG data URI, for an <img>. */
  qrCode: string;
  /** The key to type into the app by hand. */
  secret: string;
}

/**
 * Starts setting up an authenticator app. A set-up left unfinished earlier is removed first: the auth server keeps
 * it (unverified) and would refuse a second one with the same name.
 */
export async function startTotpEnrollment(): Promise<TotpEnrollment> {
  const { unverified } = await listTotpFactors();
  for (const factorId of unverified) {
    await callSupabase((supabase) => supabase.auth.mfa.unenroll({ factorId }));
  }
  const factor = await callSupabase((supabase) =>
    supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Authenticator app' }),
  );
  return { factorId: factor.id, qrCode: factor.totp.qr_code, secret: factor.totp.secret };
}
