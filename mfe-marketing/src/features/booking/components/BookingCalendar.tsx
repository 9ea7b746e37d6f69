import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import styled, { css } from 'styled-components';
import { AlertTriangle, CheckCircle2, Globe } from 'lucide-react';
import {
  announce,
  Button,
  ButtonLink,
  LoadingStatus,
  Muted,
  paths,
  reportError,
  selectUser,
  SkeletonBlock,
  useSessionStore,
  VisuallyHidden,
  type CallType,
} from 'shared-lib';
import { fetchAvailableSlots } from '../api/fetch-available-slots';
import {
  formatSlot,
  formatSlotTime,
  groupSlotsByDay,
  visitorTimeZone,
  type Slot,
  type SlotDay,
} from '../utils/slots';
import { BookingForm, emptyBookingDetails } from './BookingForm';

/** The calls this picker books (the strategy call's name is its page's title, beyond the spec: #33.6). */
const CALLS: Record<CallType, { name: string; booked: string }> = {
  discovery: { name: 'Discovery Call', booked: 'Your discovery call is booked' },
  strategy: { name: 'AI Strategy Call', booked: 'Your AI Strategy Call is booked' },
};

type Load =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; days: SlotDay[] };

const Stack = styled.div`
  display: grid;
  &:focus {
    outline: none;
  }
  gap: ${({ theme }) => theme.space[4]};
  min-width: 0;
  h3 {
    margin: 0 0 ${({ theme }) => theme.space[2]};
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
  p {
    margin: 0;
  }
`;

const Zone = styled(Muted)`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Choices = styled.ul<{ $min: string }>`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(${({ $min }) => $min}, 1fr));
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const choice = css`
  width: 100%;
  min-height: 2.75rem;
  padding: ${({ theme }) => theme.space[2]};
  border: 1px solid ${({ theme }) => theme.colors.fieldBorder};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.bg};
  color: ${({ theme }) => theme.colors.ink};
  font: inherit;
  cursor: pointer;
  &:hover {
    border-color: ${({ theme }) => theme.colors.primary};
  }
  &[aria-pressed='true'] {
    border-color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
  }
`;

const DayButton = styled.button.attrs({ type: 'button' })`
  ${choice}
  display: grid;
  line-height: 1.3;
  span:first-child {
    font-size: ${({ theme }) => theme.fontSizes.xs};
    text-transform: uppercase;
    letter-spacing: 0.04em;
  }
  span:nth-child(2) {
    font-weight: 600;
  }
`;

const TimeButton = styled.button.attrs({ type: 'button' })`
  ${choice}
  font-weight: 600;
`;

const Panel = styled.div<{ $tone: 'danger' | 'success' | 'plain' }>`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  justify-items: start;
  padding: ${({ theme }) => theme.space[4]};
  border: 1px solid
    ${({ theme, $tone }) => ({ danger: theme.colors.danger, success: theme.colors.success, plain: theme.colors.border })[$tone]};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $tone }) =>
    ({ danger: theme.colors.dangerSoft, success: theme.colors.successSoft, plain: theme.colors.surface })[
      $tone
    ]};
  color: ${({ theme }) => theme.colors.text};
  &:focus {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  svg {
    color: ${({ theme, $tone }) =>
      ({ danger: theme.colors.danger, success: theme.colors.success, plain: theme.colors.muted })[$tone]};
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]};
`;

/** Day and time buttons in the shape of the picker, while the free times load. */
function SlotsSkeleton() {
  return (
    <LoadingStatus label="Loading available times...">
      <Stack>
        <Choices as="div" $min="4.5rem">
          {Array.from({ length: 5 }, (_, i) => (
            <SkeletonBlock key={i} $h="3.5rem" $radius="md" />
          ))}
        </Choices>
        <Choices as="div" $min="6rem">
          {Array.from({ length: 6 }, (_, i) => (
            <SkeletonBlock key={i} $h="2.75rem" $radius="md" />
          ))}
        </Choices>
      </Stack>
    </LoadingStatus>
  );
}

/** Focuses the element once it is shown (for a panel that replaces the control that had focus). */
function useFocusWhen<T extends HTMLElement>(show: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (show) ref.current?.focus();
  }, [show]);
  return ref;
}

/**
 * The discovery-call picker (beyond the spec; think Cal.com's inline embed): the free days, then their times, in
 * the visitor's time zone, then name, email and a note. The rules (length, days, hours, notice, horizon) are the
 * database's; a time someone else took meanwhile is refused there, said here in words, and the times reload.
 */
