import {
  capitalise,
  formatBlogDate,
  formatCents,
  formatEuro,
  formatEuroRaw,
  formatLongDate,
  formatMeetingWhen,
  shortOrderId,
} from '../format';

describe('money', () => {
  it('shows euros with two decimals and grouping', () => {
    expect(formatEuro(1798)).toBe('€1,798.00');
    expect(formatEuro(1887.3)).toBe('€1,887.30');
  });
  it('shows stored cents as euros', () => {
    expect(formatCents(161820)).toBe('€1,618.20');
    expect(formatCents(5)).toBe('€0.05');
  });
  it('shows raw values as they are', () => {
    expect(formatEuroRaw(899)).toBe('€899');
    expect(formatEuroRaw(1618.2)).toBe('€1618.2');
  });
});

describe('dates', () => {
  // Local-time inputs keep these independent of the machine's time zone.
  it('uses the long format', () => {
    expect(formatLongDate('2025-01-15T14:30:00')).toBe('January 15, 2025');
  });
  it('shows when a meeting is, or that it is not scheduled', () => {
    expect(formatMeetingWhen('2025-01-15T14:30:00')).toBe('January 15, 2025 at 2:30 PM');
    expect(formatMeetingWhen(null)).toBe('Not scheduled yet');
  });
  it('shows blog dates like Jan 15, 2025', () => {
    expect(formatBlogDate('2025-01-15')).toBe('Jan 15, 2025');
  });
});

it('shortens order ids to 8 characters and capitalises statuses', () => {
  expect(shortOrderId('3f2a9c1e-0000-4000-8000-000000000001')).toBe('3f2a9c1e');
  expect(capitalise('scheduled')).toBe('Scheduled');
  expect(capitalise('')).toBe('');
});
