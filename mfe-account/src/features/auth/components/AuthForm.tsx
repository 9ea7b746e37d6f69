import { useId, useState } from 'react';
import styled from 'styled-components';
import {
  Button,
  EmailField,
  FieldError,
  PageMeta,
  TextField,
  useFocusAfterSubmit,
  useFormFeedback,
  useFormSubmit,
} from 'shared-lib';
import { authSchema, checkForm } from 'shared-lib/validation';
import { authenticate, type AuthMode } from '../api/authenticate';
import { AUTH_MESSAGES } from '../utils/auth-messages';
import { CONFIRM_COPY } from './ConfirmEmailSent';
import { Form, Heading, Intro, Panel, Spinner, Switch, TextButton } from './auth-parts';

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

const Forgot = styled.p`
  margin: -${({ theme }) => theme.space[2]} 0 0;
  text-align: right;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** The spec's password rules (section 5), shown under the password while signing up. */
export const PASSWORD_HINT =
  'At least 8 characters, with an uppercase letter, a lowercase letter and a number.';

interface AuthFormProps {
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
export function AuthForm({ onAuthenticated, onForgotPassword, onConfirmationSent }: AuthFormProps) {
  const [mode, setMode] = useState<AuthMode>('sign-in');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // What the provider answered to the last attempt ('Invalid email or password', ...), kept beside the form.
  const [failure, setFailure] = useState<string | null>(null);
  const id = useId();
  const text = copy[mode];
  const feedback = useFormFeedback<'email' | 'password'>();
  const { errors } = feedback;

  const { submitting, onSubmit } = useFormSubmit({
    check: () => {
      setFailure(null);
      return checkForm(authSchema, { email, password }, undefined, feedback.report);
    },
    send: async (credentials) => {
      const outcome = await authenticate(mode, credentials);
      if (!outcome.ok) {
        setFailure(outcome.message);
        throw new Error(outcome.message);
      }
      return outcome;
    },
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
  useFocusAfterSubmit(feedback, submitting);
  const failureId = failure ? `${id}-failure` : undefined;

  return (
    <Panel>
      {/* The tab's title names the mode the form is in (WCAG 2.4.2). */}
      <PageMeta title={text.title} description="Sign in to access your cart and checkout" />
      <Heading>{text.heading}</Heading>
      <Intro>Sign in to access your cart and checkout</Intro>
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
          error={errors.email}
          aria-describedby={failureId}
        />
        <TextField
          id={`${id}-password`}
          label="Password"
          type="password"
          name="password"
          autoComplete={mode === 'sign-in' ? 'current-password' : 'new-password'}
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            feedback.clear('password');
          }}
          required
          hint={mode === 'sign-up' ? PASSWORD_HINT : undefined}
          error={errors.password}
          aria-describedby={failureId}
        />
        {mode === 'sign-in' ? (
          <Forgot>
            <TextButton type="button" onClick={() => onForgotPassword(email.trim())}>
              Forgot password?
            </TextButton>
          </Forgot>
        ) : null}
        {failure ? <FieldError id={failureId}>{failure}</FieldError> : null}
        <Button type="submit" $block $size="lg" disabled={submitting} aria-describedby={failureId}>
          {submitting ? <Spinner size={18} aria-hidden /> : null}
          {text.submit}
        </Button>
      </Form>
      <Switch>
        {text.switchPrompt}{' '}
        <TextButton
          type="button"
          onClick={() => {
            setMode(mode === 'sign-in' ? 'sign-up' : 'sign-in');
            setFailure(null);
            feedback.report({});
          }}
        >
          {text.switchAction}
        </TextButton>
      </Switch>
    </Panel>
  );
}
