/** A call as the calendar desk shows it (staff_calendar's calls). */
export interface StaffCall {
  id: string;
  meeting_type: string;
  scheduled_at: string;
  ends_at: string | null;
  /** 'requested', 'scheduled' (confirmed), 'completed' or 'cancelled'. */
  status: string;
  /** A guest's booking not yet confirmed from its e-mail, held until `hold_expires_at`. */
  hold: boolean;
  hold_expires_at: string | null;
  name: string | null;
  email: string | null;
  account_email: string | null;
  notes: string | null;
}

/** A blocked-out time: no call can be booked in it. */
export interface Blockout {
  id: string;
  starts_at: string;
  ends_at: string;
  reason: string | null;
}

/** The calendar of some days (staff_calendar), its times in the agency's `time_zone`. */
export interface StaffCalendar {
  time_zone: string;
  calls: StaffCall[];
  blockouts: Blockout[];
}

/** What a call's move returns (staff_confirm_call, staff_complete_call, staff_cancel_call). */
export interface CallMoved {
  id: string;
  status: string;
  scheduled_at: string | null;
  confirmed_at: string | null;
  cancelled_at: string | null;
}

/** The booking hours and slot settings (staff_booking_settings). */
export interface BookingSettings {
  slot_minutes: number;
  /** ISO weekdays, Monday is 1. */
  weekdays: number[];
  /** 'HH:MM:SS' in the agency's time zone. */
  day_start: string;
  day_end: string;
  time_zone: string;
  horizon_days: number;
  min_notice_minutes: number;
  hold_seconds: number;
}
