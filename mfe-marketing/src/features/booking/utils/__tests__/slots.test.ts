import { formatSlot, formatSlotTime, groupSlotsByDay, withFullyBookedDays, type Slot } from '../slots';

const slot = (start: string, minutes = 30): Slot => ({
  slot_start: start,
  slot_end: new Date(Date.parse(start) + minutes * 60_000).toISOString(),
});

// Monday 24 November 2025, 09:00 and 09:30 in Berlin (UTC+1), and Tuesday 25 at 16:30.
const MONDAY_9 = slot('2025-11-24T08:00:00Z');
const MONDAY_930 = slot('2025-11-24T08:30:00Z');
const TUESDAY_1630 = slot('2025-11-25T15:30:00Z');

describe('booking slots', () => {
  it("groups slots by the visitor's day, in time order, with the day's labels", () => {
    const days = groupSlotsByDay([TUESDAY_1630, MONDAY_930, MONDAY_9], 'Europe/Berlin');
    expect(days.map((d) => [d.key, d.weekday, d.date, d.fullDate, d.slots])).toEqual([
      ['2025-11-24', 'Mon', 'Nov 24', 'Monday, November 24', [MONDAY_9, MONDAY_930]],
      ['2025-11-25', 'Tue', 'Nov 25', 'Tuesday, November 25', [TUESDAY_1630]],
    ]);
  });

  it('moves a slot to another day where the visitor lives: Berlin afternoon is the next morning in Tokyo', () => {
    const days = groupSlotsByDay([MONDAY_9, TUESDAY_1630], 'Asia/Tokyo');
    expect(days.map((d) => d.key)).toEqual(['2025-11-24', '2025-11-26']);
    expect(formatSlotTime(TUESDAY_1630.slot_start, 'Asia/Tokyo')).toBe('12:30 AM');
    const ny = groupSlotsByDay([MONDAY_9], 'America/New_York');
    expect(ny[0]?.fullDate).toBe('Monday, November 24');
    expect(formatSlotTime(MONDAY_9.slot_start, 'America/New_York')).toBe('3:00 AM');
  });

  it('says a slot in words, its end included', () => {
    expect(formatSlot(MONDAY_930, 'Europe/Berlin')).toBe('Monday, November 24, 9:30 AM - 10:00 AM');
    expect(formatSlot(slot('2025-11-24T08:00:00Z', 45), 'Europe/Berlin')).toBe(
      'Monday, November 24, 9:00 AM - 9:45 AM',
    );
  });

  it('has no days when there are no slots', () => {
    expect(groupSlotsByDay([], 'Europe/Berlin')).toEqual([]);
    expect(withFullyBookedDays([])).toEqual([]);
  });

  it('adds the fully booked days between free ones: a day without free times on a weekday that has some', () => {
    // Free: Monday 24 and Tuesday 25 November, then Tuesday 2 December; Monday 1 December is booked out, and the
    // weekend and Wednesday to Friday never have a free time (not working days, as far as the browser can tell).
    const TUESDAY_DEC_2 = slot('2025-12-02T08:00:00Z');
    const days = withFullyBookedDays(
      groupSlotsByDay([MONDAY_9, TUESDAY_1630, TUESDAY_DEC_2], 'Europe/Berlin'),
    );
    expect(days.map((d) => [d.key, d.weekday, d.date, d.fullDate, d.slots.length])).toEqual([
      ['2025-11-24', 'Mon', 'Nov 24', 'Monday, November 24', 1],
      ['2025-11-25', 'Tue', 'Nov 25', 'Tuesday, November 25', 1],
      ['2025-12-01', 'Mon', 'Dec 1', 'Monday, December 1', 0],
      ['2025-12-02', 'Tue', 'Dec 2', 'Tuesday, December 2', 1],
    ]);
  });

  it("counts the fully booked days in the visitor's own dates", () => {
    // In Tokyo, Berlin's Monday 9:00 is Monday evening and its Tuesday 16:30 is early Wednesday.
    const WEDNESDAY_DEC_3_TOKYO = slot('2025-12-02T15:30:00Z');
    const days = withFullyBookedDays(groupSlotsByDay([MONDAY_9, WEDNESDAY_DEC_3_TOKYO], 'Asia/Tokyo'));
    expect(days.map((d) => [d.fullDate, d.slots.length])).toEqual([
      ['Monday, November 24', 1],
      ['Wednesday, November 26', 0],
      ['Monday, December 1', 0],
      ['Wednesday, December 3', 1],
    ]);
  });
});
