import { callSupabase } from 'shared-lib';
import type { BookingSettingsChanges } from 'shared-lib/validation/backoffice';
import type { BookingSettings } from './types';

/** The booking hours and slot settings as they are (staff_booking_settings without changes). */
export const fetchBookingSettings = async (signal?: AbortSignal): Promise<BookingSettings> =>
  await callSupabase((supabase) => {
    const call = supabase.rpc('staff_booking_settings', {});
    return signal ? call.abortSignal(signal) : call;
  });

/** Changes them; resolves with them as they now are (the table's checks refuse what cannot be, 23514). */
export const saveBookingSettings = async (changes: BookingSettingsChanges): Promise<BookingSettings> =>
  await callSupabase((supabase) => supabase.rpc('staff_booking_settings', { changes }));
