import styled from 'styled-components';
import { Container, Muted, PageMeta, Section, selectUser, useSessionStore } from 'shared-lib';
import { DeskNav } from '../features/desks/components/DeskNav';

const Heading = styled.h1`
  margin: 0 0 ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.fontSizes['3xl']};
`;

const Intro = styled(Muted)`
  margin: 0 0 ${({ theme }) => theme.space[6]};
`;

/** /admin, the back office's start page. The shell's staff guard renders it only for staff at aal2. */
export default function StartPage() {
  const user = useSessionStore(selectUser);
  return (
    <Section>
      <PageMeta title="Back office" description="The agency's back office" />
      <Container>
        <Heading>Back office</Heading>
        {user ? <Intro>Signed in as {user.email}</Intro> : null}
        <DeskNav />
      </Container>
    </Section>
  );
}
