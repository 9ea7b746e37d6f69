// Newsletter discount codes (spec section 9): the first three letters of the name, upper-cased, plus six random
// upper-case letters or digits from a cryptographic source.
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const PREFIX_LENGTH = 3;
const RANDOM_LENGTH = 6;
// 252, the largest multiple of 36 a byte can hold: bytes from 252 up are drawn again (rejection sampling), since
// `byte % 36` over all 256 values would make A-D more likely than the other characters.
const UNBIASED_LIMIT = 256 - (256 % ALPHABET.length);
// A real source rejects a byte with probability 4/256, so 100 batches without 6 usable bytes mean a broken one.
const MAX_BATCHES = 100;

/** Fills the array with random bytes and returns it, like `crypto.getRandomValues`. */
export type RandomSource = (bytes: Uint8Array) => Uint8Array;

const cryptoRandom: RandomSource = (bytes) => globalThis.crypto.getRandomValues(bytes);

/**
 * The code for a newsletter subscriber, e.g. 'Ada Lovelace' -> 'ADA' + 6 characters such as 'ADAK7Q2ZP'.
 *
 * 'First 3 letters' counts letters only, in any alphabet, after upper-casing: spaces, punctuation and digits are
 * skipped ('J. Doe' -> 'JDO', 'Zoë' -> 'ZOË', 'ßam' -> 'SSA'), and a name with fewer letters gives a shorter
 * prefix ('Al' -> 'AL', '42' -> none). So a code is 6 to 9 characters, never contains lower-case ASCII or spaces,
 * and is already in the form normaliseDiscountCode gives (the database checks both).
 */
export function generateDiscountCode(name: string, random: RandomSource = cryptoRandom): string {
  const letters = name.normalize('NFC').toUpperCase().match(/\p{L}/gu) ?? [];
  const prefix = letters.slice(0, PREFIX_LENGTH).join('');
  let suffix = '';
  for (let batch = 0; suffix.length < RANDOM_LENGTH; batch += 1) {
    if (batch === MAX_BATCHES) throw new Error('The random source keeps returning unusable bytes');
    for (const byte of random(new Uint8Array(RANDOM_LENGTH - suffix.length))) {
      if (byte < UNBIASED_LIMIT && suffix.length < RANDOM_LENGTH) suffix += ALPHABET[byte % ALPHABET.length];
    }
  }
  return prefix + suffix;
}

/** Codes are compared trimmed and in upper case, as the database's validate_discount_code() does. */
export const normaliseDiscountCode = (code: string): string => code.trim().toUpperCase();
