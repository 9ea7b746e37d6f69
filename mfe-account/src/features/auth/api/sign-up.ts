import { ApiError, callSupabase } from 'shared-lib';
import type { AuthInput } from 'shared-lib/validation';
import { siteUrl } from '../utils/site-url';
import type { AuthOutcome } from './sign-in';

/** `captchaToken`: the solved CAPTCHA's, when the project's auth asks for one (Captcha.tsx). */
export async function signUp({ email, password }: AuthInput, captchaToken?: string): Promise<AuthOutcome> {
  const { user, session } = await callSupabase((supabase) =>
    supabase.auth.signUp({ email, password, options: { emailRedirectTo: siteUrl('/'), captchaToken } }),
  );
  // With e-mail confirmation on, the auth server answers a taken address with no error (so addresses cannot be
  // probed) but with a placeholder user that has no identities: the same refusal it gives without confirmation.
  if (user?.identities?.length === 0) {
    throw new ApiError({ message: 'User already registered', code: 'user_already_exists', status: 422 });
  }
  return { signedIn: session !== null, needsCode: false };
}
