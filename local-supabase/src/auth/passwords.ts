// Password hashing and GoTrue's password policy (config.toml: minimum_password_length, password_requirements).
// Native bcrypt on libuv's thread pool: a comparison (65-100 ms at cost 10 here) no longer holds the event loop that
// serves every other request, as pure-JavaScript bcrypt did.
import { hash, verify } from '@node-rs/bcrypt';
import type { PasswordRequirements } from '../config/settings';

/** bcrypt reads only the first 72 bytes; GoTrue refuses a longer password rather than truncate it. */
export const MAX_PASSWORD_BYTES = 72;

export interface PasswordPolicy {
  minLength: number;
  requirements: PasswordRequirements;
  bcryptCost: number;
}

const CHARACTER_SETS: Record<Exclude<PasswordRequirements, ''>, string[]> = {
  letters_digits: ['abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ', '0123456789'],
  lower_upper_letters_digits: ['abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '0123456789'],
  // The Supabase CLI's set for this value.
  lower_upper_letters_digits_symbols: [
    'abcdefghijklmnopqrstuvwxyz',
    'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
    '0123456789',
    '!@#$%^&*()_+-=[]{};\'\\:"|<>?,./`~',
  ],
};

/** GoTrue's refusal of a password bcrypt would truncate (checkPasswordStrength: 400 validation_failed). */
export function passwordTooLong(password: string): string | null {
  return Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES
    ? `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`
    : null;
}

/** Why GoTrue would call the password weak: `length` and/or `characters`, and its message. */
export function weakPasswordReasons(
  password: string,
  policy: PasswordPolicy,
): { reasons: string[]; message: string } | null {
  const messages: string[] = [];
  const reasons: string[] = [];
  if (password.length < policy.minLength) {
    reasons.push('length');
    messages.push(`Password should be at least ${policy.minLength} characters.`);
  }
  if (policy.requirements) {
    const sets = CHARACTER_SETS[policy.requirements];
    if (!sets.every((set) => [...password].some((ch) => set.includes(ch)))) {
      reasons.push('characters');
      messages.push(`Password should contain at least one character of each: ${sets.join(', ')}.`);
    }
  }
  return reasons.length ? { reasons, message: messages.join(' ') } : null;
}

// `2a`, the prefix GoTrue (Go's bcrypt) and pgcrypto's `gen_salt('bf')` write, so hashes move between them.
export const hashPassword = (password: string, policy: PasswordPolicy): Promise<string> =>
  hash(password, { cost: policy.bcryptCost, version: '2a' });

// Compared against when the e-mail is unknown, so a wrong address takes as long as a wrong password.
let dummyHash: Promise<string> | undefined;

/**
 * Whether `password` is the one `storedHash` was made from. A password of more than 72 bytes never is: no
 * password that long can have been stored (it is refused at sign-up and change), and bcrypt would compare only
 * its first 72 bytes, so the stored password followed by anything signed in. (Hosted GoTrue compares with Go's
 * bcrypt, which truncates the same way: there the extra bytes are ignored.) Every refusal costs one comparison,
 * so the answer's timing tells nothing.
 */
export async function verifyPassword(
  password: string,
  storedHash: string | null | undefined,
  policy: PasswordPolicy,
): Promise<boolean> {
  if (!storedHash || passwordTooLong(password)) {
    dummyHash ??= hashPassword('not-a-password', policy);
    await verify(password, await dummyHash);
    return false;
  }
  return verify(password, storedHash);
}
