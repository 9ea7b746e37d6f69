import { callSupabase, type CallType } from 'shared-lib';
import { timeZonePreference } from 'shared-lib/calendar';
import type { BookingInput } from 'shared-lib/validation';

/**
 * Books the slot for a call of `callType`; the meeting's id. Signed in, the meeting is the customer's at once; a
 * guest's is held until the link e-mailed to its address confirms it. A time someone else took meanwhile, or one
 * no longer bookable, is refused with the database's own sentence (code P0001). The browser's time zone goes with
 * it: the booking's e-mails name its times in that zone.
 */
export const bookDiscoveryCall = (booking: BookingInput, callType: CallType = 'discovery'): Promise<string> =>
  callSupabase((supabase) =>
    supabase
      .rpc('book_discovery_call', {
        slot_start: booking.slotStart,
        name: booking.name,
        email: booking.email,
        note: booking.note || undefined,
        call_type: callType,
      })
      .setHeader('Prefer', timeZonePreference()),
  );
