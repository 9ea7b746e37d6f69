import { Form, FormFailure, SubmitButton, SuccessNote, useFormSubmit } from 'shared-lib';
import { resendConfirmation } from '../api/resend-confirmation';
import { CheckInbox } from './CheckInbox';
import { useCaptcha } from './Captcha';
import { TextButton } from './auth-parts';

export const CONFIRM_COPY = {
  sent: (email: string) =>
    `We sent a confirmation link to ${email}. Open it to activate your account, then sign in.`,
  resend: 'Resend email',
  resentTitle: 'Email sent',
  resent: (email: string) => `We sent a new confirmation link to ${email}.`,
} as const;

/**
 * After a sign-up that waits for its e-mail confirmation (confirmations on): no session yet, so the customer is
 * told where the link went and can have it sent again.
 */
export function ConfirmEmailSent({ email, onBack }: { email: string; onBack: () => void }) {
  const captcha = useCaptcha();
  const form = useFormSubmit({
    send: () => resendConfirmation(email, captcha.take()),
    note: CONFIRM_COPY.resent(email),
    success: { title: CONFIRM_COPY.resentTitle, description: CONFIRM_COPY.resent(email) },
  });

  return (
    <CheckInbox message={CONFIRM_COPY.sent(email)}>
      <Form form={form}>
        {captcha.widget}
        <SubmitButton form={form} $variant="outline">
          {CONFIRM_COPY.resend}
        </SubmitButton>
      </Form>
      <TextButton type="button" onClick={onBack}>
        Back to sign in
      </TextButton>
      <FormFailure form={form} />
      <SuccessNote form={form} />
    </CheckInbox>
  );
}
