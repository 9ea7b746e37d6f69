import type { ReactNode } from 'react';
import styled from 'styled-components';
import { MailCheck } from 'lucide-react';
import { PageMeta } from 'shared-lib';
import { useFocusOnMount } from '../hooks/use-focus-on-mount';
import { Heading, Panel } from './auth-parts';

const Icon = styled.div`
  display: flex;
  justify-content: center;
  margin-bottom: ${({ theme }) => theme.space[3]};
  color: ${({ theme }) => theme.colors.primary};
`;

const Message = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[5]};
  text-align: center;
  overflow-wrap: anywhere;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
`;

/** "Check your inbox" after the site has sent an e-mail: what was sent, and the next steps as actions. */
export function CheckInbox({ message, children }: { message: ReactNode; children: ReactNode }) {
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  return (
    <Panel>
      <PageMeta title="Check Your Inbox" description="Sign in to access your cart and checkout" />
      <Icon>
        <MailCheck size={40} aria-hidden />
      </Icon>
      <Heading ref={headingRef} tabIndex={-1}>
        Check your inbox
      </Heading>
      <Message>{message}</Message>
      <Actions>{children}</Actions>
    </Panel>
  );
}
