/** Text as HTML text or a quoted attribute value: the five characters HTML gives a meaning, as numeric references. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
