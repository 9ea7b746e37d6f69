import styled from 'styled-components';
import { Container, Muted, Section, selectUser, PageMeta, useSessionStore } from 'shared-lib';
import { AccountTabs } from '../features/account/components/AccountTabs';
import { ProfilePanel } from '../features/auth/components/ProfilePanel';
import { BillingDetailsCard } from '../features/billing/components/BillingDetailsCard';

const Heading = styled.h1`
  margin: 0 0 ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.fontSizes['3xl']};
`;

const Intro = styled(Muted)`
  margin: 0 0 ${({ theme }) => theme.space[6]};
`;

const Narrow = styled(Container)`
  max-width: 56rem;
`;

/** /account. The shell's guard only renders it for a signed-in user. */
export default function AccountPage() {
  const user = useSessionStore(selectUser);
  return (
    <Section>
      <PageMeta title="My Account" description="View your orders, meetings, and profile information" />
      <Narrow>
        <Heading>My Account</Heading>
        <Intro>View your orders, meetings, and profile information</Intro>
        {user ? (
          <AccountTabs
            key={user.id}
            user={user}
            profile={<ProfilePanel user={user} billing={<BillingDetailsCard userId={user.id} />} />}
          />
        ) : null}
      </Narrow>
    </Section>
  );
}
