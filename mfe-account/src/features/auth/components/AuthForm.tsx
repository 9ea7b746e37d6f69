import { useId, useState } from 'react';
import styled, { keyframes } from 'styled-components';
import { Loader2 } from 'lucide-react';
import {
  Button,
  Card,
  EmailField,
  FieldError,
  media,
  Muted,
  PageMeta,
  TextField,
  useFocusAfterSubmit,
  useFormFeedback,
  useFormSubmit,
} from 'shared-lib';
import { authSchema, checkForm } from 'shared-lib/validation';
import { authenticate, type AuthMode } from '../api/authenticate';
import { AUTH_MESSAGES } from '../utils/auth-messages';

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

const Panel = styled(Card)`
  width: 100%;
  max-width: 28rem;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space[5]};
  ${media.sm} {
    padding: ${({ theme }) => theme.space[6]};
  }
`;

const Heading = styled.h1`
  margin: 0 0 ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
  text-align: center;
`;

const Intro = styled(Muted)`
  margin: 0 0 ${({ theme }) => theme.space[5]};
  text-align: center;
`;

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
`;

const spin = keyframes`to { transform: rotate(360deg); }`;

const Spinner = styled(Loader2)`
  animation: ${spin} 1s linear infinite;
  ${media.reducedMotion} {
    animation: none;
  }
`;

const Switch = styled.p`
  margin: ${({ theme }) => theme.space[5]} 0 0;
  text-align: center;
  color: ${({ theme }) => theme.colors.muted};
`;

const TextButton = styled.button`
  padding: 0.25rem;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.primary};
  font: inherit;
  font-weight: 600;
  text-decoration: underline;
  text-underline-offset: 2px;
  cursor: pointer;
  &:hover {
    color: ${({ theme }) => theme.colors.primaryHover};
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
    border-radius: ${({ theme }) => theme.radii.sm};
  }
`;

/** The spec's password rules (section 5), shown under the password while signing up. */
export const PASSWORD_HINT =
  'At least 8 characters, with an uppercase letter, a lowercase letter and a number.';

interface AuthFormProps {
  /** Called once the user has a session (after sign-in, or a sign-up that signs straight in). */
  onAuthenticated: () => void;
}

/** One form for signing in and signing up, toggled by a link-style button below it. */
export function AuthForm({ onAuthenticated }: AuthFormProps) {
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
      return outcome.signedIn;
    },
    onSuccess: (signedIn) => {
      if (signedIn) {
        onAuthenticated();
      } else {
        // The account waits for its e-mail confirmation: the next step is signing in.
        setMode('sign-in');
        setPassword('');
      }
    },
    success: {
      title: 'Success',
      description: mode === 'sign-in' ? AUTH_MESSAGES.signedIn : AUTH_MESSAGES.signedUp,
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
