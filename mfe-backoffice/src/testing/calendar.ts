// The calendar as the staff functions return it, for the calendar desk's component tests.
import { ApiError } from 'shared-lib';
import type { Blockout, BookingSettings, StaffCalendar, StaffCall } from '../features/calendar/api/types';

export const call = (patch: Partial<StaffCall> = {}): StaffCall => ({
  id: 'ca11ca11-0000-4000-8000-000000000001',
  meeting_type: 'Discovery Call',
  // 10:00 in Berlin on Monday, November 30.
  scheduled_at: '2026-11-30T09:00:00Z',
  ends_at: '2026-11-30T09:30:00Z',
  status: 'requested',
  hold: false,
  hold_expires_at: null,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  account_email: 'ada@example.com',
  notes: 'About a chatbot for our shop',
  ...patch,
});

export const blockout = (patch: Partial<Blockout> = {}): Blockout => ({
  id: 'b10c0000-0000-4000-8000-000000000001',
  // Tuesday, December 1 in Berlin, midnight to midnight.
  starts_at: '2026-11-30T23:00:00Z',
  ends_at: '2026-12-01T23:00:00Z',
  reason: 'Team day',
  ...patch,
});

export const calendar = (patch: Partial<StaffCalendar> = {}): StaffCalendar => ({
  time_zone: 'Europe/Berlin',
  calls: [],
  blockouts: [],
  ...patch,
});

export const settings = (patch: Partial<BookingSettings> = {}): BookingSettings => ({
  slot_minutes: 30,
  weekdays: [1, 2, 3, 4, 5],
  day_start: '09:00:00',
  day_end: '17:00:00',
  time_zone: 'Europe/Berlin',
  horizon_days: 21,
  min_notice_minutes: 1440,
  hold_seconds: 1800,
  ...patch,
});

/** What staff_move_call answers when another staff member moved the call on first. */
export const callChanged = (now: string) =>
  new ApiError({ code: 'call_changed', status: 409, details: now, message: `This call is ${now} now.` });
