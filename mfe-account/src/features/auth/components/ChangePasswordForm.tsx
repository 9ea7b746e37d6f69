import { KeyRound } from 'lucide-react';
import { useFormSubmit } from 'shared-lib';
import { newPasswordSchema } from 'shared-lib/validation';
import { setNewPassword } from '../api/set-new-password';
import { NEW_PASSWORD_VALUES, NewPasswordFields } from './NewPasswordForm';
import { SettingsActions, SettingsCard, SettingsForm } from '../../../components/settings-parts';

export const CHANGE_PASSWORD_COPY = {
  heading: 'Change password',
  intro: 'Choose the password you will sign in with from now on.',
  submit: 'Change password',
  changedTitle: 'Password changed',
  changed: 'Your password has been changed.',
} as const;

/** The Profile tab's password change: the reset page's new-password fields, for a signed-in customer. */
export function ChangePasswordForm() {
  const form = useFormSubmit({
    initial: NEW_PASSWORD_VALUES,
    schema: newPasswordSchema,
    send: ({ password }) => setNewPassword(password),
    clearOnSuccess: true,
    note: CHANGE_PASSWORD_COPY.changed,
    success: { title: CHANGE_PASSWORD_COPY.changedTitle, description: CHANGE_PASSWORD_COPY.changed },
  });

  return (
    <SettingsCard icon={<KeyRound size={20} aria-hidden />} title={CHANGE_PASSWORD_COPY.heading}>
      <p>{CHANGE_PASSWORD_COPY.intro}</p>
      <SettingsForm form={form}>
        <NewPasswordFields form={form} />
        <SettingsActions form={form} submit={CHANGE_PASSWORD_COPY.submit} />
      </SettingsForm>
    </SettingsCard>
  );
}
