import { callSupabase } from 'shared-lib';
import type { BookingInput } from 'shared-lib/validation';

/**
 * Books the slot; the meeting's id. Signed in, the meeting is the customer's at once. A time someone else took
 * meanwhile, or one no longer bookable, is refused with the database's own sentence (code P0001).
 */
export const bookDiscoveryCall = (booking: BookingInput): Promise<string> =>
  callSupabase((supabase) =>
    supabase.rpc('book_discovery_call', {
      slot_start: booking.slotStart,
      name: booking.name,
      email: booking.email,
      note: booking.note || undefined,
    }),
  );
