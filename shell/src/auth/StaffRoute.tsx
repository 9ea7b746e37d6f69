import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { ButtonLink, Container, Muted, PageMeta, paths, useSessionStore } from 'shared-lib';
import { PageSkeleton } from '../federation/PageSkeleton';
import { markPageRendered } from '../federation/use-after-first-load';
import { NotFound } from '../pages/NotFound';

/**
 * The back office's guard, decided before anything of it renders or downloads: 'Loading...' until the first
 * session check returns; then the 404 page for anyone who is not staff (as for a path the site does not have);
 * staff whose sign-in waits for its code go to /auth, which asks for it and brings them back; staff without
 * two-factor authentication are asked to turn it on; staff at aal2 get the page. Staff is what the session's
 * access token says (shared-lib's session store): this hides screens, the database keeps the rules.
 */
export function StaffRoute({ children }: { children: ReactNode }) {
  const status = useSessionStore((s) => s.status);
  const staff = useSessionStore((s) => s.staff);
  const awaitingCode = useSessionStore((s) => s.awaitingSecondFactor);
  const verified = useSessionStore((s) => s.secondFactorVerified);
  const location = useLocation();
  if (status === 'loading') return <PageSkeleton />;
  if (!staff) return <NotFound />;
  if (status === 'signed-out' && awaitingCode)
    return <Navigate to={paths.auth} replace state={{ from: `${location.pathname}${location.search}` }} />;
  if (status !== 'signed-in') return <NotFound />;
  if (!verified) return <TwoFactorNeeded />;
  return <>{children}</>;
}

const Panel = styled.section`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space[3]};
  max-width: 36rem;
  margin: ${({ theme }) => theme.space[8]} auto;
  text-align: center;
  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
  }
  p {
    margin: 0;
  }
`;

/** Beyond the spec (#42): staff whose account has no second factor yet; the back office needs one. */
function TwoFactorNeeded() {
  useEffect(markPageRendered, []);
  return (
    <Container>
      <PageMeta title="Two-factor authentication needed" />
      <Panel aria-labelledby="two-factor-needed">
        <h1 id="two-factor-needed">Two-factor authentication needed</h1>
        <Muted>
          The back office opens only with two-factor authentication. Turn it on in the Profile tab of your
          account, then come back here.
        </Muted>
        <ButtonLink to={paths.account}>Go to My Account</ButtonLink>
      </Panel>
    </Container>
  );
}
