import { Link, useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { Container, Muted, PageMeta, paths, Section, selectAuthStatus, useSessionStore } from 'shared-lib';
import { ForgotPasswordForm } from '../features/auth/components/ForgotPasswordForm';
import { NewPasswordForm } from '../features/auth/components/NewPasswordForm';
import { SecondFactorForm } from '../features/auth/components/SecondFactorForm';

const Pending = styled(Muted)`
  min-height: 24rem;
  margin: 0;
  text-align: center;
`;

const Notice = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[4]};
  padding: ${({ theme }) => theme.space[3]} ${({ theme }) => theme.space[4]};
  border-left: 4px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.dangerSoft};
  color: ${({ theme }) => theme.colors.text};
`;

const BackLink = styled(Link)`
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 600;
`;

export const RESET_COPY = {
  expired: 'This password reset link has expired or has already been used. Request a new one below.',
  invalid: 'This password reset link is not valid. Request a new one below.',
  noLink: 'To choose a new password, open the link from the email we sent you, or request a new link below.',
  requestNew: 'Request a new link',
} as const;

/**
 * What the auth server put in the URL fragment when it could not sign the visitor in from the link
 * (`#error=access_denied&error_code=otp_expired&...`); supabase-js leaves that fragment in place.
 */
function linkError(hash: string): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  if (!params.has('error') && !params.has('error_code')) return null;
  return params.get('error_code') === 'otp_expired' ? RESET_COPY.expired : RESET_COPY.invalid;
}

/**
 * /auth/reset, where the password-reset e-mail's link leads. supabase-js signs the visitor in from the link
 * (PASSWORD_RECOVERY); they choose a new password and go on to their account. A link that failed, or a visit
 * without one, offers to send a new link.
 */
export default function ResetPasswordPage() {
  const status = useSessionStore(selectAuthStatus);
  const awaitingCode = useSessionStore((state) => state.awaitingSecondFactor);
  const location = useLocation();
  const navigate = useNavigate();
  // supabase-js leaves an error fragment in place (it removes only a successful link's tokens).
  const failedLink = linkError(location.hash);
  const back = <BackLink to={paths.auth}>Back to sign in</BackLink>;

  let content;
  if (failedLink) {
    content = (
      <ForgotPasswordForm
        heading={RESET_COPY.requestNew}
        notice={<Notice role="alert">{failedLink}</Notice>}
        back={back}
      />
    );
  } else if (status === 'loading') {
    content = <Pending role="status">Loading...</Pending>;
  } else if (awaitingCode) {
    // An account with two-factor authentication: the reset link alone is not enough to change its password.
    content = <SecondFactorForm />;
  } else if (status === 'signed-in') {
    content = (
      <NewPasswordForm
        onUpdated={() => {
          useSessionStore.getState().setPasswordRecovery(false);
          navigate(paths.account, { replace: true });
        }}
      />
    );
  } else {
    content = (
      <ForgotPasswordForm
        heading={RESET_COPY.requestNew}
        notice={<Notice>{RESET_COPY.noLink}</Notice>}
        back={back}
      />
    );
  }

  return (
    <Section>
      <PageMeta title="Reset Password" description="Choose a new password for your account" />
      <Container>{content}</Container>
    </Section>
  );
}
