import { useState, type ReactNode } from 'react';
import { EmailField, FormFailure, PageMeta, SubmitButton, useFormSubmit } from 'shared-lib';
import { emailOnlySchema } from 'shared-lib/validation';
import { requestPasswordReset } from '../api/request-password-reset';
import { useFocusOnMount } from '../hooks/use-focus-on-mount';
import { CheckInbox } from './CheckInbox';
import { useCaptcha } from './Captcha';
import { Heading, Intro, Panel, PanelForm, Switch, TextButton } from './auth-parts';

export const FORGOT_COPY = {
  heading: 'Reset your password',
  intro: 'Enter the email address of your account and we will send you a link to choose a new password.',
  submit: 'Send reset link',
  sentTitle: 'Check your inbox',
  // The same words whether or not the address has an account, so the form cannot be used to probe for accounts.
  sent: (email: string) =>
    `If an account exists for ${email}, we have sent it a link to choose a new password. The link can be used once.`,
} as const;

interface ForgotPasswordFormProps {
  /** The address already typed on the sign-in form. */
  initialEmail?: string;
  /** Shown above the form, e.g. why a new link is needed. */
  notice?: ReactNode;
  heading?: string;
  /** Back to the sign-in form: a button on /auth, a link elsewhere. */
  back: ReactNode;
}

/** "Forgot password?": asks for the address and sends a reset link to /auth/reset. */
export function ForgotPasswordForm({ initialEmail = '', notice, heading, back }: ForgotPasswordFormProps) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const captcha = useCaptcha();
  const form = useFormSubmit({
    initial: { email: initialEmail },
    schema: emailOnlySchema,
    send: ({ email }) => requestPasswordReset(email, captcha.take()),
    onSuccess: (_, { email }) => setSentTo(email),
    success: (_, { email }) => ({ title: FORGOT_COPY.sentTitle, description: FORGOT_COPY.sent(email) }),
  });

  if (sentTo) {
    return (
      <CheckInbox message={FORGOT_COPY.sent(sentTo)}>
        <TextButton type="button" onClick={() => setSentTo(null)}>
          Send another link
        </TextButton>
        {back}
      </CheckInbox>
    );
  }

  return (
    <Panel>
      <PageMeta title="Reset Password" description="Get a link to choose a new password for your account" />
      <Heading ref={headingRef} tabIndex={-1}>
        {heading ?? FORGOT_COPY.heading}
      </Heading>
      {notice}
      <Intro>{FORGOT_COPY.intro}</Intro>
      <PanelForm form={form}>
        <EmailField {...form.field('email')} inputMode="email" required />
        {captcha.widget}
        <FormFailure form={form} />
        <SubmitButton form={form} $block $size="lg">
          {FORGOT_COPY.submit}
        </SubmitButton>
      </PanelForm>
      <Switch>{back}</Switch>
    </Panel>
  );
}
