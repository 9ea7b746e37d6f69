import { callSupabase, type BookingLinkView } from 'shared-lib';

/** What the booking's e-mailed link opens; reading it changes nothing (mail scanners open links too). */
export const fetchBookingLink = (token: string, signal: AbortSignal): Promise<BookingLinkView> =>
  callSupabase((supabase) => supabase.rpc('booking_link', { token }).abortSignal(signal));

/**
 * Confirms the booking (a guest's hold) and, signed in, adds it to the account; the booking as it now stands. A
 * link that expired or that nobody made is refused (codes booking_link_expired, booking_link_unknown).
 */
export const confirmBooking = (token: string): Promise<BookingLinkView> =>
  callSupabase((supabase) => supabase.rpc('confirm_booking', { token }));

/**
 * Cancels the upcoming call (a hold or a confirmed booking); cancelled already is the same answer. A past call or
 * an expired hold is refused (booking_link_expired), as is an unknown link (booking_link_unknown).
 */
export const cancelBooking = (token: string): Promise<BookingLinkView> =>
  callSupabase((supabase) => supabase.rpc('cancel_booking', { token }));
