// Keeps the session store in step with supabase-js: the first event (INITIAL_SESSION) ends 'loading', later
// ones follow sign-in, token refresh and sign-out. The callback stays synchronous: awaiting Supabase inside it
// deadlocks on the auth lock (supabase/auth-js#762).
import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { getSupabase } from '../supabase/client';
import { useSessionStore } from '../stores/session';

export type AuthEventListener = (event: AuthChangeEvent, session: Session | null) => void;

const listeners = new Set<AuthEventListener>();

/** Lets a slice react to auth events (e.g. the auth page moving on after SIGNED_IN) without its own subscription. */
export function onAuthEvent(listener: AuthEventListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function startSessionSync(): Promise<() => void> {
  const supabase = await getSupabase();
  const { data } = supabase.auth.onAuthStateChange((event, session) => {
    useSessionStore
      .getState()
      .setSession(
        session ? { user: { id: session.user.id, email: session.user.email ?? '' }, accessToken: session.access_token } : null,
      );
    for (const listener of listeners) listener(event, session);
  });
  return () => data.subscription.unsubscribe();
}

export async function signOut(): Promise<void> {
  const supabase = await getSupabase();
  await supabase.auth.signOut();
}
