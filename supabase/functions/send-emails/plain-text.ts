// What a customer typed (a name, an address, a company, a note), made safe to show in an e-mail. Two rules:
//
// 1. One normalisation, which the database requires of what it stores (its checks refuse any other value) and the
//    templates apply to what they send, so that nothing the database accepts is refused by an e-mail (#44, item 4): spaces of every kind (SPACES: the
//    Unicode White_Space characters and the byte-order mark, which JavaScript's trim() also removes) are trimmed at
//    both ends, and a control character anywhere (U+0000-U+001F, U+007F-U+009F, and the line and paragraph
//    separators U+2028/U+2029) is refused; a field that may span lines (an address, a note) allows the line
//    feed. The SQL mirror is private.trim_spaces and private.is_plain_text (20261206100000_one_normalisation.sql);
//    local-supabase/test/hostile-round-two.test.ts runs both over the same inputs and requires the same answers.
//    The site's forms refuse the same (shared-lib/src/validation/schemas.ts imports normalisedText), so a customer
//    is told before sending what the database would refuse.
//
// 2. Plain text that mail clients do not turn into links: they link any text that looks like a URL, a domain or
//    an address ("http://evil.example", "www.evil.example", "pay@evil.example"), in the text part and in the HTML
//    part alike, and no markup stops them reliably. So the marks that make such text (a dot before letters, "://", an "@" inside a word) are written the way security reports write a harmless link
//    ("evil[.]example", "hxxp[://]", "pay[@]evil[.]example"): still readable, never clickable. Only what a customer
//    typed is defused; the site's own links stay links.

/** The characters trimmed at both ends: Unicode White_Space and U+FEFF (the set String.prototype.trim uses). */
export const SPACES =
  '\t\n\u000b\u000c\r \u0085\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';

/** The characters refused inside a value (after trimming): C0 and C1 controls, DEL, the line/paragraph separators. */
// eslint-disable-next-line no-control-regex -- finding control characters is what these are for
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/u;

const escaped = [...SPACES].map((ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
const EDGES = new RegExp(`^[${escaped}]+|[${escaped}]+$`, 'gu');

export type Normalised = { ok: true; value: string } | { ok: false; reason: 'control_character' };

/**
 * The rule both the database and the templates apply: trimmed of SPACES; refused when a control character is left
 * inside (a line feed is allowed with `multiline`, a carriage return never: a line break is stored as "\n").
 */
/** `value` without SPACES at either end (private.trim_spaces). */
export const trimSpaces = (value: string): string => value.replace(EDGES, '');

export function normalisedText(value: string, options: { multiline?: boolean } = {}): Normalised {
  const trimmed = trimSpaces(value);
  return (options.multiline ? CONTROL_BUT_NEWLINE : CONTROL).test(trimmed)
    ? { ok: false, reason: 'control_character' }
    : { ok: true, value: trimmed };
}

// A dot (or a full stop that browsers read as one) after a letter or digit and before a letter, as before every
// top-level domain: "evil.example", "www.x" (a number such as 1.5 stays as it is).
const DOT_IN_NAME = /(?<=[\p{L}\p{N}_-])[.\u3002\uff0e\uff61](?=\p{L})/gu;
// "scheme://" and a bare "//host".
const SCHEME = /:\/\/|(?<![\p{L}\p{N}])\/\/(?=[\p{L}\p{N}])/gu;
// An "@" with something on both sides (an address, a mention).
const AT = /(?<=\S)[@\uff20](?=\S)/gu;

/** `text` with nothing a mail client would make a link of (see the second rule above). */
export function defused(text: string): string {
  return text
    .replace(SCHEME, (mark) => `[${mark}]`)
    .replace(/\bhttp(s?)(?=\[:\/\/\])/giu, 'hxxp$1')
    .replace(DOT_IN_NAME, '[.]')
    .replace(AT, '[@]');
}

/**
 * A header's text (a Subject, a From name): every control character and line break becomes a space, and runs of
 * spaces one, so nothing a customer typed can add a header line or fold the Subject.
 */
export const headerText = (text: string): string =>
  text
    // eslint-disable-next-line no-control-regex -- as above
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/gu, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
