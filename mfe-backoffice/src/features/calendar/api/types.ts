// The calendar desk's shapes are the staff functions' answers as shared-lib's database types give them (one
// source: a change of shape in the database's types fails tsc here).
import type { Database } from 'shared-lib';

type Functions = Database['public']['Functions'];

/** The calendar of some days (staff_calendar), its times in the agency's `time_zone`. */
export type StaffCalendar = Functions['staff_calendar']['Returns'];

/**
 * A call as the calendar desk shows it. `status`: 'requested', 'scheduled' (confirmed), 'completed' or
 * 'cancelled'; `hold`: a guest's booking not yet confirmed from its e-mail, held until `hold_expires_at`.
 */
export type StaffCall = StaffCalendar['calls'][number];

/** A blocked-out time: no call can be booked in it. */
export type Blockout = StaffCalendar['blockouts'][number];

/** What a call's move returns (staff_confirm_call, staff_complete_call, staff_cancel_call). */
export type CallMoved = Functions['staff_confirm_call']['Returns'];

/** The booking hours and slot settings (staff_booking_settings): weekdays ISO (Monday is 1), times 'HH:MM:SS'. */
export type BookingSettings = Functions['staff_booking_settings']['Returns'];
