import { callSupabase, paths } from 'shared-lib';
import { siteUrl } from '../utils/site-url';

/**
 * Sends a password-reset link; the auth server answers alike for unknown addresses, so nothing is revealed.
 * `captchaToken`: the solved CAPTCHA's, when the project's auth asks for one (Captcha.tsx).
 */
export async function requestPasswordReset(email: string, captchaToken?: string): Promise<void> {
  await callSupabase((supabase) =>
    supabase.auth.resetPasswordForEmail(email, { redirectTo: siteUrl(paths.authReset), captchaToken }),
  );
}
