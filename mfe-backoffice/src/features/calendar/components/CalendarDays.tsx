// The calendar desk's days: each day of the range in the agency's time zone, its blocked times and its calls (the
// booker, the type, the status, the notes and the actions the status allows).
import styled from 'styled-components';
import { Badge } from 'shared-lib';
import { Note } from '../../../components/load-states';
import type { Blockout, StaffCalendar, StaffCall } from '../api/types';
import { addDays, dayIn, dayName, instantAt, timeIn } from '../utils/agency-time';
import { callStatusWords } from '../utils/call-status';
import { CallActions, type CallOutcome } from './CallActions';

const Days = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[5]};
`;

const Day = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const Calls = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Call = styled.article`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => theme.space[4]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  h4 {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.space[2]};
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
  dl {
    display: grid;
    grid-template-columns: max-content 1fr;
    gap: ${({ theme }) => `${theme.space[1]} ${theme.space[3]}`};
    margin: 0;
  }
  dt {
    color: ${({ theme }) => theme.colors.muted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Blocked = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space[3]};
  border-left: 4px solid ${({ theme }) => theme.colors.highlight};
  background: ${({ theme }) => theme.colors.highlightSoft};
  color: ${({ theme }) => theme.colors.text};
`;

/** 'all day', 'from 2:00 PM to 4:00 PM', or with the days when it spans more than this one. */
export function blockoutWhen(blockout: Blockout, timeZone: string): string {
  const startDay = dayIn(blockout.starts_at, timeZone);
  const endDay = dayIn(blockout.ends_at, timeZone);
  const midnightStart = instantAt(startDay, '00:00', timeZone) === new Date(blockout.starts_at).toISOString();
  const midnightEnd = instantAt(endDay, '00:00', timeZone) === new Date(blockout.ends_at).toISOString();
  if (midnightStart && midnightEnd) {
    const lastDay = addDays(endDay, -1);
    return lastDay === startDay
      ? `${dayName(startDay)}, all day`
      : `${dayName(startDay)} to ${dayName(lastDay)}, all day`;
  }
  const start = `${dayName(startDay)}, ${timeIn(blockout.starts_at, timeZone)}`;
  return startDay === endDay
    ? `${start} to ${timeIn(blockout.ends_at, timeZone)}`
    : `${start} to ${dayName(endDay)}, ${timeIn(blockout.ends_at, timeZone)}`;
}

function CallCard({ call, timeZone, ...outcome }: { call: StaffCall; timeZone: string } & CallOutcome) {
  const heading = `call-${call.id}`;
  const time = call.ends_at
    ? `${timeIn(call.scheduled_at, timeZone)} to ${timeIn(call.ends_at, timeZone)}`
    : timeIn(call.scheduled_at, timeZone);
  const status = callStatusWords(call);
  return (
    <Call aria-labelledby={heading}>
      <h4 id={heading}>
        {time}, {call.meeting_type}
        <Badge
          $tone={
            status === 'Confirmed'
              ? 'primary'
              : status === 'Cancelled' || status === 'Completed'
                ? 'neutral'
                : 'highlight'
          }
        >
          {status}
        </Badge>
      </h4>
      <dl>
        <dt>Booker</dt>
        <dd>{call.name ?? 'No name given'}</dd>
        <dt>E-mail</dt>
        <dd>{call.email ?? 'None'}</dd>
        {call.account_email && call.account_email !== call.email ? (
          <>
            <dt>Account</dt>
            <dd>{call.account_email}</dd>
          </>
        ) : null}
        {call.hold && call.status === 'requested' && call.hold_expires_at ? (
          <>
            <dt>Held until</dt>
            <dd>{timeIn(call.hold_expires_at, timeZone)}, unless the booker confirms it from their e-mail</dd>
          </>
        ) : null}
        <dt>Notes</dt>
        <dd>{call.notes ?? 'None'}</dd>
      </dl>
      <CallActions call={call} {...outcome} />
    </Call>
  );
}

/**
 * The `days` days from `from` in the agency's time zone, each with its blocked times and its calls in time order;
 * a day with neither says so.
 */
export function CalendarDays({
  calendar,
  from,
  days,
  ...outcome
}: { calendar: StaffCalendar; from: string; days: number } & CallOutcome) {
  const zone = calendar.time_zone;
  const list = Array.from({ length: days }, (_, i) => addDays(from, i));
  return (
    <Days>
      {list.map((day) => {
        const calls = calendar.calls.filter((call) => dayIn(call.scheduled_at, zone) === day);
        const dayStart = Date.parse(instantAt(day, '00:00', zone));
        const dayEnd = Date.parse(instantAt(addDays(day, 1), '00:00', zone));
        const blocked = calendar.blockouts.filter(
          (b) => Date.parse(b.starts_at) < dayEnd && Date.parse(b.ends_at) > dayStart,
        );
        const heading = `day-${day}`;
        return (
          <Day key={day} aria-labelledby={heading}>
            <h3 id={heading}>{dayName(day)}</h3>
            {blocked.map((b) => (
              <Blocked key={b.id}>
                Blocked: {blockoutWhen(b, zone)}
                {b.reason ? ` (${b.reason})` : ''}
              </Blocked>
            ))}
            {calls.length === 0 ? (
              <Note>No calls.</Note>
            ) : (
              <Calls>
                {calls.map((call) => (
                  <li key={call.id}>
                    <CallCard call={call} timeZone={zone} {...outcome} />
                  </li>
                ))}
              </Calls>
            )}
          </Day>
        );
      })}
    </Days>
  );
}
