// The free discovery-call slots (the database decides which are free: length, days, hours, notice, horizon).
import { callSupabase } from 'shared-lib';
import type { Slot } from '../utils/slots';

export const fetchAvailableSlots = (signal: AbortSignal): Promise<Slot[]> =>
  callSupabase((supabase) => supabase.rpc('available_slots').abortSignal(signal));
