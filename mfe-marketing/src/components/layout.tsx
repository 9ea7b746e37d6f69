// Building blocks the marketing pages share: the page hero, section headings and numbered steps.
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Container, Section, Steps } from 'shared-lib';

const HeroSection = styled(Section)`
  padding-bottom: ${({ theme }) => theme.space[6]};
  background: linear-gradient(
    180deg,
    ${({ theme }) => theme.colors.surfaceAlt} 0%,
    ${({ theme }) => theme.colors.bg} 100%
  );
`;

const HeroInner = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  max-width: 46rem;
  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes['4xl']};
  }
  p {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
    color: ${({ theme }) => theme.colors.muted};
  }
`;

export function PageHero({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: string;
  title: string;
  lead: ReactNode;
  children?: ReactNode;
}) {
  return (
    <HeroSection>
      <Container>
        <HeroInner>
          {eyebrow ? <Eyebrow>{eyebrow}</Eyebrow> : null}
          <h1>{title}</h1>
          <p>{lead}</p>
          {children}
        </HeroInner>
      </Container>
    </HeroSection>
  );
}

export const Eyebrow = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 700;
  letter-spacing: 0.08em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.accent};
`;

export const SectionTitle = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes['3xl']};
  margin-bottom: ${({ theme }) => theme.space[5]};
`;

export const Prose = styled.div`
  max-width: 46rem;
  h2 {
    margin-top: ${({ theme }) => theme.space[6]};
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
  li {
    margin-bottom: ${({ theme }) => theme.space[2]};
  }
`;

export { Steps };
