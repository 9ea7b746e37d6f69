import type { Database } from 'shared-lib';

/** A campaign of the banner as staff see it (staff_promotions, staff_save_promotion). */
export type StaffPromotion = Database['public']['Tables']['promotions']['Row'];
