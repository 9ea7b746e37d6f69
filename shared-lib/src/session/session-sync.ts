// Keeps the session store in step with supabase-js: the first event (INITIAL_SESSION) ends 'loading', later
// ones follow sign-in, token refresh and sign-out. The callback stays synchronous: awaiting Supabase inside it
// deadlocks on the auth lock (supabase/auth-js#762).
import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { getRuntimeConfig } from '../config/runtime-config';
import { authStorageKey, getSupabase, whenSupabaseCreated, type StorefrontClient } from '../supabase/client';
import { callSupabase } from '../supabase/call-supabase';
import { useSessionStore } from '../stores/session';
import { useCartStore } from '../stores/cart';
import { safeLocalStorage } from '../storage/browser-storage';
import { accessTokenClaims } from './access-token';

export type AuthEventListener = (event: AuthChangeEvent, session: Session | null) => void;

const listeners = new Set<AuthEventListener>();

/** Lets a slice react to auth events (e.g. the auth page moving on after SIGNED_IN) without its own subscription. */
export function onAuthEvent(listener: AuthEventListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * True when the session still needs its second factor: the account has a verified one and the session's
 * assurance level (the access token's `aal` claim) is below aal2. This is what supabase-js's
 * `mfa.getAuthenticatorAssuranceLevel()` computes (nextLevel aal2 above currentLevel), done synchronously
 * because the auth callback may not await.
 */
export function awaitsSecondFactor(session: Session): boolean {
  const verified = session.user.factors?.some((factor) => factor.status === 'verified') ?? false;
  return verified && accessTokenClaims(session.access_token).aal !== 'aal2';
}

/**
 * True when the auth server says the current session still needs its second factor although the session store
 * counts it as signed in: two-factor authentication was turned on elsewhere after this session began, and the
 * session's own copy of the user (so of its factors) dates from its sign-in or last refresh. The database then
 * shows such a session none of the account's rows (issue #30), so an empty list read with it must not be taken
 * for an empty account. Asks the auth server for the user only for a session below aal2.
 */
export async function lacksSecondFactor(): Promise<boolean> {
  const session = await callSupabase((supabase) => supabase.auth.getSession()).then((data) => data.session);
  if (!session || accessTokenClaims(session.access_token).aal === 'aal2') return false;
  const { user } = await callSupabase((supabase) => supabase.auth.getUser());
  return awaitsSecondFactor({ ...session, user });
}

let subscription: { unsubscribe: () => void } | null = null;
/** While this tab's sign-out is still talking to the server, no late event may sign the visitor back in. */
let signingOut = false;

function subscribe(client: StorefrontClient): void {
  subscription?.unsubscribe();
  subscription = client.auth.onAuthStateChange((event, session) => {
    // A token refresh that was under way when the visitor signed out must not sign them back in.
    if (signingOut && session && event !== 'SIGNED_IN') return;
    const store = useSessionStore.getState();
    if (session && awaitsSecondFactor(session)) store.awaitSecondFactor(session.access_token);
    else
      store.setSession(
        session
          ? {
              user: { id: session.user.id, email: session.user.email ?? '' },
              accessToken: session.access_token,
            }
          : null,
      );
    // The spec sends a visitor with a new session home (the auth page moves on); a recovery link's session goes
    // to /auth/reset instead, wherever the link landed (the shell follows this flag).
    if (event === 'PASSWORD_RECOVERY') store.setPasswordRecovery(true);
    for (const listener of listeners) listener(event, session);
  }).data.subscription;
}

/** True when this browser may hold a session: one is stored, or the URL carries one back from an auth redirect. */
export function mayHaveSession(): boolean {
  const { hash, search } = window.location;
  if (/access_token=|error_description=/.test(hash) || /[?&]code=/.test(search)) return true;
  // Where the browser refuses storage, supabase-js keeps the session in memory: none exists at a page's start.
  return safeLocalStorage.getItem(authStorageKey(getRuntimeConfig().supabaseUrl)) !== null;
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

/** How long the server's part of a sign-out may take before the stored session is removed without it. */
export const SIGN_OUT_SERVER_WAIT_MS = 3000;

/**
 * Signs out at once, online or not: the session store and the cart are cleared first (cart changes not yet saved
 * are dropped, as on any sign-out; the account keeps its saved cart), then supabase-js removes the stored session
 * and asks the server to revoke it, best effort. When that has not finished after SIGN_OUT_SERVER_WAIT_MS (an
 * unreachable server, a refresh stuck behind the auth lock), the stored session is removed directly so a reload
 * does not sign the visitor back in. The returned promise settles when the server's part is over; it never
 * rejects. `on` is the router's key for the page the visitor signs out on (see SessionState.signedOutOn).
 */
export function signOut({ on }: { on?: string } = {}): Promise<void> {
  signingOut = true;
  // The session first: the cart sync then sees a signed-out visitor and saves nothing for the emptied cart.
  useSessionStore.getState().setSession(null, { signedOutOn: on });
  useCartStore.getState().clear();
  const forget = window.setTimeout(() => {
    removeStoredSession();
    signingOut = false;
  }, SIGN_OUT_SERVER_WAIT_MS);
  return getSupabase()
    .then((supabase) => supabase.auth.signOut({ scope: 'local' }))
    .then(({ error }) => {
      if (error) console.warn('[session] the server did not confirm the sign-out', error);
    })
    .catch((error: unknown) => console.warn('[session] the server did not confirm the sign-out', error))
    .finally(() => {
      window.clearTimeout(forget);
      removeStoredSession();
      signingOut = false;
    });
}

function removeStoredSession(): void {
  safeLocalStorage.removeItem(authStorageKey(getRuntimeConfig().supabaseUrl));
}
