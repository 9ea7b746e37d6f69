import { groupPromotions, promotionState } from '../promotion-state';
import type { StaffPromotion } from '../../api/types';

const NOW = new Date('2026-11-29T12:00:00Z');
const promotion = (id: string, starts_at: string, ends_at: string): StaffPromotion => ({
  id,
  words: `Campaign ${id}`,
  starts_at,
  ends_at,
  offer: 'newsletter',
  link: null,
  created_at: '2026-11-01T00:00:00Z',
});

describe('where a promotion stands', () => {
  it('runs from its start until, but not at, its end, as the database’s policy reads it', () => {
    expect(promotionState(promotion('a', '2026-11-29T12:00:00Z', '2026-11-30T00:00:00Z'), NOW)).toBe(
      'running',
    );
    expect(promotionState(promotion('b', '2026-11-28T00:00:00Z', '2026-11-29T12:00:00Z'), NOW)).toBe('ended');
    expect(promotionState(promotion('c', '2026-11-29T12:00:01Z', '2026-12-01T00:00:00Z'), NOW)).toBe(
      'upcoming',
    );
  });

  it('groups campaigns by state, keeping their order', () => {
    const groups = groupPromotions(
      [
        promotion('next', '2026-12-01T00:00:00Z', '2026-12-02T00:00:00Z'),
        promotion('now', '2026-11-28T00:00:00Z', '2026-12-02T00:00:00Z'),
        promotion('old', '2026-09-01T00:00:00Z', '2026-09-30T00:00:00Z'),
        promotion('older', '2026-08-01T00:00:00Z', '2026-08-30T00:00:00Z'),
      ],
      NOW,
    );
    expect({
      running: groups.running.map((p) => p.id),
      upcoming: groups.upcoming.map((p) => p.id),
      ended: groups.ended.map((p) => p.id),
    }).toEqual({ running: ['now'], upcoming: ['next'], ended: ['old', 'older'] });
  });
});
