import { formatSlot, formatSlotTime, groupSlotsByDay, type Slot } from '../slots';

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
  });
});
