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

/**
 * The page's words for the call its calendar books: the spec's discovery call, or the AI Strategy Call that its
 * page's "Book Your Call" opens (/contact?call=strategy, #33.6), in its own words and with its price (beyond the
 * spec, #45.7: it opened with the discovery call's words and named no price).
 */
const CONTACT_COPY = {
  discovery: {
    eyebrow: 'Contact',
    title: "Let's talk",
    lead: 'Book a free 30-minute discovery call, or send a message and we reply within 24 hours.',
    description: 'Book a free 30-minute discovery call or send us a message. We reply within 24 hours.',
    calendarTitle: 'Book a discovery call',
    calendarLead: '30 minutes, free, by video. Pick a day and a time that suit you.',
  },
  strategy: {
    eyebrow: 'AI Strategy Call',
    title: 'Plan your AI transformation',
    lead: 'A free 30-minute AI Strategy Call: we find where AI saves you the most time and money, and within 24 hours you receive a written plan with priorities and fixed prices.',
    description:
      'Book a free 30-minute AI Strategy Call: where AI saves you the most, and a written plan within 24 hours.',
    calendarTitle: 'Book your AI Strategy Call',
    calendarLead: 'Free of charge: 30 minutes, by video. Pick a day and a time that suit you.',
  },
} as const;

export default function ContactPage() {
  // From the AI Strategy Call page's "Book Your Call" (#33.6): the calendar books that call instead.
  const call = useSearchParams()[0].get('call') === 'strategy' ? 'strategy' : 'discovery';
  const copy = CONTACT_COPY[call];
  return (
    <>
      <PageMeta title="Contact" description={copy.description} />
      <PageHero eyebrow={copy.eyebrow} title={copy.title} lead={copy.lead} />
      <Section>
        <Container>
          <Columns>
            <Calendar as="section" aria-labelledby="calendar-title">
              <CalendarHeading>
                <CalendarClock size={32} aria-hidden />
                <h2 id="calendar-title">{copy.calendarTitle}</h2>
              </CalendarHeading>
              <Muted as="p">{copy.calendarLead}</Muted>
              <BookingCalendar callType={call} />
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
