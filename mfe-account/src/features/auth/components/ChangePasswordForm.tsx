import { useEffect, useRef, useState } from 'react';
import { KeyRound } from 'lucide-react';
import { Button, isApiError, toast, useAction, useFormSubmit } from 'shared-lib';
import { emailedCodeSchema, newPasswordSchema } from 'shared-lib/validation';
import { changePasswordOrAskForCode } from '../api/change-password';
import { requestReauthentication } from '../api/request-reauthentication';
import { setNewPassword } from '../api/set-new-password';
import { useFocusOnMount } from '../hooks/use-focus-on-mount';
import { CodeField } from './CodeField';
import { NEW_PASSWORD_VALUES, NewPasswordFields } from './NewPasswordForm';
import { SettingsActions, SettingsCard, SettingsForm } from '../../../components/settings-parts';

export const CHANGE_PASSWORD_COPY = {
  heading: 'Change password',
  intro: 'Choose the password you will sign in with from now on.',
  submit: 'Change password',
  changedTitle: 'Password changed',
  changed: 'Your password has been changed.',
  // Beyond the spec: the auth server's secure_password_change asks a session older than a day for the code it
  // e-mails (GoTrue's reauthentication), so a device left signed in cannot change the password alone.
  codeSentTitle: 'Check your inbox',
  codeSent: 'We have emailed you a code to confirm it is you.',
  codeIntro:
    'You signed in more than a day ago, so we have emailed you a code to confirm it is you. Enter it to change your password.',
  codeLabel: 'Code from the email',
  codeSubmit: 'Confirm and change password',
  wrongCode:
    'That code is not right or has expired. Enter the code from the latest email, or send a new code.',
  resend: 'Send a new code',
  resent: 'We have emailed you a new code.',
  cancel: 'Cancel',
} as const;

/** The Profile tab's password change: the reset page's new-password fields, for a signed-in customer. */
export function ChangePasswordForm() {
  // The new password while the auth server waits for the e-mailed code (an older session), else null.
  const [awaitingCode, setAwaitingCode] = useState<string | null>(null);
  // After the code step (done or cancelled) the password step takes focus, which its unmounting would drop.
  const [returned, setReturned] = useState(false);

  return (
    <SettingsCard icon={<KeyRound size={20} aria-hidden />} title={CHANGE_PASSWORD_COPY.heading}>
      {awaitingCode === null ? (
        <PasswordStep onCodeSent={setAwaitingCode} takeFocus={returned} />
      ) : (
        <CodeStep
          password={awaitingCode}
          onDone={() => {
            setAwaitingCode(null);
            setReturned(true);
          }}
        />
      )}
    </SettingsCard>
  );
}

function PasswordStep({
  onCodeSent,
  takeFocus,
}: {
  onCodeSent: (password: string) => void;
  takeFocus: boolean;
}) {
  const introRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (takeFocus) introRef.current?.focus();
  }, [takeFocus]);
  const form = useFormSubmit({
    initial: NEW_PASSWORD_VALUES,
    schema: newPasswordSchema,
    send: ({ password }) => changePasswordOrAskForCode(password),
    clearOnSuccess: true,
    note: CHANGE_PASSWORD_COPY.changed,
    success: (outcome) =>
      outcome === 'changed'
        ? { title: CHANGE_PASSWORD_COPY.changedTitle, description: CHANGE_PASSWORD_COPY.changed }
        : { title: CHANGE_PASSWORD_COPY.codeSentTitle, description: CHANGE_PASSWORD_COPY.codeSent },
    onSuccess: (outcome, { password }) => {
      if (outcome === 'code-sent') onCodeSent(password);
    },
  });

  return (
    <>
      <p ref={introRef} tabIndex={-1}>
        {CHANGE_PASSWORD_COPY.intro}
      </p>
      <SettingsForm form={form}>
        <NewPasswordFields form={form} />
        <SettingsActions form={form} submit={CHANGE_PASSWORD_COPY.submit} />
      </SettingsForm>
    </>
  );
}

function CodeStep({ password, onDone }: { password: string; onDone: () => void }) {
  const introRef = useFocusOnMount<HTMLParagraphElement>();
  const form = useFormSubmit({
    initial: { code: '' },
    schema: emailedCodeSchema,
    send: ({ code }) => setNewPassword(password, code),
    refusal: (error) =>
      isApiError(error, 'reauthentication_not_valid')
        ? { title: 'Error', description: CHANGE_PASSWORD_COPY.wrongCode, field: 'code' }
        : undefined,
    success: { title: CHANGE_PASSWORD_COPY.changedTitle, description: CHANGE_PASSWORD_COPY.changed },
    onSuccess: onDone,
  });

  // Both outcomes are toasts (read out by the live region); focus comes back to the button.
  const resend = useAction({
    run: requestReauthentication,
    context: 'reauthentication',
    onSuccess: () =>
      toast({ title: CHANGE_PASSWORD_COPY.codeSentTitle, description: CHANGE_PASSWORD_COPY.resent }),
    onFailure: (message) => toast({ title: 'Error', description: message, variant: 'destructive' }),
  });

  return (
    <>
      <p ref={introRef} tabIndex={-1}>
        {CHANGE_PASSWORD_COPY.codeIntro}
      </p>
      <SettingsForm form={form}>
        <CodeField {...form.field('code')} label={CHANGE_PASSWORD_COPY.codeLabel} />
        <SettingsActions form={form} submit={CHANGE_PASSWORD_COPY.codeSubmit}>
          <Button
            ref={resend.buttonRef}
            type="button"
            $variant="outline"
            disabled={resend.busy}
            aria-busy={resend.busy || undefined}
            onClick={() => resend.run()}
          >
            {CHANGE_PASSWORD_COPY.resend}
          </Button>
          <Button type="button" $variant="ghost" onClick={onDone}>
            {CHANGE_PASSWORD_COPY.cancel}
          </Button>
        </SettingsActions>
      </SettingsForm>
    </>
  );
}
