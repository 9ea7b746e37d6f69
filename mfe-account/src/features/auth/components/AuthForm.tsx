import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { EmailField, FormFailure, PageMeta, SubmitButton, TextField, useFormSubmit } from 'shared-lib';
import { authSchema, signUpSchema } from 'shared-lib/validation';
import { signIn, type AuthOutcome } from '../api/sign-in';
import { signUp } from '../api/sign-up';
import { AUTH_MESSAGES } from '../utils/auth-messages';
import { useCaptcha } from './Captcha';
import { CONFIRM_COPY } from './ConfirmEmailSent';
import { Heading, Intro, Panel, PanelForm, Switch, TextButton } from './auth-parts';
import { NewPasswordField } from './PasswordRules';

type AuthMode = 'sign-in' | 'sign-up';

const copy = {
  'sign-in': {
    title: 'Sign In',
    heading: 'Welcome Back',
    submit: 'Sign In',
    switchPrompt: "Don't have an account?",
    switchAction: 'Sign up',
  },
  'sign-up': {
    title: 'Sign Up',
    heading: 'Create Your Account',
    submit: 'Sign Up',
    switchPrompt: 'Already have an account?',
    switchAction: 'Sign in',
  },
} as const;

/**
 * The intro under the heading: the spec's words in sign-in mode; in sign-up mode they would ask to sign in, so
 * that mode has its own (beyond the spec, docs/architecture.md).
 */
export const AUTH_INTRO = {
  'sign-in': 'Sign in to access your cart and checkout',
  'sign-up': 'Create an account to access your cart and checkout',
} as const;

const Forgot = styled.p`
  margin: -${({ theme }) => theme.space[2]} 0 0;
  text-align: right;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

interface AuthFormProps {
  /** Its heading takes focus once shown (the page came back to it from another step). */
  focusOnMount?: boolean;
  /** Called once the user has a session (after sign-in, or a sign-up that signs straight in). */
  onAuthenticated: () => void;
  /** "Forgot password?", with the address typed so far. */
  onForgotPassword: (email: string) => void;
  /** A sign-up that waits for its e-mail confirmation (confirmations on), with the address it went to. */
  onConfirmationSent: (email: string) => void;
}

/** Said when the password was right and the authenticator app's code comes next (the code step takes focus). */
const CODE_NEXT = {
  title: 'One more step',
  description: 'Enter the code from your authenticator app.',
} as const;
const CONFIRMATION_SENT = { title: 'Check your inbox' } as const;

/** One form for signing in and signing up, toggled by a link-style button below it. */
export function AuthForm({
  focusOnMount = false,
  onAuthenticated,
  onForgotPassword,
  onConfirmationSent,
}: AuthFormProps) {
  const [mode, setMode] = useState<AuthMode>('sign-in');
  const text = copy[mode];
  // A switch of mode moves focus to the new heading: the change is read out (the switch itself stays put and said
  // nothing), and the form comes next in the tab order. Not on the first render (the page's own focus rule).
  const heading = useRef<HTMLHeadingElement>(null);
  const switched = useRef(focusOnMount);
  useEffect(() => {
    if (switched.current) heading.current?.focus();
  }, [mode]);
  const captcha = useCaptcha();
  const form = useFormSubmit({
    initial: { email: '', password: '' },
    // Signing up, the rules are listed under the password, so a miss is one message (signUpSchema).
    schema: mode === 'sign-in' ? authSchema : signUpSchema,
    send: (credentials): Promise<AuthOutcome> =>
      mode === 'sign-in' ? signIn(credentials, captcha.take()) : signUp(credentials, captcha.take()),
    onSuccess: (outcome, values) => {
      // The session store shows the code step itself (the session is not counted as signed in yet).
      if (outcome.needsCode) return;
      if (outcome.signedIn) onAuthenticated();
      else onConfirmationSent(values.email);
    },
    success: (outcome, values) => {
      if (outcome.needsCode) return CODE_NEXT;
      if (!outcome.signedIn) return { ...CONFIRMATION_SENT, description: CONFIRM_COPY.sent(values.email) };
      return {
        title: 'Success',
        description: mode === 'sign-in' ? AUTH_MESSAGES.signedIn : AUTH_MESSAGES.signedUp,
      };
    },
  });

  return (
    <Panel>
      {/* The tab's title names the mode the form is in (WCAG 2.4.2). */}
      <PageMeta title={text.title} description="Sign in to access your cart and checkout" />
      <Heading ref={heading} tabIndex={-1}>
        {text.heading}
      </Heading>
      <Intro>{AUTH_INTRO[mode]}</Intro>
      <PanelForm form={form}>
        <EmailField {...form.field('email')} inputMode="email" required />
        {mode === 'sign-in' ? (
          <TextField
            {...form.field('password')}
            label="Password"
            type="password"
            autoComplete="current-password"
            required
          />
        ) : (
          <NewPasswordField field={form.field('password')} label="Password" />
        )}
        {mode === 'sign-in' ? (
          <Forgot>
            <TextButton type="button" onClick={() => onForgotPassword(form.values.email.trim())}>
              Forgot password?
            </TextButton>
          </Forgot>
        ) : null}
        {captcha.widget}
        <FormFailure form={form} />
        <SubmitButton form={form} $block $size="lg">
          {text.submit}
        </SubmitButton>
      </PanelForm>
      <Switch>
        {text.switchPrompt}{' '}
        <TextButton
          type="button"
          onClick={() => {
            switched.current = true;
            setMode(mode === 'sign-in' ? 'sign-up' : 'sign-in');
            form.clearMessages();
          }}
        >
          {text.switchAction}
        </TextButton>
      </Switch>
    </Panel>
  );
}
