import { meetingIcs, meetingIcsName } from '../meeting-ics';

const call = {
  meetingType: 'Discovery Call',
  startsAt: '2026-12-03T09:30:00.000Z',
  endsAt: '2026-12-03T10:00:00Z',
};

describe('meetingIcs', () => {
  it('is one event in UTC, with CRLF lines, the call’s times, title and organiser', () => {
    const text = meetingIcs(call, new Date('2026-11-28T12:00:00Z'));
    expect(text.split('\r\n')).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//AI Made Simple//Bookings//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
      'UID:call-20261203T093000Z@shop.example.com',
      'DTSTAMP:20261128T120000Z',
      'DTSTART:20261203T093000Z',
      'DTEND:20261203T100000Z',
      'SUMMARY:Discovery Call with AI Made Simple',
      'DESCRIPTION:Your Discovery Call with AI Made Simple. Questions or a change ',
      ' of plan: hello@shop.example.com.',
      'ORGANIZER;CN=AI Made Simple:mailto:hello@shop.example.com',
      'STATUS:CONFIRMED',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ]);
  });

  it('escapes what iCalendar text reserves and folds long lines by octets, never inside a character', () => {
    const text = meetingIcs({ ...call, meetingType: 'Call; with, a \\ and\nü'.repeat(4), confirmed: false });
    const summary = text.split('\r\n').filter((line) => line.startsWith('SUMMARY') || line.startsWith(' '));
    expect(summary[0]).toMatch(/^SUMMARY:Call\\; with\\, a \\\\ and\\nü/);
    for (const line of text.split('\r\n'))
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(text).not.toContain('\uFFFD');
    expect(text).toContain('STATUS:TENTATIVE');
  });

  it('names the file by the call’s type and day', () => {
    expect(meetingIcsName(call)).toBe('discovery-call-2026-12-03.ics');
  });
});
