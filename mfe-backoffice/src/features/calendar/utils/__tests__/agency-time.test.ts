import { addDays, dayIn, dayName, instantAt, timeIn } from '../agency-time';

describe("the agency's days and times", () => {
  it('turns a Berlin wall time into the instant, in winter and in summer', () => {
    expect(instantAt('2026-11-30', '00:00', 'Europe/Berlin')).toBe('2026-11-29T23:00:00.000Z');
    expect(instantAt('2026-07-01', '09:30', 'Europe/Berlin')).toBe('2026-07-01T07:30:00.000Z');
    expect(instantAt('2026-11-30', '09:00', 'America/New_York')).toBe('2026-11-30T14:00:00.000Z');
  });

  it('keeps a day whole across the clock changes (23 and 25 hours)', () => {
    const spring =
      Date.parse(instantAt('2026-03-30', '00:00', 'Europe/Berlin')) -
      Date.parse(instantAt('2026-03-29', '00:00', 'Europe/Berlin'));
    const autumn =
      Date.parse(instantAt('2026-10-26', '00:00', 'Europe/Berlin')) -
      Date.parse(instantAt('2026-10-25', '00:00', 'Europe/Berlin'));
    expect(spring / 3_600_000).toBe(23);
    expect(autumn / 3_600_000).toBe(25);
    // 02:30 does not exist that night in Berlin: it lands just after the change.
    expect(instantAt('2026-03-29', '02:30', 'Europe/Berlin')).toBe('2026-03-29T01:30:00.000Z');
  });

  it("names the agency's day of an instant, which may not be the browser's or UTC's", () => {
    expect(dayIn('2026-11-29T23:30:00Z', 'Europe/Berlin')).toBe('2026-11-30');
    expect(dayIn('2026-11-29T23:30:00Z', 'UTC')).toBe('2026-11-29');
    expect(dayIn('2026-11-30T03:00:00Z', 'America/New_York')).toBe('2026-11-29');
  });

  it('moves days across months and years, and names them', () => {
    expect(addDays('2026-11-28', 7)).toBe('2026-12-05');
    expect(addDays('2027-01-03', -7)).toBe('2026-12-27');
    expect(dayName('2026-11-30')).toBe('Monday, November 30');
    expect(timeIn('2026-11-30T09:30:00Z', 'Europe/Berlin')).toBe('10:30 AM');
  });
});
