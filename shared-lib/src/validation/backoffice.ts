// The back office's forms (beyond the spec, #42): mark paid and a move's note (orders desk), a block-out, a
// cancelled call's message and the booking settings (calendar desk), a promotion (promotions desk). The database
// refuses the same (its tables' checks and the staff functions'); these give the words before a call. Their own
// entry point, `shared-lib/validation/backoffice`, outside `shared-lib/validation`'s index: the public pages' forms
// import that index, and zod schemas built at module level are not tree-shaken out of their chunks.
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

// The back office's "mark paid" (beyond the spec, #42.3): the day the transfer arrived (a calendar day, not in the
// future) and the bank's reference. staff_mark_order_paid refuses the same in the database.
const BANK_REFERENCE_MAX = 140;
const STAFF_NOTE_MAX = 1000;

/** Today's calendar day where the browser is, 'YYYY-MM-DD'. */
export const localToday = (now = new Date()): string =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

export const markPaidSchema = z.object({
  paidOn: z
    .string({ error: 'Enter the day the payment arrived' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the day the payment arrived')
    .refine((day) => day <= localToday(), 'The day the payment arrived is today or earlier'),
  bankReference: z
    .string({ error: 'Enter the bank reference' })
    .trim()
    .min(1, 'Enter the bank reference')
    .max(BANK_REFERENCE_MAX, `The bank reference has at most ${BANK_REFERENCE_MAX} characters`),
  note: z.string().trim().max(STAFF_NOTE_MAX, `A note has at most ${STAFF_NOTE_MAX} characters`),
});

/** The back office's one-button moves of an order: an optional note for its audit trail. */
export const staffNoteSchema = markPaidSchema.pick({ note: true });

// The back office's promotion form (beyond the spec, #42.5), the limits of the promotions table's checks: words
// of 1-200 characters, an end after the start, and a link that is a path on this site or an https address.
export const PROMOTION_WORDS_MAX = 200;
export const PROMOTION_LINK_MAX = 500;
const SITE_PATH_OR_HTTPS = /^(\/|\/[^/\s\\][^\s\\]*|https:\/\/[^/\s\\][^\s\\]*)$/;

/** A 'YYYY-MM-DDTHH:mm' of a datetime-local field (the browser's time zone) as an instant, or null. */
export const localDateTimeToIso = (value: string): string | null => {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString();
};

/** An instant as a datetime-local field's value, in the browser's time zone. */
export const isoToLocalDateTime = (iso: string): string => {
  const at = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${localToday(at)}T${two(at.getHours())}:${two(at.getMinutes())}`;
};

const dateTimeField = (what: string) =>
  z
    .string({ error: `Enter when the promotion ${what}` })
    .refine((value) => localDateTimeToIso(value) !== null, `Enter when the promotion ${what}`)
    .transform((value) => localDateTimeToIso(value) ?? '');

export const promotionSchema = z
  .object({
    words: z
      .string({ error: 'Enter the words of the banner' })
      .trim()
      .min(1, 'Enter the words of the banner')
      .max(PROMOTION_WORDS_MAX, `The words have at most ${PROMOTION_WORDS_MAX} characters`),
    startsAt: dateTimeField('starts'),
    endsAt: dateTimeField('ends'),
    link: z
      .string()
      .trim()
      .max(PROMOTION_LINK_MAX, `A link has at most ${PROMOTION_LINK_MAX} characters`)
      .refine(
        (link) => link === '' || SITE_PATH_OR_HTTPS.test(link),
        'A link is a page of this site (starting with /) or an address starting with https://',
      )
      .transform((link) => (link === '' ? null : link)),
  })
  .refine((promotion) => promotion.endsAt > promotion.startsAt, {
    message: 'The promotion ends after it starts',
    path: ['endsAt'],
  });

export type PromotionInput = z.input<typeof promotionSchema>;
export type PromotionData = z.output<typeof promotionSchema>;
