// /booking?token=<token> (issues #30.1, #31.4, beyond the spec): where the link e-mailed with a booking leads.
// Opening it changes nothing, as mail scanners open links too; the button confirms a guest's held booking and,
// signed in, adds it to the account; "Cancel this call", once confirmed in a second step, cancels it (changing
// the time is cancelling and booking another); a confirmed call downloads as an .ics file ("Add to calendar",
// which the receipt e-mail links to: issue #45.6). noindex (shared-lib's personalPaths). docs/booking.md has the rules.
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  ActionRow,
  announce,
  Button,
  ButtonLink,
  isApiError,
  LinesSkeleton,
  Muted,
  PageMeta,
  PageStack,
  paths,
  Section,
  selectUser,
  sendQueuedEmails,
  strategyCallBookingPath,
  useAction,
  useLoad,
  useSessionStore,
  type BookingLinkView,
} from 'shared-lib';
import { CalendarDownload } from 'shared-lib/calendar';
import { cancelBooking, confirmBooking, fetchBookingLink } from '../features/booking/api/booking-link';
import { formatSlot, formatSlotTime, visitorTimeZone } from '../features/booking/utils/slots';

type Call = Exclude<BookingLinkView, { state: 'unknown' }>;

/** Why a link leads nowhere any more, in plain words. */
const GONE: Record<'unknown' | 'expired' | 'cancelled' | 'past', string> = {
  unknown:
    'We do not know this link. Please check that you opened the whole link from the email, or book a new call.',
  expired:
    'This link has expired: the call was not confirmed in time, so its time was released. You are welcome to book again.',
  cancelled: 'This call was cancelled. You are welcome to book a new one.',
  past: 'This call has already taken place. You are welcome to book a new one.',
};

const MEETINGS = `${paths.account}?tab=meetings`;

/** A link that expired or that nobody made since the page read it: the page reads it again, which says so. */
const linkGone = (error: unknown) => isApiError(error, 'booking_link_expired', 'booking_link_unknown');

/** The calendar that books another call of the same kind. */
const bookAgainPath = (call: Call) =>
  call.callType === 'strategy' ? strategyCallBookingPath : paths.contact;

function CallDetails({ call, timeZone }: { call: Call; timeZone: string }) {
  return (
    <p>
      {call.meetingType}:{' '}
      <strong>
        {formatSlot({ slot_start: call.startsAt, slot_end: call.endsAt }, timeZone)} ({timeZone})
      </strong>
    </p>
  );
}

