import { awaitsSecondFactor, callSupabase } from 'shared-lib';
import type { AuthInput } from 'shared-lib/validation';

/** What signing in or up led to. */
export interface AuthOutcome {
  /** False after a sign-up that still needs its e-mail confirmed (no session yet). */
  signedIn: boolean;
  /** True when the account asks for its authenticator app's code next (an aal1 session of an aal2 account). */
  needsCode: boolean;
}

/** `captchaToken`: the solved CAPTCHA's, when the project's auth asks for one (Captcha.tsx). */
export async function signIn({ email, password }: AuthInput, captchaToken?: string): Promise<AuthOutcome> {
  const { session } = await callSupabase((supabase) =>
    supabase.auth.signInWithPassword({ email, password, options: { captchaToken } }),
  );
  return { signedIn: true, needsCode: awaitsSecondFactor(session) };
}
