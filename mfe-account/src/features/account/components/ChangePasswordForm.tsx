import { useId, useState } from 'react';
import { KeyRound } from 'lucide-react';
import {
  Button,
  FieldError,
  FormNote,
  useFocusAfterSubmit,
  useFormFeedback,
  useFormSubmit,
} from 'shared-lib';
import { checkForm, newPasswordSchema } from 'shared-lib/validation';
import { setNewPassword } from '../../auth/api/account-security';
import { Spinner } from '../../auth/components/auth-parts';
import { NewPasswordFields } from '../../auth/components/NewPasswordForm';
import { useCallFailure } from '../../auth/hooks/use-call-failure';
import { Row, SettingsForm, SettingsSection, SettingsTitle } from './settings-parts';

export const CHANGE_PASSWORD_COPY = {
  heading: 'Change password',
  intro: 'Choose the password you will sign in with from now on.',
  submit: 'Change password',
  changedTitle: 'Password changed',
  changed: 'Your password has been changed.',
} as const;

/** The Profile tab's password change: the reset page's new-password fields, for a signed-in customer. */
export function ChangePasswordForm() {
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const id = useId();
  const { failure, failureId, clearFailure, keepFailure } = useCallFailure(id);
  const feedback = useFormFeedback<'password' | 'confirmPassword'>();

  const { submitting, onSubmit } = useFormSubmit({
    check: () => {
      clearFailure();
      return checkForm(newPasswordSchema, { password, confirmPassword }, undefined, feedback.report);
    },
    send: async (values) => {
      try {
        await setNewPassword(values.password);
      } catch (error) {
        keepFailure(error);
        throw error;
      }
    },
    onSuccess: () => {
      setPassword('');
      setConfirmPassword('');
      feedback.succeed(CHANGE_PASSWORD_COPY.changed);
    },
    success: { title: CHANGE_PASSWORD_COPY.changedTitle, description: CHANGE_PASSWORD_COPY.changed },
  });
  useFocusAfterSubmit(feedback, submitting);

  return (
    <SettingsSection aria-labelledby={`${id}-heading`}>
      <SettingsTitle id={`${id}-heading`}>
        <KeyRound size={20} aria-hidden /> {CHANGE_PASSWORD_COPY.heading}
      </SettingsTitle>
      <p>{CHANGE_PASSWORD_COPY.intro}</p>
      <SettingsForm ref={feedback.formRef} noValidate onSubmit={onSubmit} aria-busy={submitting}>
        <NewPasswordFields
          id={id}
          password={password}
          confirmPassword={confirmPassword}
          onChange={(field, value) => {
            if (field === 'password') setPassword(value);
            else setConfirmPassword(value);
            clearFailure();
            feedback.clear(field);
          }}
          errors={feedback.errors}
          describedBy={failureId}
        />
        {failure ? <FieldError id={failureId}>{failure}</FieldError> : null}
        <Row>
          <Button type="submit" disabled={submitting} aria-describedby={failureId}>
            {submitting ? <Spinner size={18} aria-hidden /> : null}
            {CHANGE_PASSWORD_COPY.submit}
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
