import { callSupabase } from 'shared-lib';
import type { StaffCalendar } from './types';

/** The calls and block-outs of `days` days from `fromDay` ('YYYY-MM-DD', the agency's day; staff_calendar). */
export const fetchCalendar = async (
  fromDay: string,
  days: number,
  signal?: AbortSignal,
): Promise<StaffCalendar> =>
  await callSupabase((supabase) => {
    const call = supabase.rpc('staff_calendar', { from_day: fromDay, days });
    return signal ? call.abortSignal(signal) : call;
  });
