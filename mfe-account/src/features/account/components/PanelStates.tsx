// The loading, error and empty states a list tab of the account area goes through.
import type { MouseEvent, ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { AlertTriangle } from 'lucide-react';
import { Button, ButtonLink, LoadingStatus, paths, type ErrorDescription } from 'shared-lib';
import { List, PanelNote } from './card-parts';

/** Skeleton cards in the shape of the tab's real cards, named by the spec's loading text. */
export function LoadingCards({ label, children }: { label: string; children: ReactNode }) {
  return (
    <LoadingStatus label={label}>
      <List as="div">
        {children}
        {children}
      </List>
    </LoadingStatus>
  );
}

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

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space[3]};
`;

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
    // The button goes while the list loads again: keep focus in the tab instead of dropping it on <body>.
    event.currentTarget.closest<HTMLElement>('[role="tabpanel"]')?.focus();
    onRetry();
  };
  return (
    <Failed>
      <AlertTriangle size={28} aria-hidden />
      <p>
        <strong>{what} could not be loaded.</strong>
      </p>
      {error ? <p>{error.message}</p> : null}
      <Actions>
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
      </Actions>
    </Failed>
  );
}
