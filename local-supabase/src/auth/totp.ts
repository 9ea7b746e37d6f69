// TOTP factors as GoTrue keeps them (internal/models/factor.go, internal/api/mfa.go): their codes (SHA-1, 6 digits,
// 30 s), the QR code of an otpauth URI, and finding and removing a factor of a user.
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import type { Queryable } from '../db/database';
import { AuthError } from '../errors';
import { UUID } from './request-user';
import type { FactorRow } from './users';
import { storable } from './validation';

/** GoTrue's defaults: an unverified factor is removed after 5 minutes, a challenge is valid for 5 minutes. */
export const FACTOR_EXPIRY_SECONDS = 300;
export const CHALLENGE_EXPIRY_SECONDS = 300;
export const PERIOD = 30;

const notFound = () => new AuthError(404, 'mfa_factor_not_found', 'Factor not found');

/** The QR code of an otpauth URI as SVG text, without `#` (supabase-js puts it after `data:image/svg+xml;utf-8,`). */
export async function qrSvg(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return svg
    .replace(/#ffffff/gi, 'white')
    .replace(/#000000/gi, 'black')
    .trim();
}

export const totpOf = (secret: string) =>
  new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
  });

/** Removes a factor and lowers the sessions it raised back to aal1 (GoTrue's DowngradeSessionsToAAL1). */
export async function removeFactor(tx: Queryable, factor: FactorRow) {
  await tx.query(
    `delete from auth.mfa_amr_claims where authentication_method = 'totp'
       and session_id in (select id from auth.sessions where factor_id = $1)`,
    [factor.id],
  );
  await tx.query(`update auth.sessions set aal = 'aal1', factor_id = null where factor_id = $1`, [factor.id]);
  await tx.query('delete from auth.mfa_factors where id = $1', [factor.id]);
}

export async function factorOf(
  tx: Queryable,
  userId: string,
  factorId: string,
  lock = false,
): Promise<FactorRow> {
  if (!UUID.test(factorId)) throw notFound();
  const factor = (
    await tx.query<FactorRow>(
      `select * from auth.mfa_factors where id = $1 and user_id = $2${lock ? ' for update' : ''}`,
      [factorId, userId],
    )
  ).rows[0];
  if (!factor) throw notFound();
  return factor;
}

/** An optional text field of a request: a string PostgreSQL can store, of bounded length. */
export function optionalText(value: unknown, name: string, max = 255): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || !storable(value) || value.length > max)
    throw new AuthError(400, 'validation_failed', `${name} must be text of at most ${max} characters`);
  return value;
}
