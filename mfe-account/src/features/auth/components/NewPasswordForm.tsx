import { FormFailure, SubmitButton, TextField, useFormSubmit, type FormController } from 'shared-lib';
import { newPasswordSchema } from 'shared-lib/validation';
import { setNewPassword } from '../api/set-new-password';
import { useFocusOnMount } from '../hooks/use-focus-on-mount';
import { Heading, Intro, Panel, PanelForm } from './auth-parts';
import { NewPasswordField } from './PasswordRules';

export const NEW_PASSWORD_COPY = {
  heading: 'Choose a new password',
  intro: 'Choose the password you will sign in with from now on.',
  password: 'New password',
  confirm: 'Confirm new password',
  submit: 'Update password',
  updatedTitle: 'Password updated',
  updated: 'Your new password is set and you are signed in.',
} as const;

export const NEW_PASSWORD_VALUES = { password: '', confirmPassword: '' };

/**
 * The new password typed twice, labelled, with the rules listed under the first field: the reset page and the
 * Profile tab's password change share them (their forms check them with newPasswordSchema).
 */
export function NewPasswordFields({ form }: { form: FormController<typeof NEW_PASSWORD_VALUES> }) {
  return (
    <>
      <NewPasswordField field={form.field('password')} label={NEW_PASSWORD_COPY.password} />
      <TextField
        {...form.field('confirmPassword')}
        label={NEW_PASSWORD_COPY.confirm}
        type="password"
        autoComplete="new-password"
        required
      />
    </>
  );
}

/** The new password, typed twice, with the spec's password rules; `onUpdated` runs once the server took it. */
export function NewPasswordForm({ onUpdated }: { onUpdated: () => void }) {
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const form = useFormSubmit({
    initial: NEW_PASSWORD_VALUES,
    schema: newPasswordSchema,
    send: ({ password }) => setNewPassword(password),
    onSuccess: onUpdated,
    success: { title: NEW_PASSWORD_COPY.updatedTitle, description: NEW_PASSWORD_COPY.updated },
  });

  return (
    <Panel>
      <Heading ref={headingRef} tabIndex={-1}>
        {NEW_PASSWORD_COPY.heading}
      </Heading>
      <Intro>{NEW_PASSWORD_COPY.intro}</Intro>
      <PanelForm form={form}>
        <NewPasswordFields form={form} />
        <FormFailure form={form} />
        <SubmitButton form={form} $block $size="lg">
          {NEW_PASSWORD_COPY.submit}
        </SubmitButton>
      </PanelForm>
    </Panel>
  );
}
