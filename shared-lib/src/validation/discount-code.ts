// Newsletter discount codes: the first three letters of the name, upper-cased, plus six random upper-case
// letters or digits from a cryptographic source.
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const RANDOM_LENGTH = 6;
// The largest multiple of 36 below 256: bytes at or above it are drawn again, so every character is equally likely.
const UNBIASED_LIMIT = 256 - (256 % ALPHABET.length);

export type RandomSource = (bytes: Uint8Array) => Uint8Array;

const cryptoRandom: RandomSource = (bytes) => globalThis.crypto.getRandomValues(bytes);

/**
 * 'Ada Lovelace' -> 'ADA' + 6 characters. Only letters count towards the prefix (so 'J. Doe' gives 'JDO');
 * a name with fewer than three letters gives a shorter prefix.
 */
export function generateDiscountCode(name: string, random: RandomSource = cryptoRandom): string {
  const prefix = (name.match(/\p{L}/gu) ?? []).slice(0, 3).join('').toUpperCase();
  let suffix = '';
  while (suffix.length < RANDOM_LENGTH) {
    for (const byte of random(new Uint8Array(RANDOM_LENGTH))) {
      if (byte < UNBIASED_LIMIT && suffix.length < RANDOM_LENGTH) suffix += ALPHABET[byte % ALPHABET.length];
    }
  }
  return prefix + suffix;
}

/** Codes are compared in upper case. */
export const normaliseDiscountCode = (code: string): string => code.trim().toUpperCase();
