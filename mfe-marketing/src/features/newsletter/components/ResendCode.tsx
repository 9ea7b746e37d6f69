// The way on from "Already Subscribed" (words beyond the spec, #33.5; docs/spec.md lists them): the code of an
// address already subscribed is e-mailed to that address again, never shown here.
import { Form, FormFailure, isApiError, SubmitButton, SuccessNote, useFormSubmit } from 'shared-lib';
import { CODE_RECENTLY_SENT, resendNewsletterCode } from '../api/resend-newsletter-code';

export function ResendCode({ email }: { email: string }) {
  const form = useFormSubmit({
    send: () => resendNewsletterCode(email),
    note: `We've e-mailed the code to ${email}. It can take a few minutes to arrive.`,
    refusal: (error) =>
      isApiError(error, CODE_RECENTLY_SENT)
        ? {
            title: 'Already sent today',
            description: 'We sent this address its code less than a day ago. Please look in its inbox.',
          }
        : undefined,
  });
  return (
    <Form form={form} aria-label="Send my code again" style={{ display: 'grid', gap: '0.5rem' }}>
      <p style={{ margin: 0 }}>Lost your code? We can e-mail it to that address again.</p>
      <FormFailure form={form} />
      <SuccessNote form={form} />
      {form.note ? null : (
        <SubmitButton form={form} $variant="outline" busyLabel="Sending...">
          Send my code again
        </SubmitButton>
      )}
    </Form>
  );
}
