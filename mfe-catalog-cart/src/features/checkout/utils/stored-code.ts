// The newsletter code the popup stored in this browser (spec section 3: local storage flag discount_code). The
// checkout offers it in the code box until it has been redeemed; then the browser forgets it.
import { safeLocalStorage } from 'shared-lib';

const KEY = 'discount_code';

export const readStoredCode = (): string => safeLocalStorage.getItem(KEY) ?? '';

/** Forgets the stored code, if it is `code` (compared as the database compares codes). */
export function forgetStoredCode(code: string): void {
  if (readStoredCode().trim().toUpperCase() === code.trim().toUpperCase()) safeLocalStorage.removeItem(KEY);
}
