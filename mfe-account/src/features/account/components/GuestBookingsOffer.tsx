import { useCallback, useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import styled from 'styled-components';
import {
  Button,
  formatLongDate,
  isApiError,
  reportError,
  selectUser,
  sendQueuedEmails,
  useSessionStore,
} from 'shared-lib';
import { keepFocusInTab } from '../../../components/panel-states';
import { fetchGuestBookings, sendBookingLink, type GuestBooking } from '../api/guest-bookings';
import { CardTitle, ItemCard, Line, List, Subtle } from './card-parts';

const Offer = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  margin-top: ${({ theme }) => theme.space[6]};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

type Loaded =
  | { state: 'loading' | 'hidden' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; bookings: GuestBooking[] };

/**
 * One offered call: its type and day, and the button that e-mails its link to the account's address. The button,
 * disabled while it sends, drops focus: the line saying the link was sent takes it, or the button again after a
 * failure (#33.3: focus never on <body>).
 */
function OfferedCall({ booking, email }: { booking: GuestBooking; email: string }) {
  const titleId = useId();
  const [sent, setSent] = useState<'no' | 'sending' | 'yes'>('no');
  const [failure, setFailure] = useState<string | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const done = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (sent === 'yes') done.current?.focus();
    else if (failure) button.current?.focus();
  }, [sent, failure]);
  const send = async () => {
    setSent('sending');
    setFailure(null);
    try {
      await sendBookingLink(booking.id);
      setSent('yes');
      void sendQueuedEmails();
    } catch (error) {
      setSent('no');
      setFailure(reportError('guest-bookings', error).message);
    }
  };
  return (
    <ItemCard aria-labelledby={titleId}>
      <CardTitle id={titleId}>{booking.meeting_type}</CardTitle>
      {/* The day only: the time, name and note are for whoever proves the address. */}
      <Line>{formatLongDate(booking.call_date, 'UTC')}</Line>
      {sent === 'yes' ? (
        <Line ref={done} tabIndex={-1} role="status">
          {`We've e-mailed the link to ${email}. Open it while signed in to add the call to your account.`}
        </Line>
      ) : (
        <div>
          <Button ref={button} onClick={() => void send()} disabled={sent === 'sending'}>
            {sent === 'sending' ? 'Sending...' : 'Email me the link'}
          </Button>
        </div>
      )}
      {failure ? <Line role="alert">{failure}</Line> : null}
    </ItemCard>
  );
}

/**
 * Beyond the spec (issue #30.1): calls booked with the account's address without signing in, which join the account
 * only through the link e-mailed to that address. Shows nothing when there are none or the session still needs its
 * second factor (the panel says so already).
 */
export function GuestBookingsOffer() {
  const email = useSessionStore(selectUser)?.email ?? '';
  const headingId = useId();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    fetchGuestBookings().then(
      (bookings) => current && setLoaded({ state: 'ready', bookings }),
      (error: unknown) => {
        if (!current) return;
        if (isApiError(error, 'insufficient_aal')) setLoaded({ state: 'hidden' });
        else setLoaded({ state: 'failed', message: reportError('guest-bookings', error).message });
      },
    );
    return () => {
      current = false;
    };
  }, [attempt]);
  const retry = useCallback((event: MouseEvent<HTMLButtonElement>) => {
    // A successful check replaces the failure with the offer, or with nothing at all.
    keepFocusInTab(event);
    setAttempt((n) => n + 1);
  }, []);

  if (loaded.state === 'failed') {
    return (
      <Offer aria-labelledby={headingId}>
        <h2 id={headingId}>Calls booked with your email</h2>
        <Line role="alert">We could not check for calls booked with your email. {loaded.message}</Line>
        <div>
          <Button $variant="outline" onClick={retry}>
            Retry
          </Button>
        </div>
      </Offer>
    );
  }
  if (loaded.state !== 'ready' || loaded.bookings.length === 0) return null;
  return (
    <Offer aria-labelledby={headingId}>
      <h2 id={headingId}>Calls booked with your email</h2>
      <Subtle>
        These calls were booked with {email} without signing in. To add one to your account, we e-mail its
        link to that address.
      </Subtle>
      <List>
        {loaded.bookings.map((booking) => (
          <li key={booking.id}>
            <OfferedCall booking={booking} email={email} />
          </li>
        ))}
      </List>
    </Offer>
  );
}
