import styled from 'styled-components';
import { Card, Container, Grid, media, Muted, Section, PageMeta } from 'shared-lib';
import { PageHero } from '../components/layout';
import { CaseBeforeAfter } from '../art/case-art';
import { caseStudies, stats } from '../content/company';

const Stats = styled.dl`
  display: grid;
  grid-template-columns: repeat(2, 1fr);
  gap: ${({ theme }) => theme.space[4]};
  margin: 0;
  ${media.md} {
    grid-template-columns: repeat(4, 1fr);
  }
  div {
    display: flex;
    flex-direction: column-reverse;
    text-align: center;
  }
  dd {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes['3xl']};
    font-weight: 800;
    color: ${({ theme }) => theme.colors.primary};
  }
`;

const BeforeAfter = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${({ theme }) => theme.space[2]};
  margin-bottom: ${({ theme }) => theme.space[4]};
  div {
    position: relative;
  }
  /* The visible "Before" and "After" tags; each picture's label already says which it is. */
  span {
    position: absolute;
    left: 0.375rem;
    bottom: 0.375rem;
    padding: 0.0625rem 0.5rem;
    border-radius: ${({ theme }) => theme.radii.pill};
    background: ${({ theme }) => theme.colors.bg};
    color: ${({ theme }) => theme.colors.ink};
    font-size: ${({ theme }) => theme.fontSizes.xs};
    font-weight: 700;
  }
`;

export default function CasesPage() {
  return (
    <>
      <PageMeta
        title="Cases"
        description="Three projects, their results and what our clients say about them."
      />
      <PageHero
        eyebrow="Case studies"
        title="Results our clients can measure"
        lead="Three recent projects: what we built, how long it took and what changed."
      />
      <Section>
        <Container>
          <Stats>
            {stats.map((stat) => (
              <div key={stat.label}>
                <dt>{stat.label}</dt>
                <dd>{stat.value}</dd>
              </div>
            ))}
          </Stats>
        </Container>
      </Section>
      <Section $tone="soft">
        <Container>
          <Grid $min="18rem">
            {caseStudies.map((study, index) => (
              <Card key={study.title} as="article">
                <BeforeAfter>
                  <CaseBeforeAfter index={index} />
                </BeforeAfter>
                <Muted as="p" style={{ margin: 0 }}>
                  {study.industry}
                </Muted>
                <h2 style={{ fontSize: '1.25rem' }}>{study.title}</h2>
                <p>{study.description}</p>
                <p>
                  <strong>{study.result}</strong> · {study.timesSaved}
                </p>
                <blockquote style={{ margin: 0 }}>
                  <p style={{ fontStyle: 'italic' }}>“{study.quote}”</p>
                  <footer>{study.client}</footer>
                </blockquote>
              </Card>
            ))}
          </Grid>
        </Container>
      </Section>
    </>
  );
}
