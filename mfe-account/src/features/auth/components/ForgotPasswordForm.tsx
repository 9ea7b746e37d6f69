import { useId, useState, type ReactNode } from 'react';
import {
  Button,
  EmailField,
  FieldError,
  useFocusAfterSubmit,
  useFormFeedback,
  useFormSubmit,
  PageMeta,
} from 'shared-lib';
import { checkForm, emailOnlySchema } from 'shared-lib/validation';
import { requestPasswordReset } from '../api/account-security';
import { useFocusOnMount } from '../hooks/use-focus-on-mount';
import { useCallFailure } from '../hooks/use-call-failure';
import { CheckInbox } from './CheckInbox';
import { Form, Heading, Intro, Panel, Spinner, Switch, TextButton } from './auth-parts';

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
  const [email, setEmail] = useState(initialEmail);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const id = useId();
  const { failure, failureId, clearFailure, keepFailure } = useCallFailure(id);
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const feedback = useFormFeedback<'email'>();

  const { submitting, onSubmit } = useFormSubmit({
    check: () => {
      clearFailure();
      return checkForm(emailOnlySchema, { email }, undefined, feedback.report);
    },
    send: async (values) => {
      try {
        await requestPasswordReset(values.email);
      } catch (error) {
        keepFailure(error);
        throw error;
      }
    },
    onSuccess: (_, values) => setSentTo(values.email),
    success: (_, values) => ({ title: FORGOT_COPY.sentTitle, description: FORGOT_COPY.sent(values.email) }),
  });
  useFocusAfterSubmit(feedback, submitting);

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
      <Form ref={feedback.formRef} noValidate onSubmit={onSubmit} aria-busy={submitting}>
        <EmailField
          id={`${id}-email`}
          name="email"
          inputMode="email"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            feedback.clear('email');
          }}
          required
          error={feedback.errors.email}
          aria-describedby={failureId}
        />
        {failure ? <FieldError id={failureId}>{failure}</FieldError> : null}
        <Button type="submit" $block $size="lg" disabled={submitting} aria-describedby={failureId}>
          {submitting ? <Spinner size={18} aria-hidden /> : null}
          {FORGOT_COPY.submit}
        </Button>
      </Form>
      <Switch>{back}</Switch>
    </Panel>
  );
}
