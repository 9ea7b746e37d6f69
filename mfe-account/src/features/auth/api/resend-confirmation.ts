import { callSupabase, paths } from 'shared-lib';
import { siteUrl } from '../utils/site-url';

/** Sends the sign-up confirmation link again; `captchaToken` as for signing up (Captcha.tsx). */
export async function resendConfirmation(email: string, captchaToken?: string): Promise<void> {
  await callSupabase((supabase) =>
    supabase.auth.resend({
      type: 'signup',
      email,
      options: { emailRedirectTo: siteUrl(paths.home), captchaToken },
    }),
  );
}
