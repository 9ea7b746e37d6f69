import { useId, useState } from 'react';
import { Mail } from 'lucide-react';
import {
  Button,
  EmailField,
  FieldError,
  FormNote,
  useFocusAfterSubmit,
  useFormFeedback,
  useFormSubmit,
} from 'shared-lib';
import { checkForm, emailOnlySchema } from 'shared-lib/validation';
import { changeEmail, type EmailChange } from '../../auth/api/account-security';
import { Spinner } from '../../auth/components/auth-parts';
import { useCallFailure } from '../../auth/hooks/use-call-failure';
import { Row, SettingsForm, SettingsSection, SettingsTitle } from './settings-parts';

export const CHANGE_EMAIL_COPY = {
  heading: 'Change email',
  intro: 'The address you sign in with and where we send your order and meeting emails.',
  label: 'New email',
  submit: 'Change email',
  same: 'This is already your email address.',
  pendingTitle: 'Check your inbox',
  pending: (email: string) => `We sent a confirmation link to ${email}. Your email changes when you open it.`,
  changedTitle: 'Email changed',
  changed: (email: string) => `Your email is now ${email}.`,
} as const;

const noteOf = (change: EmailChange) =>
  change.status === 'pending'
    ? CHANGE_EMAIL_COPY.pending(change.email)
    : CHANGE_EMAIL_COPY.changed(change.email);

/**
 * The Profile tab's email change. The address changes once the customer opens the link sent to the new one (the
 * auth server, hosted or local, asks that of every signed-up customer); the session that link starts shows it.
 */
export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const [email, setEmail] = useState('');
  const id = useId();
  const { failure, failureId, clearFailure, keepFailure } = useCallFailure(id);
  const feedback = useFormFeedback<'email'>();

  const { submitting, onSubmit } = useFormSubmit({
    check: () => {
      clearFailure();
      const checked = checkForm(emailOnlySchema, { email }, undefined, feedback.report);
      // The same address needs no call: there is nothing to change or confirm.
      if (checked.success && checked.data.email.toLowerCase() === currentEmail.toLowerCase()) {
        feedback.report({ email: CHANGE_EMAIL_COPY.same });
        return {
          success: false,
          toast: { title: 'Validation Error', description: CHANGE_EMAIL_COPY.same, variant: 'destructive' },
        };
      }
      return checked;
    },
    send: async (values) => {
      try {
        return await changeEmail(values.email);
      } catch (error) {
        keepFailure(error);
        throw error;
      }
    },
    onSuccess: (change) => {
      setEmail('');
      feedback.succeed(noteOf(change));
    },
    success: (change) => ({
      title: change.status === 'pending' ? CHANGE_EMAIL_COPY.pendingTitle : CHANGE_EMAIL_COPY.changedTitle,
      description: noteOf(change),
    }),
  });
  useFocusAfterSubmit(feedback, submitting);

  return (
    <SettingsSection aria-labelledby={`${id}-heading`}>
      <SettingsTitle id={`${id}-heading`}>
        <Mail size={20} aria-hidden /> {CHANGE_EMAIL_COPY.heading}
      </SettingsTitle>
      <p>{CHANGE_EMAIL_COPY.intro}</p>
      <SettingsForm ref={feedback.formRef} noValidate onSubmit={onSubmit} aria-busy={submitting}>
        <EmailField
          id={`${id}-email`}
          label={CHANGE_EMAIL_COPY.label}
          name="email"
          inputMode="email"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            clearFailure();
            feedback.clear('email');
          }}
          required
          error={feedback.errors.email}
          aria-describedby={failureId}
        />
        {failure ? <FieldError id={failureId}>{failure}</FieldError> : null}
        <Row>
          <Button type="submit" disabled={submitting} aria-describedby={failureId}>
            {submitting ? <Spinner size={18} aria-hidden /> : null}
            {CHANGE_EMAIL_COPY.submit}
          </Button>
        </Row>
        {feedback.note ? (
          <FormNote ref={feedback.noteRef} tabIndex={-1} role="status">
            {feedback.note}
          </FormNote>
        ) : null}
      </SettingsForm>
    </SettingsSection>
  );
}
