// The one call the auth form makes: sign in or sign up through supabase-js, reduced to what the form shows.
import { awaitsSecondFactor, getSupabase } from 'shared-lib';
import type { AuthInput } from 'shared-lib/validation';
import { AUTH_MESSAGES, authErrorMessage } from '../utils/auth-messages';

export type AuthMode = 'sign-in' | 'sign-up';

export type AuthOutcome =
  /**
   * `signedIn` is false after a sign-up that still needs the e-mail confirmed (no session yet); `needsCode` is
   * true after a password sign-in whose account asks for its authenticator app's code next (aal1 of aal2).
   */
  { ok: true; signedIn: boolean; needsCode: boolean } | { ok: false; message: string };

export async function authenticate(mode: AuthMode, { email, password }: AuthInput): Promise<AuthOutcome> {
  try {
    const supabase = await getSupabase();
    if (mode === 'sign-in') {
      const { data, error } = await supabase.auth.signInWithPassword({ email, password });
      if (error) return { ok: false, message: authErrorMessage(error) };
      return { ok: true, signedIn: true, needsCode: data.session ? awaitsSecondFactor(data.session) : false };
    }
    const { data, error } = await supabase.auth.signUp({
      email,
      password,
      options: { emailRedirectTo: `${window.location.origin}/` },
    });
    if (error) return { ok: false, message: authErrorMessage(error) };
    // With e-mail confirmation on, Supabase answers a taken address with no error (so addresses cannot be probed)
    // but with a placeholder user that has no identities.
    if (data.user?.identities?.length === 0) return { ok: false, message: AUTH_MESSAGES.alreadyRegistered };
    return { ok: true, signedIn: data.session !== null, needsCode: false };
  } catch (error) {
    return { ok: false, message: authErrorMessage(error) };
  }
}
