import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { CloudOff } from 'lucide-react';
import { ActionRow, Button, ButtonLink, Container, paths, type RemoteKey } from 'shared-lib';
import { markPageRendered } from './use-after-first-load';

// What could not be loaded, in words; a remote without its own words is 'This page'.
const labels: Partial<Record<RemoteKey, string>> = {
  catalog: 'Our services and the cart',
  account: 'Sign-in and your account',
};

const Panel = styled.section`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space[3]};
  margin: ${({ theme }) => theme.space[8]} auto;
  max-width: 32rem;
  padding: ${({ theme }) => theme.space[6]};
  text-align: center;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  svg {
    color: ${({ theme }) => theme.colors.muted};
  }
`;

export function UnavailablePanel({ remote, onRetry }: { remote: RemoteKey; onRetry: () => void }) {
  const [retrying, setRetrying] = useState(false);
  useEffect(markPageRendered, []);
  return (
    <Container>
      <Panel aria-labelledby="unavailable-title" data-testid="remote-unavailable">
        <CloudOff size={40} aria-hidden />
        <h1 id="unavailable-title">Temporarily unavailable</h1>
        <p>
          {labels[remote] ?? 'This page'} could not be loaded right now. The rest of the site still works;
          please try again in a moment.
        </p>
        <ActionRow $centered>
          <Button
            disabled={retrying}
            onClick={() => {
              setRetrying(true);
              onRetry();
            }}
          >
            Retry
          </Button>
          <ButtonLink to={paths.home} $variant="outline">
            Go to the home page
          </ButtonLink>
        </ActionRow>
      </Panel>
    </Container>
  );
}
