// What Meetings does with the account's own calls (issue #45.6): cancel an upcoming one by the e-mailed link's
// rules, and pick a time for one requested without a time, from the free slots anyone sees. Both answer the call as
// its link's page shows it; a refusal comes with its sentence (meeting_unknown, meeting_not_upcoming,
// meeting_has_time, or a taken slot's).
import { callSupabase, type BookingLinkView } from 'shared-lib';
import { timeZonePreference } from 'shared-lib/calendar';

export interface FreeSlot {
  slot_start: string;
  slot_end: string;
}

export const cancelMyMeeting = (meetingId: string): Promise<BookingLinkView> =>
  callSupabase((supabase) => supabase.rpc('cancel_my_meeting', { meeting_id: meetingId }));

export const fetchFreeSlots = (): Promise<FreeSlot[]> =>
  callSupabase((supabase) => supabase.rpc('available_slots'));

/** Books the slot for the call, in the browser's time zone (its e-mails name its times in that zone). */
export const scheduleMyMeeting = (meetingId: string, slotStart: string): Promise<BookingLinkView> =>
  callSupabase((supabase) =>
    supabase
      .rpc('schedule_my_meeting', { meeting_id: meetingId, slot_start: slotStart })
      .setHeader('Prefer', timeZonePreference()),
  );
