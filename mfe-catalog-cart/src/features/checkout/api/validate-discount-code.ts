import { getSupabase, normaliseDiscountCode } from 'shared-lib';

/** True when the backend knows the code (a newsletter subscriber's). */
export async function validateDiscountCode(code: string): Promise<boolean> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('validate_discount_code', { code: normaliseDiscountCode(code) });
  if (error) throw error;
  return Boolean(data);
}
