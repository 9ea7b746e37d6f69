import { isoToLocalDateTime, localDateTimeToIso, promotionSchema } from '../backoffice';

const valid = {
  words: ' Winter offer. ',
  startsAt: '2026-12-01T09:00',
  endsAt: '2026-12-08T09:00',
  link: '',
};
const linkError = (link: string) => {
  const result = promotionSchema.safeParse({ ...valid, link });
  return result.success ? null : result.error.issues.map((issue) => issue.message);
};

describe('promotionSchema (the back office, #42.5)', () => {
  it('gives the trimmed words, the instants and no link for an empty one', () => {
    expect(promotionSchema.parse(valid)).toEqual({
      words: 'Winter offer.',
      startsAt: new Date('2026-12-01T09:00').toISOString(),
      endsAt: new Date('2026-12-08T09:00').toISOString(),
      link: null,
    });
  });

  it('takes a page of this site or an https address as the link', () => {
    for (const link of [
      '/',
      '/contact',
      '/services/one-day-training?from=banner',
      'https://example.com/a?b=c',
    ]) {
      expect({ link, errors: linkError(link) }).toEqual({ link, errors: null });
    }
  });

  it('refuses a link that leads to another host or runs script, as the table’s check does', () => {
    for (const link of [
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      'http://a.example',
      'contact',
      '/a b',
    ]) {
      expect({ link, errors: linkError(link) }).toEqual({
        link,
        errors: ['A link is a page of this site (starting with /) or an address starting with https://'],
      });
    }
  });

  it('refuses empty words, a missing date and an end before the start', () => {
    const result = promotionSchema.safeParse({ ...valid, words: '  ', startsAt: '' });
    expect(result.success || result.error.issues.map((issue) => issue.message)).toEqual([
      'Enter the words of the banner',
      'Enter when the promotion starts',
    ]);
    const backwards = promotionSchema.safeParse({ ...valid, endsAt: '2026-11-30T09:00' });
    expect(backwards.success || backwards.error.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['endsAt'], 'The promotion ends after it starts'],
    ]);
  });

  it('turns a datetime field’s value into an instant and back', () => {
    expect(isoToLocalDateTime(localDateTimeToIso('2026-12-01T09:30')!)).toBe('2026-12-01T09:30');
    expect(localDateTimeToIso('2026-12-01')).toBeNull();
    expect(localDateTimeToIso('2026-13-45T99:99')).toBeNull();
  });
});
