import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { Container, FormSkeleton, PageMeta, Section, selectAuthStatus, useSessionStore } from 'shared-lib';
import { AuthForm } from '../features/auth/components/AuthForm';
import { TextButton } from '../features/auth/components/auth-parts';
import { ConfirmEmailSent } from '../features/auth/components/ConfirmEmailSent';
import { ForgotPasswordForm } from '../features/auth/components/ForgotPasswordForm';
import { SecondFactorForm } from '../features/auth/components/SecondFactorForm';
import { redirectTarget } from '../features/auth/utils/redirect-target';

// The sign-in card's width and height, so nothing moves when the form replaces it.
const Pending = styled(FormSkeleton)`
  max-width: 28rem;
  min-height: 24rem;
  margin: 0 auto;
`;

/** What the signed-out visitor sees besides the sign-in form, with the address it concerns. */
type Step = { name: 'credentials' } | { name: 'forgot'; email: string } | { name: 'confirm'; email: string };

/**
 * /auth. The user moves on only after their own successful sign-in or sign-up, or when they arrive already
 * signed in; a background token refresh elsewhere on the site never brings them here or away. A sign-in that
 * waits for its authenticator app's code stays here and asks for it, then moves on the same way.
 */
export default function AuthPage() {
  const status = useSessionStore(selectAuthStatus);
  const awaitingCode = useSessionStore((state) => state.awaitingSecondFactor);
  const [step, setStep] = useState<Step>({ name: 'credentials' });
  // Back on the sign-in form from another step (Cancel on the code step, "Back to sign in"), the control used went
  // with its step: the form's heading takes focus instead of <body>. Not when the page first shows its form.
  const view = status !== 'signed-out' ? 'pending' : awaitingCode ? 'code' : step.name;
  const [shownView, setShownView] = useState(view);
  const [returned, setReturned] = useState(false);
  if (view !== shownView) {
    setShownView(view);
    if (shownView !== 'pending' && shownView !== 'credentials') setReturned(true);
  }
  const backToSignIn = (
    <TextButton type="button" onClick={() => setStep({ name: 'credentials' })}>
      Back to sign in
    </TextButton>
  );
  const location = useLocation();
  const navigate = useNavigate();
  const target = redirectTarget(location.state);
  // supabase-js reports SIGNED_IN (which flips the session store) before the sign-in call returns, so both
  // paths below fire for one sign-in: the first one moves on, the second does nothing.
  const left = useRef(false);
  const moveOn = useCallback(() => {
    if (left.current) return;
    left.current = true;
    navigate(target, { replace: true });
  }, [navigate, target]);

  useEffect(() => {
    if (status === 'signed-in') moveOn();
  }, [status, moveOn]);

  return (
    <Section>
      <Container>
        {status !== 'signed-out' ? (
          // A stored session is still being checked: no form flashing up for a user about to be sent on.
          // (The form names the page itself, by its mode.)
          <>
            <PageMeta title="Sign In" description="Sign in to access your cart and checkout" />
            <Pending fields={2} />
          </>
        ) : awaitingCode ? (
          <SecondFactorForm />
        ) : step.name === 'forgot' ? (
          <ForgotPasswordForm initialEmail={step.email} back={backToSignIn} />
        ) : step.name === 'confirm' ? (
          <ConfirmEmailSent email={step.email} onBack={() => setStep({ name: 'credentials' })} />
        ) : (
          <AuthForm
            focusOnMount={returned}
            onAuthenticated={moveOn}
            onForgotPassword={(email) => setStep({ name: 'forgot', email })}
            onConfirmationSent={(email) => setStep({ name: 'confirm', email })}
          />
        )}
      </Container>
    </Section>
  );
}
