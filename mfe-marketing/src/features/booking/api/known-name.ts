// The signed-in customer's name, where the account knows one: the session's metadata (read locally, no request),
// else the name on their saved billing details (beyond the spec, #45.7: a signed-in booking knew the e-mail but
// not the name). '' when neither has one.
import { callSupabase, getSupabase } from 'shared-lib';

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

export async function knownName(): Promise<string> {
  const supabase = await getSupabase();
  const { data } = await supabase.auth.getSession();
  const meta = data.session?.user.user_metadata ?? {};
  const fromMeta = text(meta.full_name) || text(meta.name);
  if (fromMeta) return fromMeta;
  const billing = await callSupabase((client) => client.from('billing_details').select('name').maybeSingle());
  return text(billing?.name);
}
