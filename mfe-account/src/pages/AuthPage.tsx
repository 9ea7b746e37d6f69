import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { Container, Muted, PageMeta, Section, selectAuthStatus, useSessionStore } from 'shared-lib';
import { AuthForm } from '../features/auth/components/AuthForm';
import { redirectTarget } from '../features/auth/utils/redirect-target';

const Pending = styled(Muted)`
  min-height: 24rem;
  margin: 0;
  text-align: center;
`;

/**
 * /auth. The user moves on only after their own successful sign-in or sign-up, or when they arrive already
 * signed in; a background token refresh elsewhere on the site never brings them here or away.
 */
export default function AuthPage() {
  const status = useSessionStore(selectAuthStatus);
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
        {status === 'signed-out' ? (
          <AuthForm onAuthenticated={moveOn} />
        ) : (
          // A stored session is still being checked: no form flashing up for a user about to be sent on. (The
          // form names the page itself, by its mode.)
          <>
            <PageMeta title="Sign In" description="Sign in to access your cart and checkout" />
            <Pending role="status">Loading...</Pending>
          </>
        )}
      </Container>
    </Section>
  );
}
