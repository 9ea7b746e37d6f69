// What a customer can do with a call in Meetings (issue #45.6): add an upcoming one to their calendar, cancel it
// (asked twice, as its e-mailed link asks), or pick a time for one requested without a time, from the free slots,
// shown in the browser's time zone. A change reloads the list (onChanged).
import { useId, useRef, useState } from 'react';
import styled from 'styled-components';
import {
  announce,
  Button,
  formatMeetingWhen,
  reportError,
  sendQueuedEmails,
  type MeetingRow,
} from 'shared-lib';
import { CalendarDownload } from 'shared-lib/calendar';
import { cancelMyMeeting, fetchFreeSlots, scheduleMyMeeting, type FreeSlot } from '../api/meeting-actions';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
  align-items: center;
`;

const Picker = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
  label {
    font-weight: 600;
  }
  select {
    max-width: 100%;
    min-height: 2.75rem;
    padding: ${({ theme }) => theme.space[2]};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.bg};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
  }
`;

/** A call that stands and has not begun. */
const isUpcoming = (meeting: MeetingRow, now = Date.now()) =>
  (meeting.status === 'requested' || meeting.status === 'scheduled') &&
  meeting.scheduled_at !== null &&
  Date.parse(meeting.scheduled_at) > now;

type Step = 'idle' | 'asking' | 'cancelling' | 'loading-slots' | 'picking' | 'booking';

export function MeetingActions({ meeting, onChanged }: { meeting: MeetingRow; onChanged: () => void }) {
  const [step, setStep] = useState<Step>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const [slots, setSlots] = useState<FreeSlot[]>([]);
  const [chosen, setChosen] = useState('');
  const question = useRef<HTMLParagraphElement>(null);
  const selectId = useId();
  const needsTime = meeting.status === 'requested' && meeting.scheduled_at === null;

  const fail = (error: unknown, back: Step) => {
    setFailure(reportError('meetings', error).message);
    setStep(back);
  };

  const cancel = async () => {
    setStep('cancelling');
    setFailure(null);
    try {
      await cancelMyMeeting(meeting.id);
      announce('Your call is cancelled, and its time is free for others.');
      void sendQueuedEmails();
      onChanged();
    } catch (error) {
      fail(error, 'asking');
    }
  };

  const openPicker = async () => {
    setStep('loading-slots');
    setFailure(null);
    try {
      const free = await fetchFreeSlots();
      setSlots(free);
      setChosen(free[0]?.slot_start ?? '');
      setStep('picking');
    } catch (error) {
      fail(error, 'idle');
    }
  };

  const book = async () => {
    setStep('booking');
    setFailure(null);
    try {
      await scheduleMyMeeting(meeting.id, chosen);
      announce(`Your call is booked for ${formatMeetingWhen(chosen)}. We have e-mailed you the details.`);
      void sendQueuedEmails();
      onChanged();
    } catch (error) {
      fail(error, 'picking');
    }
  };

  const alert = failure ? <p role="alert">{failure}</p> : null;

  if (needsTime) {
    if (step === 'picking' || step === 'booking') {
      return (
        <Picker>
          {slots.length === 0 ? (
            <p>There are no free times in the next weeks. Please write to us and we will find one.</p>
          ) : (
            <>
              <label htmlFor={selectId}>Time (your time zone)</label>
              <select id={selectId} value={chosen} onChange={(event) => setChosen(event.target.value)}>
                {slots.map((slot) => (
                  <option key={slot.slot_start} value={slot.slot_start}>
                    {formatMeetingWhen(slot.slot_start)}
                  </option>
                ))}
              </select>
            </>
          )}
          {alert}
          <Row>
            {slots.length > 0 ? (
              <Button
                onClick={() => void book()}
                disabled={step === 'booking'}
                aria-busy={step === 'booking' || undefined}
              >
                {step === 'booking' ? 'Booking...' : 'Book this time'}
              </Button>
            ) : null}
            <Button $variant="outline" onClick={() => setStep('idle')} disabled={step === 'booking'}>
              Not now
            </Button>
          </Row>
        </Picker>
      );
    }
    return (
      <>
        {alert}
        <Row>
          <Button
            onClick={() => void openPicker()}
            disabled={step === 'loading-slots'}
            aria-busy={step === 'loading-slots' || undefined}
          >
            {step === 'loading-slots' ? 'Loading times...' : 'Pick a time'}
          </Button>
        </Row>
      </>
    );
  }

  if (!isUpcoming(meeting) || !meeting.scheduled_at) return null;
  const call = {
    meetingType: meeting.meeting_type,
    startsAt: meeting.scheduled_at,
    endsAt: meeting.ends_at ?? new Date(Date.parse(meeting.scheduled_at) + 30 * 60_000).toISOString(),
  };
  if (step === 'asking' || step === 'cancelling') {
    return (
      <>
        <p ref={question} tabIndex={-1}>
          <strong>Cancel this call?</strong> Its time is then free for others.
        </p>
        {alert}
        <Row>
          <Button
            $variant="danger"
            onClick={() => void cancel()}
            disabled={step === 'cancelling'}
            aria-busy={step === 'cancelling' || undefined}
          >
            {step === 'cancelling' ? 'Cancelling...' : 'Yes, cancel the call'}
          </Button>
          <Button $variant="outline" onClick={() => setStep('idle')} disabled={step === 'cancelling'}>
            Keep the call
          </Button>
        </Row>
      </>
    );
  }
  return (
    <>
      {alert}
      <Row>
        <CalendarDownload call={call} />
        <Button
          $variant="outline"
          onClick={() => {
            setStep('asking');
            setFailure(null);
            // The question takes the focus, as the booking link's page does.
            requestAnimationFrame(() => question.current?.focus());
          }}
        >
          Cancel call
        </Button>
      </Row>
    </>
  );
}
