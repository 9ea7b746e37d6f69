// Keeps the session store in step with supabase-js: the first event (INITIAL_SESSION) ends 'loading', later
// ones follow sign-in, token refresh and sign-out. The callback stays synchronous: awaiting Supabase inside it
// deadlocks on the auth lock (supabase/auth-js#762).
import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { getRuntimeConfig } from '../config/runtime-config';
import { authStorageKey, getSupabase, whenSupabaseCreated, type StorefrontClient } from '../supabase/client';
import { useSessionStore } from '../stores/session';

export type AuthEventListener = (event: AuthChangeEvent, session: Session | null) => void;

const listeners = new Set<AuthEventListener>();

/** Lets a slice react to auth events (e.g. the auth page moving on after SIGNED_IN) without its own subscription. */
export function onAuthEvent(listener: AuthEventListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let subscription: { unsubscribe: () => void } | null = null;

function subscribe(client: StorefrontClient): void {
  subscription?.unsubscribe();
  subscription = client.auth.onAuthStateChange((event, session) => {
    useSessionStore.getState().setSession(
      session
        ? {
            user: { id: session.user.id, email: session.user.email ?? '' },
            accessToken: session.access_token,
          }
        : null,
    );
    for (const listener of listeners) listener(event, session);
  }).data.subscription;
}

/** True when this browser may hold a session: one is stored, or the URL carries one back from an auth redirect. */
export function mayHaveSession(): boolean {
  const { hash, search } = window.location;
  if (/access_token=|error_description=/.test(hash) || /[?&]code=/.test(search)) return true;
  try {
    return localStorage.getItem(authStorageKey(getRuntimeConfig().supabaseUrl)) !== null;
  } catch {
    return true;
  }
}

/**
 * Starts following the session. With nothing stored, the visitor is signed out without downloading
 * supabase-js; the subscription starts whenever a slice first needs the client (to sign in, say).
 */
export async function startSessionSync(): Promise<() => void> {
  const stop = whenSupabaseCreated(subscribe);
  if (mayHaveSession()) await getSupabase();
  else useSessionStore.getState().setSession(null);
  return () => {
    stop();
    subscription?.unsubscribe();
    subscription = null;
  };
}

export async function signOut(): Promise<void> {
  const supabase = await getSupabase();
  await supabase.auth.signOut();
}
