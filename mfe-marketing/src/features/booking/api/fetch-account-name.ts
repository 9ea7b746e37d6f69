import { callSupabase } from 'shared-lib';

/**
 * The signed-in account's name, when it has one ('' otherwise): it is in the session's metadata, read locally
 * with no request.
 */
export async function fetchAccountName(): Promise<string> {
  const { session } = await callSupabase((supabase) => supabase.auth.getSession());
  const meta = session?.user.user_metadata ?? {};
  if (typeof meta.full_name === 'string') return meta.full_name;
  return typeof meta.name === 'string' ? meta.name : '';
}
