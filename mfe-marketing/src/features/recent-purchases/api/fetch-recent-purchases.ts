import { callSupabase, type Database } from 'shared-lib';

/** A real recent paid order whose customer agreed to be shown: its first service, its billing country, its age. */
export type RecentPurchase = Database['public']['Functions']['recent_purchases']['Returns'][number];

/** The recent orders the purchase toast may tell of (newest first; none when no customer agreed). */
export const fetchRecentPurchases = (signal: AbortSignal): Promise<RecentPurchase[]> =>
  callSupabase((supabase) => supabase.rpc('recent_purchases').abortSignal(signal));
