import { useId, useState } from 'react';
import {
  Button,
  FieldError,
  TextField,
  useFocusAfterSubmit,
  useFormFeedback,
  useFormSubmit,
} from 'shared-lib';
import { checkForm, newPasswordSchema } from 'shared-lib/validation';
import { setNewPassword } from '../api/account-security';
import { useFocusOnMount } from '../hooks/use-focus-on-mount';
import { useCallFailure } from '../hooks/use-call-failure';
import { PASSWORD_HINT } from './AuthForm';
import { Form, Heading, Intro, Panel, Spinner } from './auth-parts';

export const NEW_PASSWORD_COPY = {
  heading: 'Choose a new password',
  intro: 'Choose the password you will sign in with from now on.',
  password: 'New password',
  confirm: 'Confirm new password',
  submit: 'Update password',
  updatedTitle: 'Password updated',
  updated: 'Your new password is set and you are signed in.',
} as const;

type PasswordField = 'password' | 'confirmPassword';

/**
 * The new password typed twice, labelled, with the rules as the first field's hint: the reset page and the
 * Profile tab's password change share them (their forms check them with newPasswordSchema).
 */
export function NewPasswordFields({
  id,
  password,
  confirmPassword,
  onChange,
  errors,
  describedBy,
}: {
  id: string;
  password: string;
  confirmPassword: string;
  onChange: (field: PasswordField, value: string) => void;
  errors: Partial<Record<PasswordField, string>>;
  /** The form's failure message, if any. */
  describedBy: string | undefined;
}) {
  return (
    <>
      <TextField
        id={`${id}-password`}
        label={NEW_PASSWORD_COPY.password}
        type="password"
        name="new-password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => onChange('password', event.target.value)}
        required
        hint={PASSWORD_HINT}
        error={errors.password}
        aria-describedby={describedBy}
      />
      <TextField
        id={`${id}-confirm`}
        label={NEW_PASSWORD_COPY.confirm}
        type="password"
        name="confirm-password"
        autoComplete="new-password"
        value={confirmPassword}
        onChange={(event) => onChange('confirmPassword', event.target.value)}
        required
        error={errors.confirmPassword}
      />
    </>
  );
}

/** The new password, typed twice, with the spec's password rules; `onUpdated` runs once the server took it. */
export function NewPasswordForm({ onUpdated }: { onUpdated: () => void }) {
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const id = useId();
  const { failure, failureId, clearFailure, keepFailure } = useCallFailure(id);
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const feedback = useFormFeedback<PasswordField>();

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
    onSuccess: onUpdated,
    success: { title: NEW_PASSWORD_COPY.updatedTitle, description: NEW_PASSWORD_COPY.updated },
  });
  useFocusAfterSubmit(feedback, submitting);

  return (
    <Panel>
      <Heading ref={headingRef} tabIndex={-1}>
        {NEW_PASSWORD_COPY.heading}
      </Heading>
      <Intro>{NEW_PASSWORD_COPY.intro}</Intro>
      <Form ref={feedback.formRef} noValidate onSubmit={onSubmit} aria-busy={submitting}>
        <NewPasswordFields
          id={id}
          password={password}
          confirmPassword={confirmPassword}
          onChange={(field, value) => {
            if (field === 'password') setPassword(value);
            else setConfirmPassword(value);
            feedback.clear(field);
          }}
          errors={feedback.errors}
          describedBy={failureId}
        />
        {failure ? <FieldError id={failureId}>{failure}</FieldError> : null}
        <Button type="submit" $block $size="lg" disabled={submitting} aria-describedby={failureId}>
          {submitting ? <Spinner size={18} aria-hidden /> : null}
          {NEW_PASSWORD_COPY.submit}
        </Button>
      </Form>
    </Panel>
  );
}
