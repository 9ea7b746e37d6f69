import { callSupabase, fetchBillingDetails } from 'shared-lib';

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * The signed-in customer's name, where the account knows one: the session's metadata (read locally, no request),
 * else the name on their saved billing details (beyond the spec, #45.7: a signed-in booking knew the e-mail but
 * not the name). '' when neither has one.
 */
export async function fetchAccountName(signal?: AbortSignal): Promise<string> {
  const { session } = await callSupabase((supabase) => supabase.auth.getSession());
  const meta = session?.user.user_metadata ?? {};
  const fromMeta = text(meta.full_name) || text(meta.name);
  if (fromMeta) return fromMeta;
  return text((await fetchBillingDetails(signal))?.name);
}
