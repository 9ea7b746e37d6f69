// The newsletter's subscribers as a CSV file (RFC 4180: comma-separated, CRLF line ends, a cell with a comma, a
// quote or a line break quoted and its quotes doubled). Subscribers type their own names, and a spreadsheet runs a
// cell that starts with = + - @ (or a tab or carriage return, which some read past) as a formula: such a cell
// gets a leading apostrophe, so it opens as the text it is (OWASP's advice on CSV injection).
import type { Subscriber } from '../api/fetch-subscribers';

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell, safe to open in a spreadsheet and to parse as CSV. */
export function csvCell(value: string): string {
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The file's text: a header row, then one row per subscriber; the date as ISO 8601 in UTC. */
export function subscribersCsv(subscribers: readonly Subscriber[]): string {
  const rows = [
    ['Name', 'E-mail', 'Subscribed at'],
    ...subscribers.map((s) => [s.name, s.email, new Date(s.subscribed_at).toISOString()]),
  ];
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** The file's name, with the day it was made: 'newsletter-subscribers-2026-11-29.csv'. */
export const subscribersFileName = (today: string) => `newsletter-subscribers-${today}.csv`;
