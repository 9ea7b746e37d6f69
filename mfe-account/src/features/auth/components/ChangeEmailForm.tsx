import { useMemo } from 'react';
import { Mail } from 'lucide-react';
import { EmailField, isApiError, useFormSubmit } from 'shared-lib';
import { newEmailSchema, SAME_EMAIL_MESSAGE } from 'shared-lib/validation';
import { changeEmail, type EmailChange } from '../api/change-email';
import { SettingsActions, SettingsCard, SettingsForm } from '../../../components/settings-parts';

export const CHANGE_EMAIL_COPY = {
  heading: 'Change email',
  intro: 'The address you sign in with and where we send your order and meeting emails.',
  label: 'New email',
  submit: 'Change email',
  same: SAME_EMAIL_MESSAGE,
  // The sign-up wording ('Please log in') does not fit an address another account already has.
  taken: 'Another account already uses this email address.',
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
  const schema = useMemo(() => newEmailSchema(currentEmail), [currentEmail]);
  const form = useFormSubmit({
    initial: { email: '' },
    schema,
    send: ({ email }) => changeEmail(email),
    refusal: (error) =>
      isApiError(error, 'email_exists', 'user_already_exists')
        ? { title: 'Error', description: CHANGE_EMAIL_COPY.taken }
        : undefined,
    clearOnSuccess: true,
    note: noteOf,
    success: (change) => ({
      title: change.status === 'pending' ? CHANGE_EMAIL_COPY.pendingTitle : CHANGE_EMAIL_COPY.changedTitle,
      description: noteOf(change),
    }),
  });

  return (
    <SettingsCard icon={<Mail size={20} aria-hidden />} title={CHANGE_EMAIL_COPY.heading}>
      <p>{CHANGE_EMAIL_COPY.intro}</p>
      <SettingsForm form={form}>
        <EmailField {...form.field('email')} label={CHANGE_EMAIL_COPY.label} inputMode="email" required />
        <SettingsActions form={form} submit={CHANGE_EMAIL_COPY.submit} />
      </SettingsForm>
    </SettingsCard>
  );
}