export function BookingCalendar({
  timeZone: zone,
  callType = 'discovery',
}: { timeZone?: string; callType?: CallType } = {}) {
  const callName = CALLS[callType].name;
  // The browser's zone; tests give one so they read the same anywhere.
  const timeZone = useMemo(() => zone ?? visitorTimeZone(), [zone]);
  const user = useSessionStore(selectUser);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [dayKey, setDayKey] = useState<string | null>(null);
  const [slot, setSlot] = useState<Slot | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [booked, setBooked] = useState<{ slot: Slot; signedIn: boolean } | null>(null);
  const [details, setDetails] = useState(emptyBookingDetails);
  const timesId = useId();

  useEffect(() => {
    // Ignore an answer that arrives after a retry started or the page was left.
    let current = true;
    fetchAvailableSlots().then(
      (slots) => {
        if (current) setLoad({ status: 'ready', days: groupSlotsByDay(slots, timeZone) });
      },
      (error: unknown) => {
        if (current) setLoad({ status: 'error', message: reportError('booking', error).message });
      },
    );
    return () => {
      current = false;
    };
  }, [attempt, timeZone]);

  const reload = useCallback(() => {
    setLoad({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  const days = load.status === 'ready' ? load.days : [];
  // The chosen day while it still has free times, else the first day that has some.
  const day = days.find((d) => d.key === dayKey) ?? days[0];
  const chosen = slot && day?.slots.some((s) => s.slot_start === slot.slot_start) ? slot : null;

  const refusalRef = useFocusWhen<HTMLParagraphElement>(refusal);
  const bookedRef = useFocusWhen<HTMLDivElement>(booked);
  const rootRef = useRef<HTMLDivElement>(null);

  if (booked) {
    return (
      <Panel as="section" $tone="success" ref={bookedRef} tabIndex={-1} aria-labelledby={`${timesId}-booked`}>
        <CheckCircle2 size={28} aria-hidden />
        <h3 id={`${timesId}-booked`}>
          {booked.signedIn ? CALLS[callType].booked : 'Please confirm your call'}
        </h3>
        <p>
          {formatSlot(booked.slot, timeZone)} ({timeZone}).{' '}
          {booked.signedIn
            ? "We'll confirm it by email within 24 hours."
            : "We've e-mailed you a link to confirm it. We hold this time for you until then."}
        </p>
        <Row>
          {booked.signedIn ? (
            <ButtonLink to={`${paths.account}?tab=meetings`}>View my meetings</ButtonLink>
          ) : null}
          <Button
            $variant="outline"
            onClick={() => {
              setBooked(null);
              setSlot(null);
            }}
          >
            Book another call
          </Button>
        </Row>
      </Panel>
    );
  }

  return (
    <Stack ref={rootRef} tabIndex={-1}>
      {/* Only with the times: a build-time snapshot of the page would name the build machine's zone. */}
      {load.status === 'ready' ? (
        <Zone>
          <Globe size={16} aria-hidden />
          Times are shown in your time zone: {timeZone}
        </Zone>
      ) : null}
      {refusal ? (
        <Panel $tone="danger">
          <p ref={refusalRef} tabIndex={-1}>
            {refusal}
          </p>
        </Panel>
      ) : null}
      {load.status === 'loading' ? <SlotsSkeleton /> : null}
      {load.status === 'error' ? (
        <Panel $tone="danger">
          <AlertTriangle size={24} aria-hidden />
          <p>
            <strong>Available times could not be loaded.</strong>
          </p>
          <p>{load.message}</p>
          <Button
            onClick={() => {
              // The button goes while the times load again: keep focus in the calendar.
              rootRef.current?.focus();
              reload();
            }}
          >
            Retry
          </Button>
        </Panel>
      ) : null}
      {load.status === 'ready' && !day ? (
        <Panel $tone="plain">
          <p>
            <strong>No free times in the next weeks.</strong>
          </p>
          <p>Send us a message and we&apos;ll find a time that suits you.</p>
        </Panel>
      ) : null}
      {load.status === 'ready' && day ? (
        <>
          <div role="group" aria-labelledby={`${timesId}-days`}>
            <h3 id={`${timesId}-days`}>Choose a day</h3>
            <Choices $min="4.5rem">
              {days.map((d) => (
                <li key={d.key}>
                  <DayButton
                    aria-pressed={d.key === day.key}
                    onClick={() => {
                      setDayKey(d.key);
                      setSlot(null);
                    }}
                  >
                    <span>{d.weekday}</span>
                    <span>{d.date}</span>
                    <VisuallyHidden>
                      , {d.slots.length} {d.slots.length === 1 ? 'time' : 'times'} free
                    </VisuallyHidden>
                  </DayButton>
                </li>
              ))}
            </Choices>
          </div>
          <div role="group" aria-labelledby={`${timesId}-times`}>
            <h3 id={`${timesId}-times`}>Times on {day.fullDate}</h3>
            <Choices $min="6rem">
              {day.slots.map((s) => (
                <li key={s.slot_start}>
                  <TimeButton
                    aria-pressed={chosen?.slot_start === s.slot_start}
                    onClick={() => {
                      setSlot(s);
                      setRefusal(null);
                      announce(`${formatSlot(s, timeZone)} selected. Enter your details below to confirm.`);
                    }}
                  >
                    {formatSlotTime(s.slot_start, timeZone)}
                  </TimeButton>
                </li>
              ))}
            </Choices>
          </div>
          {chosen ? (
            <BookingForm
              slot={chosen}
              callType={callType}
              callName={callName}
              slotLabel={formatSlot(chosen, timeZone)}
              values={details}
              setValues={setDetails}
              onBooked={(s) => {
                setBooked({ slot: s, signedIn: user !== null });
                setDetails((d) => ({ ...d, note: '' }));
                setSlot(null);
                reload();
              }}
              onRefused={(message) => {
                setRefusal(message);
                setSlot(null);
                reload();
              }}
              onChangeTime={() => setSlot(null)}
            />
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
