// What the account area's panels show when a load failed, a list is empty or hidden until the second factor is
// entered; the Orders and Meetings tabs (features/account) and the Profile tab's two-factor settings
// (features/auth) share them.
import type { MouseEvent } from 'react';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { AlertTriangle } from 'lucide-react';
import { ActionRow, Button, ButtonLink, paths, useSessionStore, type ErrorDescription } from 'shared-lib';

/** The loading and empty texts of a tab. */
export const PanelNote = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space[6]} ${({ theme }) => theme.space[4]};
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  color: ${({ theme }) => theme.colors.muted};
  text-align: center;
`;

const Failed = styled(PanelNote).attrs({ as: 'div' })`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space[3]};
  border-style: solid;
  border-color: ${({ theme }) => theme.colors.danger};
  background: ${({ theme }) => theme.colors.dangerSoft};
  color: ${({ theme }) => theme.colors.text};
  p {
    margin: 0;
  }
  svg {
    color: ${({ theme }) => theme.colors.danger};
  }
`;

/**
 * Retry's button goes while the list loads again (or the whole section, when nothing is left to show): focus moves
 * to the tab's panel first instead of dropping on <body>.
 */
export function keepFocusInTab(event: MouseEvent<HTMLElement>) {
  event.currentTarget.closest<HTMLElement>('[role="tabpanel"]')?.focus();
}

/**
 * A failed load: what failed, why in words for people, and Retry (plus signing in again when the session has
 * expired; the auth page brings the customer back here).
 */
export function LoadFailed({
  what,
  error,
  onRetry,
}: {
  what: string;
  error: ErrorDescription | null;
  onRetry: () => void;
}) {
  const location = useLocation();
  const retry = (event: MouseEvent<HTMLButtonElement>) => {
    keepFocusInTab(event);
    onRetry();
  };
  return (
    <Failed>
      <AlertTriangle size={28} aria-hidden />
      <p>
        <strong>{what} could not be loaded.</strong>
      </p>
      {error ? <p>{error.message}</p> : null}
      <ActionRow $centered>
        <Button onClick={retry}>Retry</Button>
        {error?.kind === 'session' ? (
          <ButtonLink
            to={paths.auth}
            state={{ from: `${location.pathname}${location.search}` }}
            $variant="outline"
          >
            Sign in again
          </ButtonLink>
        ) : null}
      </ActionRow>
    </Failed>
  );
}

/**
 * Beyond the spec (issue #30): a list the database hides because this session still needs its second factor
 * (two-factor authentication was turned on elsewhere since it began), where 'No orders yet' would be untrue.
 * 'Enter code' leads to the sign-in page's code step, which brings the customer back here.
 */
export function SecondFactorNeeded({ what }: { what: string }) {
  const awaitSecondFactor = useSessionStore((s) => s.awaitSecondFactor);
  return (
    <Note>
      <p>
        Your account has two-factor authentication. Enter the code from your authenticator app to see your{' '}
        {what}.
      </p>
      <Button onClick={() => awaitSecondFactor()}>Enter code</Button>
    </Note>
  );
}

const Note = styled(PanelNote).attrs({ as: 'div' })`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space[3]};
  color: ${({ theme }) => theme.colors.text};
  p {
    margin: 0;
  }
`;
