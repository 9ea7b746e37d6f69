// The frame of every back-office page: its title for the tab, its heading and the desks' navigation.
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Container, PageMeta, Section } from 'shared-lib';
import { DeskNav } from './DeskNav';

const Heading = styled.h1`
  margin: 0 0 ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.fontSizes['3xl']};
`;

const Body = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[6]};
  margin-top: ${({ theme }) => theme.space[6]};
`;

export function PageFrame({
  title,
  heading,
  intro,
  children,
}: {
  title: string;
  heading?: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Section>
      <PageMeta title={title} description="The agency's back office" />
      <Container>
        <Heading>{heading ?? title}</Heading>
        {intro}
        <DeskNav />
        <Body>{children}</Body>
      </Container>
    </Section>
  );
}
