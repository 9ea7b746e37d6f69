// What the auth API accepts as an address and as user_metadata: text PostgreSQL can store, of bounded size.
import { AuthError } from '../errors';

// GoTrue's format (checkmail.ValidateFormat): ASCII, RFC 5322's atom characters before the @, host labels after
// it; and, as this service always asked, a dot in the host.
const EMAIL_FORMAT =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/**
 * Text PostgreSQL's jsonb can hold: no NUL, and no unpaired surrogate (JSON.stringify writes one as `\ud800`,
 * which jsonb refuses; the address goes into the identity's JSON).
 */
export const storable = (text: string) => !text.includes('\0') && text.isWellFormed();

export const validEmail = (email: string) =>
  EMAIL_FORMAT.test(email) && storable(email) && email.length <= 255;

/** GoTrue's refusal of an address its format does not accept. */
export const invalidEmail = () =>
  new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format');

/** An address a request gives, trimmed and lower-cased: 400 with GoTrue's words when it is none. */
export function checkedEmail(value: unknown): string {
  const email = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (!validEmail(email)) throw invalidEmail();
  return email;
}

/** What user_metadata may weigh: it travels in every access token, so in a header of every request. */
export const MAX_USER_METADATA_BYTES = 4096;

/** Whether every key and string of a JSON value is text jsonb can store. */
function storableJson(value: unknown): boolean {
  if (typeof value === 'string') return storable(value);
  if (Array.isArray(value)) return value.every(storableJson);
  if (value !== null && typeof value === 'object')
    return Object.entries(value).every(([key, v]) => storable(key) && storableJson(v));
  return true;
}

/** `data` as GoTrue takes it (sign-up, PUT /user): an object or nothing. */
export function metadataObject(data: unknown): Record<string, unknown> | undefined {
  if (data === undefined || data === null) return undefined;
  if (typeof data !== 'object' || Array.isArray(data)) {
    throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON: data must be an object');
  }
  return data as Record<string, unknown>;
}

/** user_metadata as stored: text jsonb can hold, of bounded size; its JSON. */
export function checkedMetadataJson(data: Record<string, unknown>): string {
  if (!storableJson(data)) {
    throw new AuthError(
      400,
      'validation_failed',
      'User metadata cannot contain the NUL character or an unpaired surrogate',
    );
  }
  const json = JSON.stringify(data);
  const bytes = Buffer.byteLength(json, 'utf8');
  if (bytes > MAX_USER_METADATA_BYTES) {
    throw new AuthError(
      400,
      'validation_failed',
      `User metadata must be at most ${MAX_USER_METADATA_BYTES} bytes of JSON, got ${bytes}`,
    );
  }
  return json;
}

/** An address and a password, both given (sign-up and the password grant). */
export function credentials(body: unknown): { email: string; password: string } {
  const { email, password } = (body ?? {}) as { email?: unknown; password?: unknown };
  if (typeof email !== 'string' || typeof password !== 'string' || email === '' || password === '') {
    throw new AuthError(400, 'validation_failed', 'An email address and a password are required');
  }
  return { email: email.trim().toLowerCase(), password };
}
