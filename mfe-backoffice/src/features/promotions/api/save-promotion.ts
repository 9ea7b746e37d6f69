import { callSupabase } from 'shared-lib';
import type { PromotionData } from 'shared-lib/validation/backoffice';
import type { StaffPromotion } from './types';

/**
 * Creates a campaign (`id` null) or edits one (staff_save_promotion); resolves with it as saved. A campaign that
 * is gone meanwhile (ended before it started) is refused with 'promotion_not_found'.
 */
export const savePromotion = async (id: string | null, promotion: PromotionData): Promise<StaffPromotion> =>
  await callSupabase((supabase) =>
    supabase.rpc('staff_save_promotion', {
      // The generated argument types know no null; the function takes null for "a new one".
      promotion_id: id as string,
      words: promotion.words,
      starts_at: promotion.startsAt,
      ends_at: promotion.endsAt,
      link: promotion.link ?? undefined,
    }),
  );
