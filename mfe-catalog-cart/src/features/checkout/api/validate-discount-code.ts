import { callSupabase, normaliseDiscountCode } from 'shared-lib';

/** True when the backend knows the code (a newsletter subscriber's) and no order has used it. */
export async function validateDiscountCode(code: string): Promise<boolean> {
  return Boolean(
    await callSupabase((supabase) =>
      supabase.rpc('validate_discount_code', { code: normaliseDiscountCode(code) }),
    ),
  );
}
