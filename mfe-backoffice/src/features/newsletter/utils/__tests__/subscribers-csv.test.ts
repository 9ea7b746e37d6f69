import { csvCell, subscribersCsv, subscribersFileName } from '../subscribers-csv';

describe('a CSV cell', () => {
  it('leaves plain words as they are', () => {
    expect(csvCell('Ada Lovelace')).toBe('Ada Lovelace');
    expect(csvCell('ada@example.com')).toBe('ada@example.com');
    expect(csvCell('')).toBe('');
  });

  it.each([
    '=HYPERLINK("http://evil.example","Click")',
    '+1+1',
    '-2+3',
    '@SUM(A1:A2)',
    '\tHidden',
    '\rHidden',
  ])('opens %j in a spreadsheet as text, not a formula', (value) => {
    const cell = csvCell(value);
    // Unquoted, or inside the quotes, the cell starts with the apostrophe.
    expect(cell.replace(/^"/, '')).toMatch(/^'/);
  });

  it('quotes a comma, a quote or a line break, doubling the quotes', () => {
    expect(csvCell('Lovelace, Ada')).toBe('"Lovelace, Ada"');
    expect(csvCell('Ada "The Countess"')).toBe('"Ada ""The Countess"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    // Both rules at once: the formula prefixed, then quoted.
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
  });

  it('leaves a sign that is not at the start alone', () => {
    expect(csvCell('Jean-Luc')).toBe('Jean-Luc');
    expect(csvCell('ada+news@example.com')).toBe('ada+news@example.com');
  });
});

describe('the subscribers file', () => {
  it('has a header and one CRLF-ended row per subscriber, the time in UTC', () => {
    const csv = subscribersCsv([
      { name: 'Ada', email: 'ada@example.com', subscribed_at: '2026-11-20T10:00:00+00:00' },
      { name: '=cmd|" /C calc"!A0', email: 'eve@example.com', subscribed_at: '2026-11-21T09:30:00+01:00' },
    ]);
    expect(csv).toBe(
      'Name,E-mail,Subscribed at\r\n' +
        'Ada,ada@example.com,2026-11-20T10:00:00.000Z\r\n' +
        `"'=cmd|"" /C calc""!A0",eve@example.com,2026-11-21T08:30:00.000Z\r\n`,
    );
  });

  it('is only a header when nobody subscribes', () => {
    expect(subscribersCsv([])).toBe('Name,E-mail,Subscribed at\r\n');
  });

  it('is named for the day it was made', () => {
    expect(subscribersFileName('2026-11-29')).toBe('newsletter-subscribers-2026-11-29.csv');
  });
});
