import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Copy, ShieldCheck } from 'lucide-react';
import {
  Button,
  LoadingStatus,
  paths,
  SkeletonText,
  toast,
  useAction,
  useFormSubmit,
  useLoad,
  type ErrorDescription,
} from 'shared-lib';
import { totpCodeSchema } from 'shared-lib/validation';
import { LoadFailed } from '../../../components/panel-states';
import { listTotpFactors } from '../api/list-totp-factors';
import { removeTotp } from '../api/remove-totp';
import { startTotpEnrollment, type TotpEnrollment } from '../api/start-totp-enrollment';
import { verifyTotpCode } from '../api/verify-totp-code';
import { useFocusOnMount } from '../hooks/use-focus-on-mount';
import { CodeField } from './CodeField';
import { Row, SettingsActions, SettingsCard, SettingsForm } from '../../../components/settings-parts';

export const TWO_FACTOR_COPY = {
  heading: 'Two-factor authentication',
  loading: 'Loading two-factor authentication...',
  off: 'Protect your account with a second step when you sign in: a 6-digit code from an authenticator app on your phone.',
  setUp: 'Set up two-factor authentication',
  scan: 'Scan this QR code with your authenticator app (for example Google Authenticator, 1Password or Authy).',
  qrAlt: 'QR code for adding your account to an authenticator app',
  manual: 'Or enter this key in the app by hand:',
  copy: 'Copy key',
  copied: 'Key copied',
  enterCode: 'Then enter the 6-digit code the app shows.',
  verify: 'Turn on',
  on: 'Two-factor authentication is on. Signing in asks for a code from your authenticator app.',
  remove: 'Remove',
  removeIntro: 'Enter a code from your authenticator app to remove two-factor authentication.',
  confirmRemove: 'Remove two-factor authentication',
  cancel: 'Cancel',
  enabledTitle: 'Two-factor authentication is on',
  enabled: 'From now on, signing in asks for a code from your authenticator app.',
  removedTitle: 'Two-factor authentication removed',
  removed: 'Signing in now needs only your email and password.',
  lostDevice: 'Lost the phone with your authenticator app?',
} as const;

const Qr = styled.img`
  width: 12rem;
  height: 12rem;
  padding: ${({ theme }) => theme.space[2]};
  background: #fff;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
`;

const Secret = styled.code`
  padding: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[3]};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  font-family: ${({ theme }) => theme.fonts.mono};
  letter-spacing: 0.05em;
  overflow-wrap: anywhere;
`;

const Help = styled.p`
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  a {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
  }
`;

/** Where the visitor has taken the settings since they were read. */
type Step =
  // `back`: reached by Cancel, which leaves focus on the control that began the cancelled step.
  | { name: 'off'; back?: boolean }
  | { name: 'enrolling'; enrollment: TotpEnrollment }
  | { name: 'on'; factorId: string; back?: boolean }
  | { name: 'removing'; factorId: string };

type State = { name: 'loading' } | { name: 'failed'; error: ErrorDescription } | Step;

/**
 * The Profile tab's two-factor authentication: set up an authenticator app (QR code or key, then a code from
 * it), or remove it (with a code: the auth server only lets an aal2 session remove a factor, and it shows the
 * person removing it holds the device).
 */
export function TwoFactorSettings() {
  const factors = useLoad(listTotpFactors, [], { context: 'two-factor' });
  // null: as read (on with the app set up, else off).
  const [step, setStep] = useState<Step | null>(null);
  let state: State;
  if (step) state = step;
  else if (factors.state === 'ready') {
    const app = factors.data.verified[0];
    state = app ? { name: 'on', factorId: app.id } : { name: 'off' };
  } else state = factors.state === 'failed' ? { name: 'failed', error: factors.error } : { name: 'loading' };
  // Each step replaces the controls of the one before, so the control the visitor used ("Turn on", "Remove",
  // "Cancel") is gone: its step's first words take focus instead of <body> (WCAG 2.4.3), but only after the
  // visitor's own act, never on loading the page. After Cancel, the step's first button takes it: the control
  // that began the cancelled step ("Set up two-factor authentication", "Remove").
  const acted = useRef(false);
  const lead = useRef<HTMLParagraphElement>(null);
  /** The control that begins a step from 'off' or 'on' ("Set up two-factor authentication", "Remove"). */
  const begin = useRef<HTMLButtonElement>(null);
  const change = (next: Step) => {
    acted.current = true;
    setStep(next);
  };
  useEffect(() => {
    const focused = document.activeElement;
    if (!step || !acted.current || (focused && focused !== document.body)) return;
    const back = 'back' in step && step.back;
    (back ? begin.current : lead.current)?.focus();
  }, [step]);

  let body: ReactNode;
  switch (state.name) {
    case 'loading':
      body = (
        <LoadingStatus label={TWO_FACTOR_COPY.loading}>
          <SkeletonText $w="80%" />
        </LoadingStatus>
      );
      break;
    case 'failed':
      body = <LoadFailed what="Two-factor authentication" error={state.error} onRetry={factors.retry} />;
      break;
    case 'off':
      body = (
        <>
          <p ref={lead} tabIndex={-1}>
            {TWO_FACTOR_COPY.off}
          </p>
          <StartSetUp
            buttonRef={begin}
            onStarted={(enrollment) => change({ name: 'enrolling', enrollment })}
          />
        </>
      );
      break;
    case 'enrolling':
      body = (
        <Enrolment
          enrollment={state.enrollment}
          onEnabled={() => change({ name: 'on', factorId: state.enrollment.factorId })}
          onCancel={() => change({ name: 'off', back: true })}
        />
      );
      break;
    case 'on':
      body = (
        <>
          <p ref={lead} tabIndex={-1}>
            {TWO_FACTOR_COPY.on}
          </p>
          <Row>
            <Button
              ref={begin}
              type="button"
              $variant="outline"
              onClick={() => change({ name: 'removing', factorId: state.factorId })}
            >
              {TWO_FACTOR_COPY.remove}
            </Button>
          </Row>
        </>
      );
      break;
    case 'removing':
      body = (
        <>
          <p ref={lead} tabIndex={-1}>
            {TWO_FACTOR_COPY.removeIntro}
          </p>
          <CodeStep
            submit={TWO_FACTOR_COPY.confirmRemove}
            danger
            send={(code) => removeTotp(state.factorId, code)}
            onDone={() => change({ name: 'off' })}
            onCancel={() => change({ name: 'on', factorId: state.factorId, back: true })}
            success={{ title: TWO_FACTOR_COPY.removedTitle, description: TWO_FACTOR_COPY.removed }}
          />
        </>
      );
      break;
  }

  return (
    <SettingsCard icon={<ShieldCheck size={20} aria-hidden />} title={TWO_FACTOR_COPY.heading}>
      {body}
      <Help>
        {TWO_FACTOR_COPY.lostDevice} <Link to={paths.contact}>Contact us</Link> and we will remove two-factor
        authentication from your account once we have confirmed it is you.
      </Help>
    </SettingsCard>
  );
}

