// Days and times in the agency's time zone (booking_settings.time_zone), whatever the browser's: the calendar desk
// lists calls by the agency's day and blocks out the agency's hours. Intl knows every zone's rules; these turn its
// answers into calendar days ('YYYY-MM-DD') and into the instants the database stores.

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, found);
  }
  return found;
}

/** The wall clock in `timeZone` at `instant`, read as if it were UTC (milliseconds). */
function wallClock(instant: number, timeZone: string): number {
  const parts = partsFormatter(timeZone).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
}

/** The calendar day ('YYYY-MM-DD') in `timeZone` at `iso`. */
export function dayIn(iso: string | number | Date, timeZone: string): string {
  return new Date(wallClock(new Date(iso).getTime(), timeZone)).toISOString().slice(0, 10);
}

/** `day` ('YYYY-MM-DD') moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/**
 * The instant (ISO, UTC) when the clock in `timeZone` shows `time` ('HH:MM') on `day`. A time the clocks skip
 * (the spring change) is read with the offset before the change, so it lands just after it.
 */
export function instantAt(day: string, time: string, timeZone: string): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  const asUtc = Date.UTC(year, month - 1, date, hour, minute);
  // The zone's offset near that wall time, then again at the instant it gives (they differ across a change).
  const first = wallClock(asUtc, timeZone) - asUtc;
  const guess = asUtc - first;
  const second = wallClock(guess, timeZone) - guess;
  return new Date(first === second ? guess : asUtc - second).toISOString();
}

/** 'Monday, November 30': a calendar day's name (its noon in UTC names it the same anywhere). */
export const dayName = (day: string): string =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
  }).format(new Date(`${day}T12:00:00Z`));

/** '9:30 AM' in `timeZone` (a plain space before AM/PM, whatever the ICU version). */
export const timeIn = (iso: string, timeZone: string): string =>
  new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' })
    .format(new Date(iso))
    .replace(/[\u202f\u00a0]/g, ' ');
