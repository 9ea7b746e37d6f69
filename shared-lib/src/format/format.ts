// How money, dates and ids are shown (spec sections 2 and 9). Money is euros in en-US style ('€1,798.00');
// dates are en-US ('January 15, 2025', '2:30 PM', 'Jan 15, 2025'), in the viewer's time zone unless one is given.

// Money and blog dates are written out rather than formatted with Intl: the first Intl formatter a page creates
// is a long task (ICU's data) on the first load of the pages that show prices or blog dates (measured in
// docs/performance.md). The tests check both against Intl's en-US output.

/** Euros with two decimals and grouping: '€1,798.00', '-€5.00'. */
export function formatEuro(amount: number): string {
  const abs = Math.abs(amount);
  // NaN, infinities and amounts no price reaches (cents beyond exact integers); Intl shows them.
  if (!(abs < 1e13)) {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(amount);
  }
  // Intl rounds the number's shortest decimal form half away from zero (1.005 is €1.01): shifting that form by two
  // places and rounding does the same. Below a tenth of a cent it is '0.00' (and the form may be exponential).
  const cents = abs < 0.001 ? 0 : Math.round(Number(`${abs}e2`));
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  const sign = amount < 0 || Object.is(amount, -0) ? '-' : '';
  return `${sign}€${whole}.${String(cents % 100).padStart(2, '0')}`;
}

/**
 * The value exactly as stored ('€899', '€1618.2'), where the spec shows the raw number. No page uses it any more
 * (#45.7: one money format, formatEuro); kept because removing an export needs shared-lib's next major version.
 */
export const formatEuroRaw = (amount: number): string => `€${amount}`;

export const centsToEuros = (cents: number): number => cents / 100;

/** Order amounts are stored in cents: '€' plus cents/100 with two decimals ('€1,618.20'). */
export const formatCents = (cents: number): string => formatEuro(centsToEuros(cents));

type DateStyle = 'long' | 'short' | 'time';

const OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  long: { year: 'numeric', month: 'long', day: 'numeric' },
  short: { year: 'numeric', month: 'short', day: 'numeric' },
  time: { hour: 'numeric', minute: '2-digit' },
};

// Formatters are costly to create, so one per style and time zone is kept.
const formatters = new Map<string, Intl.DateTimeFormat>();

function format(date: Date, style: DateStyle, timeZone?: string): string {
  const key = `${style}|${timeZone ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { ...OPTIONS[style], timeZone });
    formatters.set(key, formatter);
  }
  // Some ICU versions put a narrow no-break space before AM/PM; show a plain one everywhere.
  return formatter.format(date).replace(/[\u202f\u00a0]/g, ' ');
}

/** A timestamp the browser cannot read is shown as it came, rather than breaking the page. */
function withDate(iso: string, render: (date: Date) => string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : render(date);
}

/** 'January 15, 2025' (an order's created_at). */
export const formatLongDate = (iso: string, timeZone?: string): string =>
  withDate(iso, (date) => format(date, 'long', timeZone));

/** '2:30 PM' */
export const formatTime = (iso: string, timeZone?: string): string =>
  withDate(iso, (date) => format(date, 'time', timeZone));

/** A meeting's scheduled_at: 'January 15, 2025 at 2:30 PM', or 'Not scheduled yet' when there is none. */
export const formatMeetingWhen = (iso: string | null | undefined, timeZone?: string): string =>
  iso
    ? withDate(iso, (date) => `${format(date, 'long', timeZone)} at ${format(date, 'time', timeZone)}`)
    : 'Not scheduled yet';

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * Blog dates: 'Jan 15, 2025'. A bare date ('2025-01-15') is a calendar day, the same everywhere, so it is read
 * and shown in UTC (JavaScript reads it as UTC midnight, which is the day before west of Greenwich).
 */
export const formatBlogDate = (isoDate: string): string =>
  withDate(isoDate, (date) =>
    /^\d{4}-\d{2}-\d{2}$/.test(isoDate)
      ? `${SHORT_MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`
      : format(date, 'short'),
  );

/** Orders are shown by the first 8 characters of their id. */
export const shortOrderId = (id: string): string => id.slice(0, 8);

/** 'scheduled' -> 'Scheduled' (a meeting's status); the rest is left as it is. */
export const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
