import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { paths, useLoad } from 'shared-lib';
import { localToday } from 'shared-lib/validation/backoffice';
import { useActionNotice } from '../components/action-notice';
import { LoadFailed, Loading } from '../components/load-states';
import { PageFrame } from '../features/desks/components/PageFrame';
import { fetchBookingSettings } from '../features/calendar/api/booking-settings';
import { fetchCalendar } from '../features/calendar/api/fetch-calendar';
import { BlockoutList, BlockTimeForm } from '../features/calendar/components/Blockouts';
import { BookingSettingsForm } from '../features/calendar/components/BookingSettingsForm';
import { CalendarDays } from '../features/calendar/components/CalendarDays';
import { addDays, dayIn, dayName } from '../features/calendar/utils/agency-time';

/** How many days the desk shows at once; Earlier and Later move by as many. */
const CALENDAR_DAYS = 7;

const Part = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`;

const Range = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  p {
    margin: 0;
    font-weight: 600;
  }
`;

/** The query string's first day, or '' for none (a day the browser cannot read is none too). */
const dayOf = (value: string | null) =>
  value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? value : '';

/**
 * /admin/calendar?from=YYYY-MM-DD, the calendar desk: a week of calls by the agency's day with their actions,
 * the blocked times, the form that blocks more, and the booking settings. After any change the page says what
 * happened (or what someone else did first) and reads the calendar again.
 */
export default function CalendarPage() {
  const [params] = useSearchParams();
  // Without a day, today where the browser is; the database reads the day in the agency's zone.
  const from = dayOf(params.get('from')) || localToday();
  const calendar = useLoad((signal) => fetchCalendar(from, CALENDAR_DAYS, signal), [from], {
    context: 'backoffice',
  });
  const settings = useLoad((signal) => fetchBookingSettings(signal), [], { context: 'backoffice' });
  const { notice, say } = useActionNotice();

  const report = (tone: 'done' | 'changed') => (text: string) => {
    say(tone, text);
    calendar.retry();
  };
  const outcome = { onDone: report('done'), onChanged: report('changed') };
  const last = addDays(from, CALENDAR_DAYS - 1);
  const zone = calendar.state === 'ready' ? calendar.data.time_zone : null;
  const at = (day: string) => `${paths.adminCalendar}?from=${day}`;

  return (
    <PageFrame title="Calendar">
      {notice}
      <Part aria-labelledby="calls">
        <h2 id="calls">Calls</h2>
        <Range aria-label="Days shown">
          <Link to={at(addDays(from, -CALENDAR_DAYS))}>Earlier days</Link>
          <p aria-live="polite">
            {dayName(from)} to {dayName(last)}
            {zone ? ` (${zone})` : ''}
          </p>
          <Link to={at(addDays(from, CALENDAR_DAYS))}>Later days</Link>
          {zone && from !== dayIn(Date.now(), zone) ? <Link to={paths.adminCalendar}>Today</Link> : null}
        </Range>
        {calendar.state === 'failed' ? (
          <LoadFailed what="The calendar" error={calendar.error} onRetry={calendar.retry} />
        ) : calendar.state === 'loading' ? (
          <Loading label="Loading the calendar..." />
        ) : (
          <CalendarDays calendar={calendar.data} from={from} days={CALENDAR_DAYS} {...outcome} />
        )}
      </Part>
      <Part aria-labelledby="blocked">
        <h2 id="blocked">Blocked times</h2>
        <p>No call can be booked in a blocked time; calls already booked in it stay.</p>
        {calendar.state === 'ready' ? (
          <>
            <BlockTimeForm
              timeZone={calendar.data.time_zone}
              today={dayIn(Date.now(), calendar.data.time_zone)}
              onBlocked={outcome.onDone}
            />
            <BlockoutList
              blockouts={calendar.data.blockouts}
              timeZone={calendar.data.time_zone}
              onRemoved={outcome.onDone}
            />
          </>
        ) : null}
      </Part>
      {settings.state === 'failed' ? (
        <LoadFailed what="The booking settings" error={settings.error} onRetry={settings.retry} />
      ) : settings.state === 'loading' ? (
        <Loading label="Loading the booking settings..." />
      ) : (
        <BookingSettingsForm settings={settings.data} onSaved={settings.set} />
      )}
    </PageFrame>
  );
}
