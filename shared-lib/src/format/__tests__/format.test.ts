import {
  capitalise,
  centsToEuros,
  formatBlogDate,
  formatCents,
  formatEuro,
  formatEuroRaw,
  formatLongDate,
  formatMeetingWhen,
  formatTime,
  shortOrderId,
} from '../format';

describe('money', () => {
  it.each([
    [0, '€0.00'],
    [899, '€899.00'],
    [1798, '€1,798.00'],
    [1887.3, '€1,887.30'],
    [0.05, '€0.05'],
    [1234567.891, '€1,234,567.89'],
    [-5, '-€5.00'],
  ])('formatEuro(%p) = %s', (amount, text) => {
    expect(formatEuro(amount)).toBe(text);
  });

  it("matches Intl's en-US euro format, rounding and sign included", () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' });
    const edges = [
      0,
      -0,
      0.005,
      0.0049,
      1e-7,
      1.005,
      2.675,
      999.995,
      1000,
      999999.999,
      -0.004,
      -1234.5,
      1e13 - 0.01,
    ];
    const outOfRange = [1e13, 1e21, NaN, Infinity, -Infinity];
    // A fixed pseudo-random spread over every magnitude, with fractions of a cent.
    let seed = 1;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const spread = Array.from({ length: 2000 }, () => (random() - 0.2) * 10 ** Math.floor(random() * 10));
    for (const amount of [
      ...edges,
      ...outOfRange,
      ...spread,
      ...spread.map((a) => Math.round(a * 1000) / 1000),
    ]) {
      expect([amount, formatEuro(amount)]).toEqual([amount, intl.format(amount)]);
    }
  });

  it.each([
    [161820, 1618.2, '€1,618.20'],
    [89900, 899, '€899.00'],
    [5, 0.05, '€0.05'],
    [0, 0, '€0.00'],
  ])('shows %i stored cents as %p euros: %s', (cents, euros, text) => {
    expect(centsToEuros(cents)).toBe(euros);
    expect(formatCents(cents)).toBe(text);
  });

  it.each([
    [899, '€899'],
    [1618.2, '€1618.2'],
    [1799, '€1799'],
    [0, '€0'],
  ])('formatEuroRaw(%p) = %s, the value as it is', (amount, text) => {
    expect(formatEuroRaw(amount)).toBe(text);
  });
});

describe('dates', () => {
  // Timestamps without an offset are local time, so these hold in any time zone the tests run in.
  it('uses the long format', () => {
    expect(formatLongDate('2025-01-15T14:30:00')).toBe('January 15, 2025');
    expect(formatLongDate('2024-12-31T23:59:59')).toBe('December 31, 2024');
  });

  it.each([
    ['2025-01-15T14:30:00', '2:30 PM'],
    ['2025-01-15T00:05:00', '12:05 AM'],
    ['2025-01-15T12:00:00', '12:00 PM'],
    ['2025-01-15T09:07:00', '9:07 AM'],
  ])('shows %s as %s', (iso, text) => {
    expect(formatTime(iso)).toBe(text);
  });

  it('shows when a meeting is, or that it is not scheduled', () => {
    expect(formatMeetingWhen('2025-01-15T14:30:00')).toBe('January 15, 2025 at 2:30 PM');
    expect(formatMeetingWhen(null)).toBe('Not scheduled yet');
    expect(formatMeetingWhen(undefined)).toBe('Not scheduled yet');
    expect(formatMeetingWhen('')).toBe('Not scheduled yet');
  });

  it('shows a stored UTC timestamp in the given time zone, the day included', () => {
    const iso = '2025-01-15T02:30:00+00:00';
    expect(formatMeetingWhen(iso, 'UTC')).toBe('January 15, 2025 at 2:30 AM');
    expect(formatMeetingWhen(iso, 'America/New_York')).toBe('January 14, 2025 at 9:30 PM');
    expect(formatMeetingWhen(iso, 'Europe/Amsterdam')).toBe('January 15, 2025 at 3:30 AM');
    expect(formatLongDate('2025-03-10T12:00:00Z', 'Asia/Tokyo')).toBe('March 10, 2025');
    expect(formatTime('2025-07-01T12:00:00Z', 'Europe/Amsterdam')).toBe('2:00 PM'); // summer time
  });

  it('uses the viewer’s time zone by default', () => {
    const iso = '2025-01-15T14:30:00Z';
    const local = new Date(iso);
    expect(formatLongDate(iso)).toBe(
      local.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }),
    );
  });

  it('shows an unreadable timestamp as it came instead of throwing', () => {
    expect(formatLongDate('not a date')).toBe('not a date');
    expect(formatTime('')).toBe('');
    expect(formatMeetingWhen('soon')).toBe('soon');
  });

  it.each([
    ['2025-01-15', 'Jan 15, 2025'],
    ['2025-02-03', 'Feb 3, 2025'],
    ['2024-12-31', 'Dec 31, 2024'],
    ['2025-01-01', 'Jan 1, 2025'],
  ])('shows the blog date %s as %s in every time zone', (isoDate, text) => {
    expect(formatBlogDate(isoDate)).toBe(text);
  });

  it("writes every month of a blog date as Intl's en-US short format does", () => {
    const intl = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    });
    for (let month = 1; month <= 12; month += 1) {
      const isoDate = `2026-${String(month).padStart(2, '0')}-0${month % 9 || 9}`;
      expect(formatBlogDate(isoDate)).toBe(intl.format(new Date(isoDate)));
    }
  });

  it('shows a blog date that is not a real day as it came', () => {
    expect(formatBlogDate('2025-13-45')).toBe('2025-13-45');
  });

  it('shows a blog timestamp in local time', () => {
    expect(formatBlogDate('2025-01-15T10:00:00')).toBe('Jan 15, 2025');
  });
});

describe('ids and words', () => {
  it('shortens order ids to their first 8 characters', () => {
    expect(shortOrderId('3f2a9c1e-0000-4000-8000-000000000001')).toBe('3f2a9c1e');
    expect(shortOrderId('abc')).toBe('abc');
  });

  it.each([
    ['scheduled', 'Scheduled'],
    ['completed', 'Completed'],
    ['in progress', 'In progress'],
    ['Cancelled', 'Cancelled'],
    ['', ''],
  ])('capitalise(%j) = %j', (text, result) => {
    expect(capitalise(text)).toBe(result);
  });
});
