// The banner's promotions (20261203090000_promotions.sql) over real HTTP with supabase-js, on both engines: a
// client sees only what runs now, by the database's clock; only the service role writes; the checks refuse an end
// before the start and words the banner could not show.
import { KINDS, sharedBackend, type Backend } from './harness';

jest.setTimeout(90_000);

const HOUR = 60 * 60 * 1000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

describe.each(KINDS)('promotions on %s', (kind) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await sharedBackend(kind);
  });
  afterAll(() => backend.stop());

  it('shows anyone only the promotion running now: not the seeded September one, nor one yet to start', async () => {
    // The demo's one promotion ran in September 2026: nothing runs for a visitor now.
    expect(await backend.anon().from('promotions').select('words')).toMatchObject({ data: [], error: null });
    const all = await backend.service().from('promotions').select('words, starts_at, ends_at, offer');
    expect(all.data).toEqual([
      {
        words: '10% off your first project order this September.',
        starts_at: '2026-08-31T22:00:00+00:00',
        ends_at: '2026-09-30T22:00:00+00:00',
        offer: 'newsletter',
      },
    ]);

    const inserted = await backend
      .service()
      .from('promotions')
      .insert([
        { words: 'Running now.', starts_at: at(-HOUR), ends_at: at(HOUR) },
        { words: 'Not yet.', starts_at: at(HOUR), ends_at: at(2 * HOUR) },
        { words: 'Over.', starts_at: at(-2 * HOUR), ends_at: at(-HOUR) },
      ]);
    expect(inserted.error).toBeNull();
    const running = [{ words: 'Running now.', offer: 'newsletter' }];
    expect(await backend.anon().from('promotions').select('words, offer')).toMatchObject({
      data: running,
      error: null,
    });
    const { client } = await backend.newUser('promotion-reader');
    expect((await client.from('promotions').select('words, offer')).data).toEqual(running);
    await backend.service().from('promotions').delete().in('words', ['Running now.', 'Not yet.', 'Over.']);
  });

  it('lets no client write a promotion, signed in or not', async () => {
    const row = { words: 'Free money.', starts_at: at(-HOUR), ends_at: at(HOUR) };
    const { client } = await backend.newUser('promotion-writer');
    for (const who of [backend.anon(), client]) {
      expect((await who.from('promotions').insert(row)).error).toMatchObject({ code: '42501' });
      expect(
        (await who.from('promotions').update({ words: 'Changed.' }).eq('offer', 'newsletter')).error,
      ).toMatchObject({ code: '42501' });
      expect((await who.from('promotions').delete().eq('offer', 'newsletter')).error).toMatchObject({
        code: '42501',
      });
    }
    const words = (await backend.service().from('promotions').select('words')).data;
    expect(words).toEqual([{ words: '10% off your first project order this September.' }]);
  });

  it.each([
    ['an end before its start', { starts_at: at(HOUR), ends_at: at(-HOUR) }, 'promotions_ends_after_start'],
    ['an end at its start', { starts_at: at(0), ends_at: at(0) }, 'promotions_ends_after_start'],
    ['empty words', { words: '' }, 'promotions_words_check'],
    ['blank words', { words: '   ' }, 'promotions_words_check'],
    ['padded words', { words: ' Padded. ' }, 'promotions_words_check'],
    ['words longer than 200 characters', { words: 'a'.repeat(201) }, 'promotions_words_check'],
    ['an offer the site cannot open', { offer: 'free-money' }, 'promotions_offer_check'],
  ])('refuses %s, even from the service role', async (_, change, constraint) => {
    const row = { words: 'Fine words.', starts_at: at(-HOUR), ends_at: at(HOUR), ...change };
    const { error } = await backend.service().from('promotions').insert(row);
    expect(error).toMatchObject({ code: '23514' });
    expect(error?.message).toContain(constraint);
  });
});