/** The set-up's first step: the server makes the key the app will share. */
function StartSetUp({
  onStarted,
  buttonRef,
}: {
  onStarted: (enrollment: TotpEnrollment) => void;
  buttonRef: Ref<HTMLButtonElement>;
}) {
  const form = useFormSubmit({ send: startTotpEnrollment, onSuccess: onStarted });
  return (
    <SettingsForm form={form}>
      <SettingsActions form={form} submit={TWO_FACTOR_COPY.setUp} submitRef={buttonRef} />
    </SettingsForm>
  );
}

function Enrolment({
  enrollment,
  onEnabled,
  onCancel,
}: {
  enrollment: TotpEnrollment;
  onEnabled: () => void;
  onCancel: () => void;
}) {
  const introRef = useFocusOnMount<HTMLParagraphElement>();
  const copy = useAction({
    run: async () => navigator.clipboard.writeText(enrollment.secret),
    context: 'clipboard',
    onSuccess: () => toast({ title: TWO_FACTOR_COPY.copied }),
    // No clipboard access (an insecure origin, a refused permission): words of its own, not describeError's; the
    // key stays on screen to copy by hand.
    handled: () => {
      toast({ title: 'Error', description: 'The key could not be copied. Select it and copy it by hand.' });
      return true;
    },
  });
  return (
    <>
      <p ref={introRef} tabIndex={-1}>
        {TWO_FACTOR_COPY.scan}
      </p>
      <Qr src={enrollment.qrCode} alt={TWO_FACTOR_COPY.qrAlt} width={192} height={192} />
      <p>{TWO_FACTOR_COPY.manual}</p>
      <Row>
        <Secret aria-label="Setup key">{enrollment.secret}</Secret>
        <Button type="button" $variant="outline" $size="sm" onClick={() => copy.run()}>
          <Copy size={16} aria-hidden /> {TWO_FACTOR_COPY.copy}
        </Button>
      </Row>
      <p>{TWO_FACTOR_COPY.enterCode}</p>
      <CodeStep
        submit={TWO_FACTOR_COPY.verify}
        send={(code) => verifyTotpCode(code, enrollment.factorId)}
        onDone={onEnabled}
        onCancel={onCancel}
        success={{ title: TWO_FACTOR_COPY.enabledTitle, description: TWO_FACTOR_COPY.enabled }}
      />
    </>
  );
}

/** A code from the authenticator app, checked by `send`; errors stay beside the field. */
function CodeStep({
  submit,
  danger = false,
  send,
  onDone,
  onCancel,
  success,
}: {
  submit: string;
  danger?: boolean;
  send: (code: string) => Promise<void>;
  onDone: () => void;
  onCancel: () => void;
  success: { title: string; description: string };
}) {
  const form = useFormSubmit({
    initial: { code: '' },
    schema: totpCodeSchema,
    send: ({ code }) => send(code),
    clearOnFailure: ['code'],
    onSuccess: onDone,
    success,
  });
  return (
    <SettingsForm form={form}>
      <CodeField {...form.field('code')} />
      <SettingsActions form={form} submit={submit} danger={danger}>
        <Button type="button" $variant="ghost" disabled={form.submitting} onClick={onCancel}>
          {TWO_FACTOR_COPY.cancel}
        </Button>
      </SettingsActions>
    </SettingsForm>
  );
}