export default function BookingLinkPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const signedIn = useSessionStore(selectUser) !== null;
  const [timeZone] = useState(visitorTimeZone);
  const loaded = useLoad(
    (signal): Promise<BookingLinkView> =>
      token ? fetchBookingLink(token, signal) : Promise.resolve({ state: 'unknown' }),
    // Read again on signing in or out: that changes what the link offers (adding the call to the account).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [token, signedIn],
    { context: 'booking-link' },
  );
  // The actions' answers are the booking as it now stands: the page shows them as its read.
  const confirm = useAction({
    run: () => confirmBooking(token),
    context: 'booking-link',
    onSuccess: (view) => {
      loaded.set(view);
      announce(
        view.state === 'confirmed' && view.inYourAccount
          ? 'Your call is confirmed and in your account.'
          : 'Your call is confirmed.',
      );
      void sendQueuedEmails();
    },
    handled: (error) => {
      if (!linkGone(error)) return false;
      loaded.retry();
      return true;
    },
  });
  // "Cancel this call" asks once more (`asking`); 'kept' is back to the button after "Keep the call".
  const [cancelStep, setCancelStep] = useState<'none' | 'kept' | 'asking'>('none');
  const cancel = useAction({
    run: () => cancelBooking(token),
    context: 'booking-link',
    onSuccess: (view) => {
      loaded.set(view);
      void sendQueuedEmails();
    },
    handled: (error) => {
      if (!linkGone(error)) return false;
      setCancelStep('none');
      loaded.retry();
      return true;
    },
  });
  const question = useRef<HTMLParagraphElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);

  // Focus follows the cancel step: to its question, back to the button when kept. The actions move it themselves:
  // to the heading once confirmed, to the result once cancelled, back to their button after a failure.
  useEffect(() => {
    const target = { none: null, kept: cancelButton, asking: question }[cancelStep];
    target?.current?.focus();
  }, [cancelStep]);

  const keepCall = () => {
    setCancelStep('kept');
    cancel.reset();
  };
  const failure = confirm.failure ?? cancel.failure;
  const cancelling = cancel.busy;

  const view = loaded.state === 'ready' ? loaded.data : null;
  const call = view && view.state !== 'unknown' ? view : null;
  const live = call && (call.state === 'hold' || call.state === 'confirmed') ? call : null;

  return (
    <Section>
      <PageMeta title="Your call" />
      <PageStack $maxWidth="40rem">
        <h1 ref={confirm.resultRef} tabIndex={-1}>
          {live?.state === 'hold' ? 'Confirm your call' : live ? 'Your call is confirmed' : 'Your call'}
        </h1>
        {loaded.state === 'loading' ? <LinesSkeleton lines={3} /> : null}
        {loaded.state === 'failed' ? (
          <>
            <p role="alert">
              <strong>Your call could not be loaded.</strong> {loaded.error.message}
            </p>
            <ActionRow>
              <Button onClick={loaded.retry}>Retry</Button>
            </ActionRow>
          </>
        ) : null}
        {call ? <CallDetails call={call} timeZone={timeZone} /> : null}
        {view && !live && cancel.done && call ? (
          <>
            <p role="status" ref={cancel.resultRef} tabIndex={-1}>
              Your call is cancelled, and its time is free for others.
            </p>
            <ActionRow>
              <ButtonLink to={bookAgainPath(call)}>Book another time</ButtonLink>
            </ActionRow>
          </>
        ) : view && !live ? (
          <>
            <p>{GONE[view.state as keyof typeof GONE]}</p>
            <ActionRow>
              <ButtonLink to={call ? bookAgainPath(call) : paths.contact}>Book a call</ButtonLink>
            </ActionRow>
          </>
        ) : null}
        {live?.state === 'hold' ? (
          <Muted as="p">
            {live.holdExpiresAt
              ? `We hold this time for you until ${formatSlotTime(live.holdExpiresAt, timeZone)}. Confirm it before then, or it is released for others.`
              : null}
            {live.canAddToAccount ? ' Confirming also adds the call to your account.' : null}
          </Muted>
        ) : null}
        {live?.state === 'confirmed' ? (
          <p role="status">
            {live.inYourAccount
              ? 'It is in your account under Meetings.'
              : "We'll confirm the call by email."}
            {live.canAddToAccount ? ' You can add it to your account.' : null}
          </p>
        ) : null}
        {live?.state === 'confirmed' ? (
          <ActionRow>
            <CalendarDownload call={live} />
          </ActionRow>
        ) : null}
        {failure ? <p role="alert">{failure}</p> : null}
        {live && (live.state === 'hold' || live.canAddToAccount) ? (
          <ActionRow>
            <Button
              ref={confirm.buttonRef}
              onClick={() => {
                cancel.reset();
                confirm.run();
              }}
              disabled={confirm.busy}
              aria-busy={confirm.busy || undefined}
            >
              {confirm.busy
                ? 'Confirming...'
                : live.state === 'hold'
                  ? 'Confirm my call'
                  : 'Add to my account'}
            </Button>
          </ActionRow>
        ) : null}
        {live?.inYourAccount ? (
          <ActionRow>
            <ButtonLink to={MEETINGS} $variant="outline">
              View my meetings
            </ButtonLink>
          </ActionRow>
        ) : null}
        {live ? (
          <>
            <p>To change the time, cancel this call and book another.</p>
            {cancelStep === 'none' || cancelStep === 'kept' ? (
              <ActionRow>
                <Button ref={cancelButton} $variant="outline" onClick={() => setCancelStep('asking')}>
                  Cancel this call
                </Button>
              </ActionRow>
            ) : (
              <>
                <p ref={question} tabIndex={-1}>
                  <strong>Cancel this call?</strong> Its time is then free for others.
                </p>
                <ActionRow>
                  <Button
                    ref={cancel.buttonRef}
                    $variant="danger"
                    onClick={() => {
                      confirm.reset();
                      cancel.run();
                    }}
                    disabled={cancelling}
                    aria-busy={cancelling || undefined}
                  >
                    {cancelling ? 'Cancelling...' : 'Yes, cancel the call'}
                  </Button>
                  <Button $variant="outline" onClick={keepCall} disabled={cancelling}>
                    Keep the call
                  </Button>
                </ActionRow>
              </>
            )}
          </>
        ) : null}
      </PageStack>
    </Section>
  );
}
