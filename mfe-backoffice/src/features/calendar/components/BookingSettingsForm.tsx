// The booking hours and slot settings (booking_settings, through staff_booking_settings): which days and hours
// calls can be booked, how long a call is, how far ahead and with how much notice, and how long a guest's booking
// is held for its e-mail's confirmation. The schema checks the ranges the table's checks hold; a refusal that
// still comes back is told in words.
import styled from 'styled-components';
import {
  FormFailure,
  isApiError,
  SubmitButton,
  SuccessNote,
  TextField,
  useFormSubmit,
  type Refusal,
} from 'shared-lib';
import { bookingSettingsSchema } from 'shared-lib/validation/backoffice';
import { FormPanel } from '../../../components/form-panel';
import { saveBookingSettings } from '../api/booking-settings';
import type { BookingSettings } from '../api/types';

const Panel = styled(FormPanel)`
  p {
    margin: 0;
  }
`;

const Weekdays = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space[2]} ${theme.space[4]}`};
  margin: 0;
  padding: ${({ theme }) => theme.space[3]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  legend {
    padding: 0 ${({ theme }) => theme.space[1]};
    font-weight: 600;
  }
  label {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space[2]};
    min-height: 2.75rem;
  }
  input {
    width: 1.25rem;
    height: 1.25rem;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

const WeekdaysError = styled.p`
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 600;
`;

// ISO weekdays: Monday is 1.
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** The form's values for the settings as they are. */
const settingsValues = (s: BookingSettings) => ({
  slotMinutes: String(s.slot_minutes),
  weekdays: [...s.weekdays].sort().join(','),
  dayStart: s.day_start.slice(0, 5),
  dayEnd: s.day_end.slice(0, 5),
  horizonDays: String(s.horizon_days),
  minNoticeMinutes: String(s.min_notice_minutes),
  holdMinutes: String(s.hold_seconds / 60),
});

/** The table's checks (23514) or a value the database cannot read (22xxx): said in words, beside the form. */
function settingsRefusal(error: unknown): Refusal<never> | undefined {
  if (!isApiError(error, '23514', '22023', '22007', '22P02', '22008')) return undefined;
  return {
    title: 'Settings not saved',
    description:
      'The calendar refused these settings. Check that each number is in its range, at least one day is chosen and the day ends after it starts.',
  };
}

export function BookingSettingsForm({
  settings,
  onSaved,
}: {
  settings: BookingSettings;
  onSaved: (next: BookingSettings) => void;
}) {
  const form = useFormSubmit({
    initial: settingsValues(settings),
    schema: bookingSettingsSchema,
    send: saveBookingSettings,
    success: { title: 'Booking settings saved' },
    note: 'Saved. The booking page offers times by these settings now.',
    onSuccess: (next: BookingSettings) => onSaved(next),
    refusal: settingsRefusal,
  });
  const chosen = form.values.weekdays.split(',').filter(Boolean);
  const toggle = (day: string, on: boolean) =>
    form.set('weekdays', (on ? [...chosen, day] : chosen.filter((d) => d !== day)).sort().join(','));
  const weekdaysError = form.errors.weekdays;
  return (
    <Panel form={form} $fieldWidth="14rem" aria-labelledby="booking-settings">
      <h2 id="booking-settings" className="wide">
        Booking settings
      </h2>
      <p className="wide">Times are in the agency&apos;s time zone, {settings.time_zone}.</p>
      <Weekdays className="wide" aria-describedby={weekdaysError ? 'weekdays-error' : undefined}>
        <legend>Days calls can be booked</legend>
        {WEEKDAYS.map((name, i) => {
          const day = String(i + 1);
          return (
            <label key={day}>
              <input
                type="checkbox"
                name="weekdays"
                value={day}
                checked={chosen.includes(day)}
                onChange={(event) => toggle(day, event.target.checked)}
              />
              {name}
            </label>
          );
        })}
      </Weekdays>
      {weekdaysError ? (
        <WeekdaysError id="weekdays-error" className="wide">
          {weekdaysError}
        </WeekdaysError>
      ) : null}
      <TextField {...form.field('dayStart')} type="time" label="First call starts at" required />
      <TextField {...form.field('dayEnd')} type="time" label="Last call ends by" required />
      <TextField {...form.field('slotMinutes')} inputMode="numeric" label="Call length (minutes)" required />
      <TextField
        {...form.field('horizonDays')}
        inputMode="numeric"
        label="Bookable up to (days ahead)"
        required
      />
      <TextField
        {...form.field('minNoticeMinutes')}
        inputMode="numeric"
        label="Notice before a call (minutes)"
        required
      />
      <TextField
        {...form.field('holdMinutes')}
        inputMode="numeric"
        label="Hold on a guest's booking (minutes)"
        required
      />
      <div className="wide">
        <FormFailure form={form} />
        <SuccessNote form={form} />
        <SubmitButton form={form} busyLabel="Saving...">
          Save settings
        </SubmitButton>
      </div>
    </Panel>
  );
}
