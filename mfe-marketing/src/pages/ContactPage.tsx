import styled from 'styled-components';
import { CalendarClock } from 'lucide-react';
import { Card, Container, media, Muted, Section, PageMeta } from 'shared-lib';
import { PageHero } from '../components/layout';
import { ContactForm } from '../features/contact/components/ContactForm';

const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[5]};
  ${media.md} {
    grid-template-columns: 1fr 1fr;
  }
`;

const Calendar = styled(Card)`
  display: grid;
  place-items: center;
  gap: ${({ theme }) => theme.space[3]};
  min-height: 20rem;
  text-align: center;
  background: ${({ theme }) => theme.colors.surface};
  svg {
    color: ${({ theme }) => theme.colors.primary};
  }
`;

export default function ContactPage() {
  return (
    <>
      <PageMeta
        title="Contact"
        description="Book a free 30-minute discovery call or send us a message. We reply within 24 hours."
      />
      <PageHero
        eyebrow="Contact"
        title="Let's talk"
        lead="Book a free 30-minute discovery call, or send a message and we reply within 24 hours."
      />
      <Section>
        <Container>
          <Columns>
            <Calendar as="section" aria-labelledby="calendar-title">
              <CalendarClock size={40} aria-hidden />
              <h2 id="calendar-title">Book a discovery call</h2>
              <Muted as="p">30 minutes, free, by video. The booking calendar appears here.</Muted>
            </Calendar>
            <Card>
              <ContactForm />
            </Card>
          </Columns>
        </Container>
      </Section>
    </>
  );
}
