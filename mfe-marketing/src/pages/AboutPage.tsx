import styled from 'styled-components';
import { Card, Container, Grid, Section, PageMeta } from 'shared-lib';
import { PageHero, SectionTitle } from '../components/layout';
import { Portrait } from '../art/portraits';
import { founders, timeline, values } from '../content/company';

const Founder = styled(Card)`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[4]};
  align-items: center;
  h3 {
    margin: 0 0 0.25rem;
  }
  p {
    margin: 0;
  }
  & > p:last-child {
    grid-column: 1 / -1;
  }
`;

const Role = styled.p`
  color: ${({ theme }) => theme.colors.muted};
`;

const Timeline = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: grid;
    grid-template-columns: 5rem 1fr;
    gap: ${({ theme }) => theme.space[4]};
  }
  strong {
    font-size: ${({ theme }) => theme.fontSizes.xl};
    color: ${({ theme }) => theme.colors.primary};
  }
  h3 {
    margin: 0 0 0.25rem;
  }
  p {
    margin: 0;
  }
`;

export default function AboutPage() {
  return (
    <>
      <PageMeta
        title="About"
        description="Who we are: two founders who make AI automation simple, fixed-price and yours to keep."
      />
      <PageHero
        eyebrow="About us"
        title="We make AI useful for small businesses"
        lead="Since 2022 we have helped shops, studios and service firms get hours back every week, at prices they know up front."
      />
      <Section>
        <Container>
          <SectionTitle>Our story</SectionTitle>
          <Timeline>
            {timeline.map((step) => (
              <li key={step.year}>
                <strong>{step.year}</strong>
                <div>
                  <h3>{step.title}</h3>
                  <p>{step.text}</p>
                </div>
              </li>
            ))}
          </Timeline>
        </Container>
      </Section>
      <Section $tone="soft">
        <Container>
          <SectionTitle>What we believe</SectionTitle>
          <Grid $min="14rem">
            {values.map((value) => (
              <Card key={value.title}>
                <h3>{value.title}</h3>
                <p style={{ margin: 0 }}>{value.text}</p>
              </Card>
            ))}
          </Grid>
        </Container>
      </Section>
      <Section>
        <Container>
          <SectionTitle>Founders</SectionTitle>
          <Grid $min="16rem">
            {founders.map((founder) => (
              <Founder key={founder.name} as="article">
                <Portrait name={founder.name} />
                <div>
                  <h3>{founder.name}</h3>
                  <Role>{founder.role}</Role>
                </div>
                <p>{founder.bio}</p>
              </Founder>
            ))}
          </Grid>
        </Container>
      </Section>
    </>
  );
}
