// The back office's calendar desk (beyond the spec, #42.4): a block-out, a cancelled call's message and the booking
// settings. The database refuses the same (private.booking_blockouts' and public.booking_settings' checks,
// staff_move_call's 2000 characters); these give the words before a call. Its own entry point,
// `shared-lib/validation/calendar`, outside `shared-lib/validation`'s index: the public pages' forms import that
// index, and zod schemas built at module level are not tree-shaken out of their chunks.
import { z } from 'zod';

export const BLOCKOUT_REASON_MAX = 200;
const CALL_MESSAGE_MAX = 2000;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * A block-out on one day of the agency's calendar: the whole day (`wholeDay` 'true'), or from `from` to `to`
 * ('HH:MM', the agency's time). The page turns the day and hours into instants in the agency's time zone.
 */
export const blockoutSchema = z
  .object({
    day: z.string().regex(DAY, 'Enter the day to block'),
    wholeDay: z.string(),
    from: z.string(),
    to: z.string(),
    reason: z
      .string()
      .trim()
      .max(BLOCKOUT_REASON_MAX, `A reason has at most ${BLOCKOUT_REASON_MAX} characters`),
  })
  .superRefine((value, ctx) => {
    if (value.wholeDay === 'true') return;
    if (!TIME.test(value.from))
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'Enter the time it starts' });
    if (!TIME.test(value.to))
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'Enter the time it ends' });
    else if (TIME.test(value.from) && value.to <= value.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end is after the start' });
  })
  .transform(({ day, wholeDay, from, to, reason }) =>
    wholeDay === 'true' ? { day, from: null, to: null, reason } : { day, from, to, reason },
  );

export type BlockoutInput = z.output<typeof blockoutSchema>;

/** Cancelling a call: an optional message to the booker, e-mailed with the cancellation. */
export const cancelCallSchema = z.object({
  message: z.string().trim().max(CALL_MESSAGE_MAX, `A message has at most ${CALL_MESSAGE_MAX} characters`),
});

/** A whole number from `min` to `max`, typed in a field. */
const wholeNumber = (what: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `${what} is a whole number`)
    .transform(Number)
    .pipe(
      z.number().min(min, `${what} is from ${min} to ${max}`).max(max, `${what} is from ${min} to ${max}`),
    );

/**
 * The booking hours and slot settings as the form has them (weekdays '1,2,3,4,5', ISO: Monday is 1; times
 * 'HH:MM'), parsed to staff_booking_settings' changes.
 */
export const bookingSettingsSchema = z
  .object({
    slotMinutes: wholeNumber('The call length', 10, 240),
    weekdays: z
      .string()
      .transform((days) => days.split(',').filter(Boolean).map(Number))
      .pipe(
        z
          .array(z.number().int().min(1).max(7))
          .min(1, 'Choose at least one day of the week')
          .transform((days) => [...new Set(days)].sort()),
      ),
    dayStart: z.string().regex(TIME, 'Enter the time the first call may start'),
    dayEnd: z.string().regex(TIME, 'Enter the time the last call ends'),
    horizonDays: wholeNumber('How far ahead calls can be booked', 1, 366),
    minNoticeMinutes: wholeNumber('The notice', 0, 525600),
    holdMinutes: wholeNumber("The hold on a guest's booking", 0, 1440),
  })
  .refine((value) => value.dayStart < value.dayEnd, {
    path: ['dayEnd'],
    message: 'The day ends after it starts',
  })
  .transform((value) => ({
    slot_minutes: value.slotMinutes,
    weekdays: value.weekdays,
    day_start: value.dayStart,
    day_end: value.dayEnd,
    horizon_days: value.horizonDays,
    min_notice_minutes: value.minNoticeMinutes,
    hold_seconds: value.holdMinutes * 60,
  }));

export type BookingSettingsChanges = z.output<typeof bookingSettingsSchema>;
