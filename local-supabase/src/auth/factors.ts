// GoTrue's TOTP factors (internal/api/mfa.go): enrol (a secret, its otpauth URI and QR code), challenge, verify
// (the session rises to aal2, `amr` gains totp), unenrol (once the user has a verified factor, only from an aal2
// session). The admin API that removes a lost device's factor is admin.ts.
import * as OTPAuth from 'otpauth';
import { AuthError } from '../errors';
import type { Handler } from '../service';
import { UUID, userOf } from './request-user';
import { addAuthenticationMethod, assuranceOf, reissueSession } from './sessions';
import {
  CHALLENGE_EXPIRY_SECONDS,
  FACTOR_EXPIRY_SECONDS,
  factorOf,
  optionalText,
  PERIOD,
  qrSvg,
  removeFactor,
  totpOf,
} from './totp';
import { findUserById, type FactorRow } from './users';

export const enroll: Handler = async (request, reply, { db, auth }) => {
  const { mfa } = auth;
  const { user, sessionId } = userOf(request);
  const body = (request.body ?? {}) as Record<string, unknown>;
  // GoTrue's words for the factor types it has and this service leaves off (mfa.go's EnrollFactor).
  const off = { phone: 'Phone', webauthn: 'WebAuthn' }[String(body.factor_type)];
  if (off)
    throw new AuthError(
      422,
      `mfa_${String(body.factor_type)}_enroll_not_enabled`,
      `MFA enroll is disabled for ${off}`,
    );
  if (body.factor_type !== 'totp')
    throw new AuthError(400, 'validation_failed', 'factor_type needs to be totp, phone, or webauthn');
  if (!mfa.totp.enrollEnabled)
    throw new AuthError(422, 'mfa_totp_enroll_not_enabled', 'MFA enroll is disabled for TOTP');
  const friendlyName = optionalText(body.friendly_name, 'friendly_name');
  const issuer = optionalText(body.issuer, 'issuer') ?? new URL(auth.redirect.siteUrl).hostname;

  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  const uri = new OTPAuth.TOTP({
    issuer,
    label: user.email,
    secret,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
  }).toString();
  const qrCode = await qrSvg(uri);

  const factor = await db.transaction(async (tx) => {
    await tx.query('select id from auth.users where id = $1 for update', [user.id]);
    await tx.query(
      `delete from auth.mfa_factors where user_id = $1 and status = 'unverified'
         and created_at < now() - make_interval(secs => $2)`,
      [user.id, FACTOR_EXPIRY_SECONDS],
    );
    const factors = (
      await tx.query<FactorRow>('select * from auth.mfa_factors where user_id = $1', [user.id])
    ).rows;
    if (factors.some((f) => f.status === 'verified') && (await assuranceOf(tx, sessionId)).aal !== 'aal2')
      throw new AuthError(422, 'insufficient_aal', 'AAL2 required to enroll a new factor');
    if (factors.length >= mfa.maxEnrolledFactors)
      throw new AuthError(
        422,
        'too_many_enrolled_mfa_factors',
        'Maximum number of verified factors reached, unenroll to continue',
      );
    if (friendlyName !== null && factors.some((f) => f.friendly_name === friendlyName))
      throw new AuthError(
        422,
        'mfa_factor_name_conflict',
        `A factor with the friendly name "${friendlyName}" for this user already exists`,
      );
    return (
      await tx.query<FactorRow>(
        `insert into auth.mfa_factors (user_id, friendly_name, factor_type, secret) values ($1, $2, 'totp', $3)
         returning *`,
        [user.id, friendlyName, secret],
      )
    ).rows[0]!;
  });
  return reply.send({
    id: factor.id,
    type: 'totp',
    friendly_name: factor.friendly_name ?? '',
    totp: { qr_code: qrCode, secret, uri },
  });
};

