// Newsletter discount codes are issued by the database (subscribe_newsletter: the name's first three letters,
// upper-cased, plus six random upper-case letters or digits from a cryptographic source), never in the browser.

/** Codes are compared trimmed and in upper case, as the database's validate_discount_code() does. */
export const normaliseDiscountCode = (code: string): string => code.trim().toUpperCase();
