import { useId, useState } from 'react';
import { Button, FieldError, FormNote, useFormSubmit } from 'shared-lib';
import { resendConfirmation } from '../api/account-security';
import { useCallFailure } from '../hooks/use-call-failure';
import { CheckInbox } from './CheckInbox';
import { Spinner, TextButton } from './auth-parts';

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
  const [resent, setResent] = useState(false);
  const id = useId();
  const { failure, failureId, clearFailure, keepFailure } = useCallFailure(id);
  const { submitting, onSubmit } = useFormSubmit({
    check: () => {
      clearFailure();
      setResent(false);
      return { success: true, data: email };
    },
    send: async (address) => {
      try {
        await resendConfirmation(address);
      } catch (error) {
        keepFailure(error);
        throw error;
      }
    },
    onSuccess: () => setResent(true),
    success: { title: CONFIRM_COPY.resentTitle, description: CONFIRM_COPY.resent(email) },
  });

  return (
    <CheckInbox message={CONFIRM_COPY.sent(email)}>
      <form noValidate onSubmit={onSubmit} aria-busy={submitting}>
        <Button type="submit" $variant="outline" disabled={submitting} aria-describedby={failureId}>
          {submitting ? <Spinner size={18} aria-hidden /> : null}
          {CONFIRM_COPY.resend}
        </Button>
      </form>
      <TextButton type="button" onClick={onBack}>
        Back to sign in
      </TextButton>
      {failure ? <FieldError id={failureId}>{failure}</FieldError> : null}
      {resent ? <FormNote>{CONFIRM_COPY.resent(email)}</FormNote> : null}
    </CheckInbox>
  );
}
