import { useId, type MouseEvent } from 'react';
import styled from 'styled-components';
import {
  Button,
  formatLongDate,
  isApiError,
  selectUser,
  sendQueuedEmails,
  useAction,
  useLoad,
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

/**
 * One offered call: its type and day, and the button that e-mails its link to the account's address. The button,
 * disabled while it sends, drops focus: the line saying the link was sent takes it, or the button again after a
 * failure (#33.3: focus never on <body>; shared-lib's useAction).
 */
function OfferedCall({ booking, email }: { booking: GuestBooking; email: string }) {
  const titleId = useId();
  const send = useAction({
    run: () => sendBookingLink(booking.id),
    context: 'guest-bookings',
    onSuccess: () => void sendQueuedEmails(),
  });
  return (
    <ItemCard aria-labelledby={titleId}>
      <CardTitle id={titleId}>{booking.meeting_type}</CardTitle>
      {/* The day only: the time, name and note are for whoever proves the address. */}
      <Line>{formatLongDate(booking.call_date, 'UTC')}</Line>
      {send.done ? (
        <Line ref={send.resultRef} tabIndex={-1} role="status">
          {`We've e-mailed the link to ${email}. Open it while signed in to add the call to your account.`}
        </Line>
      ) : (
        <div>
          <Button ref={send.buttonRef} onClick={() => send.run()} disabled={send.busy}>
            {send.busy ? 'Sending...' : 'Email me the link'}
          </Button>
        </div>
      )}
      {send.failure ? <Line role="alert">{send.failure}</Line> : null}
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
  // A session that still needs its second factor is refused (insufficient_aal): nothing to offer, then (null).
  const loaded = useLoad(
    (signal) =>
      fetchGuestBookings(signal).catch((error: unknown) => {
        if (isApiError(error, 'insufficient_aal')) return null;
        throw error;
      }),
    [],
    { context: 'guest-bookings' },
  );
  const retry = (event: MouseEvent<HTMLButtonElement>) => {
    // A successful check replaces the failure with the offer, or with nothing at all.
    keepFocusInTab(event);
    loaded.retry();
  };

  if (loaded.state === 'failed') {
    return (
      <Offer aria-labelledby={headingId}>
        <h2 id={headingId}>Calls booked with your email</h2>
        <Line role="alert">We could not check for calls booked with your email. {loaded.error.message}</Line>
        <div>
          <Button $variant="outline" onClick={retry}>
            Retry
          </Button>
        </div>
      </Offer>
    );
  }
  const bookings = loaded.state === 'ready' ? loaded.data : null;
  if (!bookings || bookings.length === 0) return null;
  return (
    <Offer aria-labelledby={headingId}>
      <h2 id={headingId}>Calls booked with your email</h2>
      <Subtle>
        These calls were booked with {email} without signing in. To add one to your account, we e-mail its
        link to that address.
      </Subtle>
      <List>
        {bookings.map((booking) => (
          <li key={booking.id}>
            <OfferedCall booking={booking} email={email} />
          </li>
        ))}
      </List>
    </Offer>
  );
}
