import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button, FormFailure, PageMeta, paths, signOut, SubmitButton, useFormSubmit } from 'shared-lib';
import { totpCodeSchema } from 'shared-lib/validation';
import { verifyTotpCode } from '../api/verify-totp-code';
import { useFocusOnMount } from '../hooks/use-focus-on-mount';
import { AUTH_MESSAGES } from '../utils/auth-messages';
import { CodeField } from './CodeField';
import { Heading, Intro, Panel, PanelForm, Switch } from './auth-parts';

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
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const form = useFormSubmit({
    initial: { code: '' },
    schema: totpCodeSchema,
    send: ({ code }) => verifyTotpCode(code),
    clearOnFailure: ['code'],
    success: { title: 'Success', description: AUTH_MESSAGES.signedIn },
  });

  return (
    <Panel>
      <PageMeta title="Two-Factor Authentication" description="Sign in to access your cart and checkout" />
      <Heading ref={headingRef} tabIndex={-1}>
        {SECOND_FACTOR_COPY.heading}
      </Heading>
      <Intro>{SECOND_FACTOR_COPY.intro}</Intro>
      <PanelForm form={form}>
        <CodeField {...form.field('code')} />
        <FormFailure form={form} />
        <SubmitButton form={form} $block $size="lg">
          {SECOND_FACTOR_COPY.submit}
        </SubmitButton>
        <Button
          type="button"
          $block
          $variant="ghost"
          disabled={form.submitting}
          onClick={() => void signOut()}
        >
          {SECOND_FACTOR_COPY.cancel}
        </Button>
      </PanelForm>
      <Help>
        {SECOND_FACTOR_COPY.lostDevice} <Link to={paths.contact}>Contact us</Link> and we will help you back
        into your account.
      </Help>
    </Panel>
  );
}
