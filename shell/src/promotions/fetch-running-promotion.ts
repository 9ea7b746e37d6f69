// The promotion the banner shows (20261203090000_promotions.sql): the database gives a client only the ones
// running now, by its own clock, so the answer is the running one or none.
import { ApiError, getRuntimeConfig, REQUEST_TIMEOUT_MS, type Database } from 'shared-lib';

/** Without a `link` (#42.5; an answer may leave it out) the banner opens the newsletter offer. */
export type RunningPromotion = Pick<
  Database['public']['Tables']['promotions']['Row'],
  'id' | 'words' | 'offer'
> &
  Partial<Pick<Database['public']['Tables']['promotions']['Row'], 'link'>>;

/**
 * The running promotion (the one that started last, should two overlap), or null; an ApiError when the data API
 * cannot answer. One plain request rather than supabase-js: the banner asks on every page, and a visitor with no
 * session would otherwise download supabase-js (about 58 KB) for it (docs/performance.md).
 */
export async function fetchRunningPromotion(): Promise<RunningPromotion | null> {
  const { supabaseUrl, supabaseAnonKey } = getRuntimeConfig();
  const query = new URLSearchParams({ select: 'id,words,offer,link', order: 'starts_at.desc', limit: '1' });
  let response: Response;
  try {
    response = await fetch(`${supabaseUrl}/rest/v1/promotions?${query}`, {
      headers: { apikey: supabaseAnonKey, Authorization: `Bearer ${supabaseAnonKey}` },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw ApiError.from(error);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw ApiError.from(body ?? { message: response.statusText }, response.status);
  return Array.isArray(body) ? ((body as RunningPromotion[])[0] ?? null) : null;
}
