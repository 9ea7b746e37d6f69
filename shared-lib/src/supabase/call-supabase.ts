import { ApiError } from '../errors/api-error';
import { getSupabase, type StorefrontClient } from './client';

/** What a supabase-js call resolves with: its data, or its error (and, for PostgREST, the response's status). */
interface SupabaseResult {
  data: unknown;
  error: unknown;
  status?: number;
}

/** The data of the answer without an error (supabase-js types each call's answer as success | failure). */
type DataOf<R> = R extends { error: null; data: infer D } ? D : never;

/**
 * Runs one supabase-js call (a query, an RPC, an auth call) on the site's client and keeps the api/ contract:
 * its data, or an ApiError carrying what Supabase said, whether supabase-js returned the error or threw.
 *
 *   export const fetchOrders = (userId: string) =>
 *     callSupabase((supabase) => supabase.from('orders').select('*').eq('user_id', userId));
 */
export async function callSupabase<R extends SupabaseResult>(
  run: (supabase: StorefrontClient) => PromiseLike<R>,
): Promise<DataOf<R>> {
  let result: R;
  try {
    result = await run(await getSupabase());
  } catch (error) {
    throw ApiError.from(error);
  }
  if (result.error) throw ApiError.from(result.error, result.status);
  // supabase-js gives data whenever it gives no error (null for a call that returns nothing).
  return result.data as DataOf<R>;
}
