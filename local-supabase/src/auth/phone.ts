// GoTrue's phone numbers (internal/api/phone.go). This service has no SMS provider, as a project with the phone
// provider off: only the admin API makes phone users, and every way in by SMS answers GoTrue's own refusal.
import { AuthError } from '../errors';

// E.164 as GoTrue checks it, after dropping a leading "+" and the spaces.
const E164 = /^[1-9][0-9]{1,14}$/;

/** A phone number as GoTrue stores it: 400 for what is no E.164 number. */
export function validPhone(raw: unknown): string {
  const phone = typeof raw === 'string' ? raw.replace(/^\+/, '').replaceAll(' ', '') : '';
  if (!E164.test(phone))
    throw new AuthError(400, 'validation_failed', 'Invalid phone number format (E.164 required)');
  return phone;
}

/** A field a request gives: not absent, null or '' (GoTrue's zero value). */
export const provided = (value: unknown) => value !== undefined && value !== null && value !== '';

/** A phone number a request gives, checked; undefined when it gives none (absent, null or ''). */
export const givenPhone = (raw: unknown) => (provided(raw) ? validPhone(raw) : undefined);

export const PHONE_EXISTS = () =>
  new AuthError(422, 'phone_exists', 'Phone number already registered by another user');

/** A request naming a phone number and no address: an SMS flow, off here. */
export function phoneOnly(body: unknown): boolean {
  const { email, phone } = (body ?? {}) as { email?: unknown; phone?: unknown };
  return provided(phone) && !provided(email);
}

/** Sign-in, resend or a one-time code by SMS, with the phone provider off. */
export const phoneLoginsDisabled = (status: 400 | 422, message = 'Phone logins are disabled') =>
  new AuthError(status, 'phone_provider_disabled', message);
