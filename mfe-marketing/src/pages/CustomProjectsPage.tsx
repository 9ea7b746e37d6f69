import { ButtonLink, Container, paths, Section, PageMeta } from 'shared-lib';
import { PageHero, SectionTitle, Steps } from '../components/layout';

const process = [
  {
    title: 'Discovery call',
    text: 'A free 30-minute call to understand the problem and whether we are the right fit.',
  },
  { title: 'Proposal', text: 'Within 24 hours: scope, fixed price and timeline in writing.' },
  {
    title: 'Build and iterate',
    text: 'Weekly demos so you see progress and steer it, not a big reveal at the end.',
  },
  {
    title: 'Delivery and support',
    text: 'Handover with Show-How videos and a Teach-How guide, then a Follow-Up call after 30 days.',
  },
];

export default function CustomProjectsPage() {
  return (
    <>
      <PageMeta
        title="Custom Projects"
        description="When a fixed-price service is not enough: custom AI automation, scoped and priced up front."
      />
      <PageHero
        eyebrow="Custom projects"
        title="Something bigger in mind?"
        lead="We scope, price and build custom automations and AI tools with the same promises: a fixed price, and you own everything."
      />
      <Section>
        <Container>
          <SectionTitle>How a custom project runs</SectionTitle>
          <Steps steps={process} />
          <div style={{ marginTop: '2rem' }}>
            <ButtonLink to={paths.contact} $size="lg">
              Book a discovery call
            </ButtonLink>
          </div>
        </Container>
      </Section>
    </>
  );
}
