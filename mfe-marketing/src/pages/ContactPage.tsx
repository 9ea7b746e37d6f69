import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { CalendarClock } from 'lucide-react';
import { Card, Container, media, Muted, Section, PageMeta } from 'shared-lib';
import { PageHero } from '../components/layout';
import { BookingCalendar } from '../features/booking/components/BookingCalendar';
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
  align-content: start;
  gap: ${({ theme }) => theme.space[4]};
  min-width: 0;
  background: ${({ theme }) => theme.colors.surface};
`;

const CalendarHeading = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  h2 {
    margin: 0;
  }
  > svg {
    flex: none;
    color: ${({ theme }) => theme.colors.primary};
  }
`;

export default function ContactPage() {
  // From the AI Strategy Call page's "Book Your Call" (#33.6): the calendar books that call instead.
  const strategy = useSearchParams()[0].get('call') === 'strategy';
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
              <CalendarHeading>
                <CalendarClock size={32} aria-hidden />
                <h2 id="calendar-title">
                  {strategy ? 'Book your AI Strategy Call' : 'Book a discovery call'}
                </h2>
              </CalendarHeading>
              <Muted as="p">
                {strategy
                  ? '30 minutes, by video. Pick a day and a time that suit you.'
                  : '30 minutes, free, by video. Pick a day and a time that suit you.'}
              </Muted>
              <BookingCalendar callType={strategy ? 'strategy' : 'discovery'} />
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
