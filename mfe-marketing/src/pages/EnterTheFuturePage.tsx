import { Card, Container, Section, PageMeta } from 'shared-lib';
import { PageHero } from '../components/layout';
import { ProjectRequestForm } from '../features/project-request/components/ProjectRequestForm';

export default function EnterTheFuturePage() {
  return (
    <>
      <PageMeta
        title="Enter the Future"
        description="Tell us about your project: we reply within 24 hours with next steps."
      />
      <PageHero
        eyebrow="Start a project"
        title="Enter the Future"
        lead="Tell us what you want to automate. We reply within 24 hours with a plan and a fixed price."
      />
      <Section>
        <Container>
          <Card style={{ maxWidth: '48rem' }}>
            <ProjectRequestForm />
          </Card>
        </Container>
      </Section>
    </>
  );
}
