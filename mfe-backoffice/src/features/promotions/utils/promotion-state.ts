import type { StaffPromotion } from '../api/types';

export type PromotionState = 'running' | 'upcoming' | 'ended';

/** Where a campaign stands at `now`, by the rule the database's policy uses: from its start until (not at) its end. */
export function promotionState(
  promotion: Pick<StaffPromotion, 'starts_at' | 'ends_at'>,
  now: Date,
): PromotionState {
  const at = now.getTime();
  if (at < Date.parse(promotion.starts_at)) return 'upcoming';
  return at < Date.parse(promotion.ends_at) ? 'running' : 'ended';
}

export const PROMOTION_STATE_LABELS: Record<PromotionState, string> = {
  running: 'Running',
  upcoming: 'Upcoming',
  ended: 'Ended',
};

/** The campaigns by state, each list in the order given (newest start first). */
export function groupPromotions(promotions: readonly StaffPromotion[], now: Date) {
  const groups: Record<PromotionState, StaffPromotion[]> = { running: [], upcoming: [], ended: [] };
  for (const promotion of promotions) groups[promotionState(promotion, now)].push(promotion);
  return groups;
}
