// The admin API's ban_duration (internal/api/admin.go): a Go duration from now, or "none" to lift a ban.
import type { Queryable } from '../db/database';
import { AuthError } from '../errors';

// A Go duration (time.ParseDuration), as GoTrue reads ban_duration: "24h", "1h30m", "90s", "1.5h".
const GO_DURATION = /^[-+]?(?:(?:\d+\.?\d*|\.\d+)(?:ns|us|µs|μs|ms|s|m|h))+$/;
const GO_UNIT_MS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  μs: 1e-3,
  ms: 1,
  s: 1e3,
  m: 6e4,
  h: 3.6e6,
};

/**
 * ban_duration as a `banned_until` (SQL, from now): undefined when not given, null to lift a ban ("none", or a
 * duration of 0 as GoTrue's Ban(0)); 400 with Go's own words for what is no duration.
 */
export function banUntil(body: { ban_duration?: unknown }): Date | null | undefined {
  const raw = body.ban_duration;
  if (raw === undefined || raw === '') return undefined;
  if (raw === 'none') return null;
  if (typeof raw !== 'string' || !(raw === '0' || GO_DURATION.test(raw)))
    throw new AuthError(
      400,
      'validation_failed',
      `invalid format for ban duration: time: invalid duration ${JSON.stringify(String(raw))}`,
    );
  const sign = raw.startsWith('-') ? -1 : 1;
  let ms = 0;
  for (const [, amount, unit] of raw.matchAll(/(\d+\.?\d*|\.\d+)(ns|us|µs|μs|ms|s|m|h)/g))
    ms += Number(amount) * GO_UNIT_MS[unit!]!;
  return ms === 0 ? null : new Date(Date.now() + sign * ms);
}

/** Sets or lifts the user's ban, when the request gives ban_duration. */
export async function applyBan(tx: Queryable, id: string, until: Date | null | undefined) {
  if (until !== undefined)
    await tx.query('update auth.users set banned_until = $2 where id = $1', [id, until]);
}
