import {
  Badge,
  ButtonLink,
  Card,
  company,
  Container,
  Grid,
  Section,
  PageMeta,
  VisuallyHidden,
} from 'shared-lib';
import styled from 'styled-components';
import { PageHero, SectionTitle, Steps } from '../components/layout';
import { hiringSteps, roles } from '../content/company';

const Apply = styled.a`
  align-self: start;
  font-weight: 700;
`;

export default function CareersPage() {
  return (
    <>
      <PageMeta
        title="Careers"
        description="Join a small, remote team that makes AI useful for small businesses."
      />
      <PageHero
        eyebrow="Careers"
        title="Build the tools small businesses deserve"
        lead="We are a remote team. We hire people who like to ship, explain and stay curious."
      />
      <Section>
        <Container>
          <SectionTitle>Open roles</SectionTitle>
          <Grid $min="17rem">
            {roles.map((role) => (
              <Card key={role.title} as="article" style={{ display: 'grid', gap: '0.75rem' }}>
                <h3 style={{ margin: 0 }}>{role.title}</h3>
                <div style={{ display: 'flex', gap: '0.5rem' }}>
                  <Badge $tone="neutral">{role.location}</Badge>
                  <Badge $tone="accent">{role.type}</Badge>
                </div>
                <p style={{ margin: 0 }}>{role.description}</p>
                <Apply
                  href={`mailto:${company.email.careers}?subject=${encodeURIComponent(`Application: ${role.title}`)}`}
                >
                  Apply Now<VisuallyHidden> for {role.title}</VisuallyHidden>
                </Apply>
              </Card>
            ))}
          </Grid>
        </Container>
      </Section>
      <Section $tone="soft">
        <Container>
          <SectionTitle>How we hire</SectionTitle>
          <Steps steps={hiringSteps} />
          <p style={{ marginTop: '1.5rem' }}>
            No role for you yet?{' '}
            <ButtonLink to="/contact" $variant="ghost" $size="sm">
              Say hello anyway
            </ButtonLink>
          </p>
        </Container>
      </Section>
    </>
  );
}
