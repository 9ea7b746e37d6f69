// How money, dates and ids are shown. Dates use en-US long formats ('January 15, 2025'), as the spec shows them.

const euro = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Euros with two decimals: '€1,798.00'. */
export const formatEuro = (amount: number): string => `€${euro.format(amount)}`;

/** A stored or raw euro value exactly as it is ('€899', '€1618.2'), where the spec shows the raw number. */
export const formatEuroRaw = (amount: number): string => `€${amount}`;

export const centsToEuros = (cents: number): number => cents / 100;

/** Order amounts are stored in cents: '€' plus cents/100 with two decimals. */
export const formatCents = (cents: number): string => formatEuro(centsToEuros(cents));

const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
const shortDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** 'January 15, 2025' */
export const formatLongDate = (iso: string): string => longDate.format(new Date(iso));

/** '2:30 PM' */
export const formatTime = (iso: string): string => time.format(new Date(iso));

/** 'January 15, 2025 at 2:30 PM', or 'Not scheduled yet'. */
export const formatMeetingWhen = (iso: string | null | undefined): string =>
  iso ? `${formatLongDate(iso)} at ${formatTime(iso)}` : 'Not scheduled yet';

/** Blog dates: 'Jan 15, 2025'. A bare date (YYYY-MM-DD) is a calendar day, not a UTC instant. */
export function formatBlogDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  return /^\d{4}-\d{2}-\d{2}$/.test(isoDate)
    ? shortDate.format(new Date(y!, m! - 1, d!))
    : shortDate.format(new Date(isoDate));
}

/** Orders are shown by the first 8 characters of their id. */
export const shortOrderId = (id: string): string => id.slice(0, 8);

export const capitalise = (text: string): string =>
  text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
