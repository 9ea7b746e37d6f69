// A call as an iCalendar file (RFC 5545), for "Add to calendar" on Meetings and on the booking's page (issue
// #45.6; the e-mails link to that page: the mail provider sends no attachments). One VEVENT in UTC, so every
// calendar shows it in its own zone. Written here rather than with an iCalendar package: one event needs a few
// lines, and the packages bring a validation library into every page that shows a meeting.
import { company } from '../company/company';

export interface CalendarCall {
  meetingType: string;
  startsAt: string;
  endsAt: string;
  /** Tentative while the agency has not confirmed it. */
  confirmed?: boolean;
}

const utc = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** TEXT values escape backslash, semicolon, comma and newlines (RFC 5545 3.3.11). */
const text = (value: string) => value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n/g, '\\n');

/** Lines longer than 75 octets are folded: CRLF and a space before each continuation (RFC 5545 3.1). */
function fold(line: string): string {
  const bytes = new TextEncoder().encode(line);
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  for (const char of line) {
    const limit = parts.length === 0 ? 75 : 74;
    if (new TextEncoder().encode(current + char).length > limit) {
      parts.push(current);
      current = char;
    } else current += char;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** The call as an .ics file's text; `now` is its DTSTAMP. */
export function meetingIcs(call: CalendarCall, now = new Date()): string {
  const domain = company.email.contact.split('@')[1];
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${text(company.name)}//Bookings//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    // The agency's calendar holds one call per time, so the start names the call.
    `UID:call-${utc(call.startsAt)}@${domain}`,
    `DTSTAMP:${utc(now.toISOString())}`,
    `DTSTART:${utc(call.startsAt)}`,
    `DTEND:${utc(call.endsAt)}`,
    `SUMMARY:${text(`${call.meetingType} with ${company.name}`)}`,
    `DESCRIPTION:${text(`Your ${call.meetingType} with ${company.name}. Questions or a change of plan: ${company.email.contact}.`)}`,
    `ORGANIZER;CN=${text(company.name)}:mailto:${company.email.contact}`,
    `STATUS:${call.confirmed === false ? 'TENTATIVE' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}

/** The file's name: the call's type and day, e.g. 'discovery-call-2026-12-03.ics'. */
export const meetingIcsName = (call: CalendarCall): string =>
  `${call.meetingType.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${call.startsAt.slice(0, 10)}.ics`;