export const challenge: Handler = async (request, reply, { db, auth }) => {
  const { mfa } = auth;
  const { user } = userOf(request);
  const factor = await factorOf(db, user.id, (request.params as { id: string }).id);
  if (!mfa.totp.verifyEnabled)
    throw new AuthError(422, 'mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP');
  const challenge = await db.transaction(async (tx) => {
    await tx.query('update auth.mfa_factors set last_challenged_at = now() where id = $1', [factor.id]);
    return (
      await tx.query<{ id: string; created_at: Date | string }>(
        'insert into auth.mfa_challenges (factor_id, ip_address) values ($1, $2) returning id, created_at',
        [factor.id, request.ip],
      )
    ).rows[0]!;
  });
  return reply.send({
    id: challenge.id,
    type: 'totp',
    expires_at: Math.floor(new Date(challenge.created_at).getTime() / 1000) + CHALLENGE_EXPIRY_SECONDS,
  });
};

export const verifyFactor: Handler = async (request, reply, { db, auth }) => {
  const { mfa } = auth;
  const { user, sessionId } = userOf(request);
  const body = (request.body ?? {}) as Record<string, unknown>;
  const challengeId = body.challenge_id;
  const code = body.code;
  if (typeof challengeId !== 'string' || typeof code !== 'string')
    throw new AuthError(400, 'validation_failed', 'challenge_id and code are required');
  if (!mfa.totp.verifyEnabled)
    throw new AuthError(422, 'mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP');
  const session = await db.transaction(async (tx) => {
    // Locked: two verifications of one code at once cannot both pass.
    const factor = await factorOf(tx, user.id, (request.params as { id: string }).id, true);
    const challenge = UUID.test(challengeId)
      ? (
          await tx.query<{ id: string; created_at: Date | string; verified_at: Date | string | null }>(
            'select * from auth.mfa_challenges where id = $1 and factor_id = $2',
            [challengeId, factor.id],
          )
        ).rows[0]
      : undefined;
    if (!challenge)
      throw new AuthError(
        404,
        'mfa_challenge_not_found',
        'MFA factor with the provided challenge ID not found',
      );
    const expired = Date.now() > new Date(challenge.created_at).getTime() + CHALLENGE_EXPIRY_SECONDS * 1000;
    if (expired || challenge.verified_at) {
      throw new AuthError(
        422,
        'mfa_challenge_expired',
        `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
      );
    }
    // One step either side of now (clock drift); a code of a step already used is refused, so no code works twice.
    const delta = /^\d{6}$/.test(code) ? totpOf(factor.secret).validate({ token: code, window: 1 }) : null;
    const step = Math.floor(Date.now() / 1000 / PERIOD) + (delta ?? 0);
    if (delta === null || (factor.last_totp_step !== null && step <= Number(factor.last_totp_step)))
      return null;
    await tx.query(
      `update auth.mfa_factors set status = 'verified', last_totp_step = $2, updated_at = now() where id = $1`,
      [factor.id, step],
    );
    await tx.query('update auth.mfa_challenges set verified_at = now() where id = $1', [challenge.id]);
    await addAuthenticationMethod(tx, sessionId, 'totp');
    await tx.query(`update auth.sessions set aal = 'aal2', factor_id = $2 where id = $1`, [
      sessionId,
      factor.id,
    ]);
    return reissueSession(tx, auth, (await findUserById(tx, user.id))!, sessionId);
  });
  // Outside the transaction, so the refused attempt is not rolled back with it (there is nothing to keep).
  if (!session) throw new AuthError(422, 'mfa_verification_failed', 'Invalid TOTP code entered');
  return reply.send(session);
};

export const unenroll: Handler = async (request, reply, { db }) => {
  const { user, sessionId } = userOf(request);
  const factor = await db.transaction(async (tx) => {
    const found = await factorOf(tx, user.id, (request.params as { id: string }).id, true);
    // Once the user has a verified factor, only a session that used one may remove any factor.
    const protectedByMfa = user.factors.some((f) => f.status === 'verified');
    if (protectedByMfa && (await assuranceOf(tx, sessionId)).aal !== 'aal2')
      throw new AuthError(422, 'insufficient_aal', 'AAL2 required to unenroll a factor');
    await removeFactor(tx, found);
    return found;
  });
  return reply.send({ id: factor.id });
};
