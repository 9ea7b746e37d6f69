import { useEffect, useId, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { AlertTriangle, CheckCircle2, Globe } from 'lucide-react';
import {
  announce,
  Button,
  ButtonLink,
  LoadingStatus,
  Muted,
  paths,
  selectUser,
  SkeletonBlock,
  useLoad,
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
  withFullyBookedDays,
  type Slot,
  type SlotDay,
} from '../utils/slots';
import { BookingForm, emptyBookingDetails } from './BookingForm';
import { ChoiceBar, ChoiceGrid } from './ChoiceBar';

/** The calls this picker books (the strategy call's name is its page's title, beyond the spec: #33.6). */
const CALLS: Record<CallType, { name: string; booked: string }> = {
  discovery: { name: 'Discovery Call', booked: 'Your discovery call is booked' },
  strategy: { name: 'AI Strategy Call', booked: 'Your AI Strategy Call is booked' },
};

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

/**
 * A day's face: its short weekday over its date ('MON' / 'Nov 24'), hidden from screen readers, which read its
 * name in words instead. Each short word is the start of the word it stands for ('Mon' of 'Monday').
 */
const DayFace = styled.span`
  display: grid;
  line-height: 1.3;
  span:first-child {
    font-size: ${({ theme }) => theme.fontSizes.xs};
    font-weight: 400;
    text-transform: uppercase;
    letter-spacing: 0.04em;
  }
`;

/** Days at least this wide keep 'Nov 28' on one line in every font the site may fall back to. */
const DAY_MIN = '5rem';
const TIME_MIN = '6rem';

const hasTimes = (day: SlotDay) => day.slots.length > 0;

/**
 * 'Mon Nov 24, 2 times free': a day's button named in one piece, starting with the words it shows, so a visitor
 * using speech input can say what they see (WCAG 2.5.3); the times' heading says the date in full.
 */
function dayName({ weekday, date, slots }: SlotDay): string {
  const free = slots.length === 0 ? 'no times' : slots.length === 1 ? '1 time' : `${slots.length} times`;
  return `${weekday} ${date}, ${free} free`;
}

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
        <ChoiceGrid $min={DAY_MIN}>
          {Array.from({ length: 5 }, (_, i) => (
            <SkeletonBlock key={i} $h="3.5rem" $radius="md" />
          ))}
        </ChoiceGrid>
        <ChoiceGrid $min={TIME_MIN}>
          {Array.from({ length: 6 }, (_, i) => (
            <SkeletonBlock key={i} $h="2.75rem" $radius="md" />
          ))}
        </ChoiceGrid>
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
  const [dayKey, setDayKey] = useState<string | null>(null);
  const [slot, setSlot] = useState<Slot | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  // signedIn: the booking is the account's; otherAddress: a signed-in customer's hold for another address.
  const [booked, setBooked] = useState<{ slot: Slot; signedIn: boolean; otherAddress: boolean } | null>(null);
  const [details, setDetails] = useState(emptyBookingDetails);
  const timesId = useId();

  const load = useLoad(
    async (signal) => withFullyBookedDays(groupSlotsByDay(await fetchAvailableSlots(signal), timeZone)),
    [timeZone],
    { context: 'booking' },
  );
  const reload = load.retry;

  const days = load.state === 'ready' ? load.data : [];
  // The chosen day while it still has free times, else the first day that has some.
  const day = days.find((d) => d.key === dayKey && hasTimes(d)) ?? days.find(hasTimes);
  const chosen = slot && day?.slots.some((s) => s.slot_start === slot.slot_start) ? slot : null;

  const refusalRef = useFocusWhen<HTMLParagraphElement>(refusal);
  const bookedRef = useFocusWhen<HTMLDivElement>(booked);
  const rootRef = useRef<HTMLDivElement>(null);
  const timesRef = useRef<HTMLDivElement>(null);
  // 'Book another call' goes with the panel it is on: focus then stays in the calendar.
  const focusPickerNext = useRef(false);
  useEffect(() => {
    if (booked || !focusPickerNext.current) return;
    focusPickerNext.current = false;
    rootRef.current?.focus();
  }, [booked]);

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
            : booked.otherAddress
              ? "We've e-mailed that address a link to confirm it. We hold this time until then."
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
              focusPickerNext.current = true;
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
      {load.state === 'ready' ? (
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
      {load.state === 'loading' ? <SlotsSkeleton /> : null}
      {load.state === 'failed' ? (
        <Panel $tone="danger">
          <AlertTriangle size={24} aria-hidden />
          <p>
            <strong>Available times could not be loaded.</strong>
          </p>
          <p>{load.error.message}</p>
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
      {load.state === 'ready' && !day ? (
        <Panel $tone="plain">
          <p>
            <strong>No free times in the next weeks.</strong>
          </p>
          <p>Send us a message and we&apos;ll find a time that suits you.</p>
        </Panel>
      ) : null}
      {load.state === 'ready' && day ? (
        <>
          <div>
            <h3 id={`${timesId}-days`}>Choose a day</h3>
            <ChoiceBar
              labelledBy={`${timesId}-days`}
              min={DAY_MIN}
              choices={days.map((d) => ({
                key: d.key,
                disabled: !hasTimes(d),
                // The name in one piece: a hidden part beside visible ones gets a stray space before it.
                content: (
                  <>
                    <DayFace aria-hidden="true">
                      <span>{d.weekday}</span>
                      <span>{d.date}</span>
                    </DayFace>
                    <VisuallyHidden>{dayName(d)}</VisuallyHidden>
                  </>
                ),
              }))}
              chosen={day.key}
              onChoose={(key) => {
                setDayKey(key);
                setSlot(null);
              }}
            />
          </div>
          <div ref={timesRef}>
            <h3 id={`${timesId}-times`}>Times on {day.fullDate}</h3>
            <ChoiceBar
              labelledBy={`${timesId}-times`}
              min={TIME_MIN}
              choices={day.slots.map((s) => ({
                key: s.slot_start,
                content: formatSlotTime(s.slot_start, timeZone),
              }))}
              chosen={chosen?.slot_start ?? null}
              onChoose={(key) => {
                const s = day.slots.find((t) => t.slot_start === key);
                if (!s) return;
                setSlot(s);
                setRefusal(null);
                announce(`${formatSlot(s, timeZone)} selected. Enter your details below to confirm.`);
              }}
            />
          </div>
          {chosen ? (
            <BookingForm
              slot={chosen}
              callType={callType}
              callName={callName}
              slotLabel={formatSlot(chosen, timeZone)}
              values={details}
              setValues={setDetails}
              onBooked={(s, joins) => {
                setBooked({ slot: s, signedIn: joins, otherAddress: !joins && user !== null });
                setDetails((d) => ({ ...d, note: '' }));
                setSlot(null);
                reload();
              }}
              onRefused={(message) => {
                setRefusal(message);
                setSlot(null);
                reload();
              }}
              onChangeTime={() => {
                // The form goes: focus returns to the times, at the one that was chosen.
                timesRef.current?.querySelector<HTMLElement>('[aria-pressed="true"]')?.focus();
                setSlot(null);
              }}
            />
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
