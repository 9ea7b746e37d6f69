// Meetings' offer (issue #30.1, beyond the spec): the confirmed, upcoming calls booked without signing in with the
// account's own address, by date only; adding one e-mails that address the booking's link, which adds it when
// opened signed in. Both refuse a session that still needs its second factor (insufficient_aal).
import { callSupabase } from 'shared-lib';

export interface GuestBooking {
  id: string;
  meeting_type: string;
  /** The call's day in the agency's time zone ('2026-12-03'); never its time, name or note. */
  call_date: string;
}

export const fetchGuestBookings = (signal: AbortSignal): Promise<GuestBooking[]> =>
  callSupabase((supabase) => supabase.rpc('guest_bookings_for_account').abortSignal(signal));

export const sendBookingLink = (meetingId: string): Promise<void> =>
  callSupabase((supabase) => supabase.rpc('send_booking_link', { meeting_id: meetingId })).then(
    () => undefined,
  );
