// The booking calendar's two calls: the free slots, and booking one of them (both RPCs decide on the server).
import { getSupabase, UserFacingError } from 'shared-lib';
import type { BookingInput } from 'shared-lib/validation';
import type { Slot } from '../utils/slots';

/**
 * The database's refusal of a time, in its own words ('Sorry, that time has just been booked. ...'): someone
 * else took it, or it is no longer bookable. The picker shows it and loads the free times again.
 */
export class SlotUnavailableError extends UserFacingError {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'SlotUnavailableError';
  }
}

export async function fetchAvailableSlots(): Promise<Slot[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('available_slots');
  if (error) throw error;
  return data;
}

/** Books the slot; the meeting's id. Signed in, the meeting is the customer's at once. */
export async function bookDiscoveryCall(booking: BookingInput): Promise<string> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('book_discovery_call', {
    slot_start: booking.slotStart,
    name: booking.name,
    email: booking.email,
    note: booking.note || undefined,
  });
  // book_discovery_call raises its refusals as sentences (P0001); anything else is described by shared-lib.
  if (error?.code === 'P0001') throw new SlotUnavailableError(error.message, { cause: error });
  if (error) throw error;
  return data;
}
