import { BOOKING_NOTE_MAX, bookingSchema, errorMessages } from '../schemas';

const valid = {
  slotStart: '2025-11-24T08:00:00.000Z',
  name: ' Ada Lovelace ',
  email: ' ada@example.com ',
  note: ' A chatbot, please. ',
};
const messages = (value: unknown) => {
  const result = bookingSchema.safeParse(value);
  return result.success ? [] : errorMessages(result.error);
};

describe('bookingSchema', () => {
  it('trims what was typed and keeps the slot as the database sent it', () => {
    expect(bookingSchema.parse(valid)).toEqual({
      slotStart: '2025-11-24T08:00:00.000Z',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      note: 'A chatbot, please.',
    });
    expect(bookingSchema.parse({ ...valid, slotStart: '2025-11-24T09:00:00+01:00' }).slotStart).toBe(
      '2025-11-24T09:00:00+01:00',
    );
  });

  it('makes the note optional, up to the limit the database checks', () => {
    expect(messages({ ...valid, note: undefined })).toEqual([]);
    expect(messages({ ...valid, note: '   ' })).toEqual([]);
    expect(messages({ ...valid, note: 'n'.repeat(BOOKING_NOTE_MAX) })).toEqual([]);
    expect(messages({ ...valid, note: 'n'.repeat(BOOKING_NOTE_MAX + 1) })).toEqual([
      'Note must be less than 1000 characters',
    ]);
  });

  it("refuses what the contact form refuses, with the contact form's messages, and a missing time", () => {
    expect(messages({ slotStart: '', name: '  ', email: 'nope' })).toEqual([
      'Please choose a time',
      'Name is required',
      'Invalid email address',
    ]);
    expect(messages({ ...valid, name: 'x'.repeat(101) })).toEqual(['Name must be less than 100 characters']);
    expect(messages({ ...valid, email: `${'a'.repeat(250)}@example.com` })).toEqual([
      'Email must be less than 255 characters',
    ]);
    expect(messages({ ...valid, slotStart: 'tomorrow at nine' })).toEqual(['Please choose a time']);
    expect(messages({ ...valid, slotStart: undefined })).toEqual(['Please choose a time']);
  });
});
