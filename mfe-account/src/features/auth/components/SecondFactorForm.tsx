import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import {
  Button,
  FieldError,
  paths,
  signOut,
  useFocusAfterSubmit,
  useFormFeedback,
  useFormSubmit,
  PageMeta,
} from 'shared-lib';
import { checkForm, totpCodeSchema } from 'shared-lib/validation';
import { verifyCode } from '../api/account-security';
import { useFocusOnMount } from '../hooks/use-focus-on-mount';
import { AUTH_MESSAGES } from '../utils/auth-messages';
import { useCallFailure } from '../hooks/use-call-failure';
import { CodeField } from './CodeField';
import { Form, Heading, Intro, Panel, Spinner, Switch } from './auth-parts';

const SECOND_FACTOR_COPY = {
  heading: 'Two-factor authentication',
  intro: 'Enter the 6-digit code from your authenticator app to finish signing in.',
  submit: 'Verify',
  cancel: 'Cancel',
  lostDevice: 'Lost access to your authenticator app?',
} as const;

const Help = styled(Switch)`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  a {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
  }
`;

/**
 * The second step of signing in to an account with two-factor authentication. A verified code makes the session
 * aal2 (MFA_CHALLENGE_VERIFIED): the session store then counts the customer as signed in and the page moves on
 * where the sign-in was going. Cancel signs the half-finished session out.
 */
export function SecondFactorForm() {
  const [code, setCode] = useState('');
  const id = useId();
  const { failure, failureId, clearFailure, keepFailure } = useCallFailure(id);
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const feedback = useFormFeedback<'code'>();

  const { submitting, onSubmit } = useFormSubmit({
    check: () => {
      clearFailure();
      return checkForm(totpCodeSchema, { code }, undefined, feedback.report);
    },
    send: async (values) => {
      try {
        await verifyCode(values.code);
      } catch (error) {
        keepFailure(error);
        setCode('');
        throw error;
      }
    },
    success: { title: 'Success', description: AUTH_MESSAGES.signedIn },
  });
  useFocusAfterSubmit(feedback, submitting);

  return (
    <Panel>
      <PageMeta title="Two-Factor Authentication" description="Sign in to access your cart and checkout" />
      <Heading ref={headingRef} tabIndex={-1}>
        {SECOND_FACTOR_COPY.heading}
      </Heading>
      <Intro>{SECOND_FACTOR_COPY.intro}</Intro>
      <Form ref={feedback.formRef} noValidate onSubmit={onSubmit} aria-busy={submitting}>
        <CodeField
          id={`${id}-code`}
          name="code"
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            feedback.clear('code');
          }}
          error={feedback.errors.code}
          aria-describedby={failureId}
        />
        {failure ? <FieldError id={failureId}>{failure}</FieldError> : null}
        <Button type="submit" $block $size="lg" disabled={submitting} aria-describedby={failureId}>
          {submitting ? <Spinner size={18} aria-hidden /> : null}
          {SECOND_FACTOR_COPY.submit}
        </Button>
        <Button type="button" $block $variant="ghost" disabled={submitting} onClick={() => void signOut()}>
          {SECOND_FACTOR_COPY.cancel}
        </Button>
      </Form>
      <Help>
        {SECOND_FACTOR_COPY.lostDevice} <Link to={paths.contact}>Contact us</Link> and we will help you back
        into your account.
      </Help>
    </Panel>
  );
}
