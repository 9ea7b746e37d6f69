-- Meetings a customer can act on (issue #45.6): the booker's time zone stored with each booking and named in its
-- e-mails and on its page; cancelling an upcoming call from the account's Meetings by the e-mailed link's rules
-- (one private.cancel_meeting for both); picking a time for a call the account requested without one.

-- The zone a booking's times are named in (issue #45.6): the zone the booking page asked in, which it names in
-- PostgREST's `Prefer: timezone=<zone>` (as PostgREST reads it: a known zone, else ignored), or the agency's
-- calendar zone when the request named none (older rows, the agency's own inserts).
create function private.booker_time_zone() returns text
    language sql stable
    set search_path to ''
    as $$
  select coalesce(
    (select z.zone from (select substring(
        coalesce(current_setting('request.headers', true), '{}')::json ->> 'prefer'
        from 'timezone=([A-Za-z0-9_+\-/]+)') as zone) z
      where z.zone is not null and private.is_time_zone(z.zone)),
    (select s.time_zone from public.booking_settings s)
  );
$$;

REVOKE ALL ON FUNCTION private.booker_time_zone() FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.booker_time_zone() TO service_role;

alter table public.meetings
  add column time_zone text not null default private.booker_time_zone() check (private.is_time_zone(time_zone));

-- A booking's e-mails, the agency's confirmation and its page name the booker's zone.
create or replace function private.booking_payload(m public.meetings) returns jsonb
    language sql stable
    set search_path to ''
    as $$
  select jsonb_build_object(
    'meetingId', m.id,
    'meetingType', m.meeting_type,
    'startsAt', m.scheduled_at,
    -- A call the agency entered without an end is one slot long, as slot_is_taken counts it.
    'endsAt', coalesce(m.ends_at,
      m.scheduled_at + make_interval(mins => (select s.slot_minutes from public.booking_settings s))),
    'timeZone', m.time_zone,
    'name', m.contact_name,
    'email', m.contact_email,
    'note', m.notes,
    'holdExpiresAt', case when m.confirmed_at is null then m.hold_expires_at end,
    'seller', private.seller()
  );
$$;

create or replace function private.queue_call_confirmed() returns trigger
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  payload jsonb;
begin
  if new.scheduled_at is null or new.ends_at is null or new.contact_email is null or new.contact_name is null then
    return null;
  end if;
  payload := jsonb_build_object(
    'meetingId', new.id,
    'meetingType', new.meeting_type,
    'startsAt', new.scheduled_at,
    'endsAt', new.ends_at,
    'timeZone', new.time_zone,
    'name', new.contact_name,
    'email', new.contact_email,
    'seller', private.seller()
  );
  perform private.enqueue_email('call_confirmed', new.contact_email, payload, 'call_confirmed:' || new.id);
  perform private.enqueue_email('call_confirmed_agency_copy', (select c.email_contact from private.company_details c),
    payload, 'call_confirmed_agency_copy:' || new.id);
  return null;
end;
$$;

create or replace function private.booking_link_view(m public.meetings) returns json
    language sql stable
    set search_path to ''
    as $$
  select case when m.id is null then json_build_object('state', 'unknown') else json_build_object(
    'state', case
      when m.cancelled_at is not null then 'cancelled'
      when private.is_expired_hold(m) then 'expired'
      when m.status = 'cancelled' then 'cancelled'
      when m.scheduled_at <= now() or m.status = 'completed' then 'past'
      when m.confirmed_at is null then 'hold'
      else 'confirmed' end,
    'meetingType', m.meeting_type,
    'callType', case when m.meeting_type = (select s.strategy_meeting_type from public.booking_settings s)
      then 'strategy' else 'discovery' end,
    'startsAt', m.scheduled_at,
    'endsAt', m.ends_at,
    'timeZone', m.time_zone,
    'holdExpiresAt', case when m.confirmed_at is null then m.hold_expires_at end,
    'inYourAccount', m.user_id is not null and m.user_id = private.acting_user(),
    'canAddToAccount', m.user_id is null and private.acting_user() is not null
  ) end;
$$;

-- Whom a call of an account is with, for its e-mails when the agency entered it without contact details: the
-- account's address, and its billing name or else the address's local part.
create function private.meeting_contact(m public.meetings) returns jsonb
    language sql stable
    set search_path to ''
    as $$
  select jsonb_build_object(
    'name', coalesce(m.contact_name, (select b.name from public.billing_details b where b.user_id = m.user_id),
      (select split_part(u.email, '@', 1) from auth.users u where u.id = m.user_id)),
    'email', coalesce(m.contact_email, (select u.email from auth.users u where u.id = m.user_id)));
$$;

REVOKE ALL ON FUNCTION private.meeting_contact(m public.meetings) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.meeting_contact(m public.meetings) TO service_role;

-- Cancels a booking that stands: marks it cancelled (its slot is free again) and e-mails the agency once. The one
-- cancellation the e-mailed link (cancel_booking) and the account's Meetings (cancel_my_meeting) share.
create function private.cancel_meeting(m public.meetings) returns public.meetings
    language plpgsql
    set search_path to ''
    as $$
begin
  if m.status <> 'cancelled' then
    update public.meetings set status = 'cancelled', cancelled_at = now() where id = m.id returning * into m;
    perform private.enqueue_email('booking_cancelled_agency_copy',
      (select c.email_contact from private.company_details c),
      private.booking_payload(m) || private.meeting_contact(m), 'booking_cancelled_agency_copy:' || m.id);
  end if;
  return m;
end;
$$;

REVOKE ALL ON FUNCTION private.cancel_meeting(m public.meetings) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.cancel_meeting(m public.meetings) TO service_role;

-- The account's own call, locked until the transaction ends, after releasing the expired holds; null when the
-- account has no meeting of that id.
create function private.lock_own_meeting(meeting_id uuid, account uuid) returns public.meetings
    language plpgsql
    set search_path to ''
    as $$
declare
  m public.meetings;
begin
  perform private.release_expired_holds();
  select * into m from public.meetings
  where id = lock_own_meeting.meeting_id and user_id = lock_own_meeting.account for update;
  return m;
end;
$$;

REVOKE ALL ON FUNCTION private.lock_own_meeting(meeting_id uuid, account uuid) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.lock_own_meeting(meeting_id uuid, account uuid) TO service_role;

-- Meetings' "Cancel call": the e-mailed link's cancellation for the account's own upcoming call (the same rules:
-- an upcoming call, again is the same answer, the agency is e-mailed once, the client's booking budget is spent).
create function public.cancel_my_meeting(meeting_id uuid) returns json
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  account uuid := private.require_account('cancel a call');
  m public.meetings;
begin
  perform private.spend_client_budget('booking');
  m := private.lock_own_meeting(cancel_my_meeting.meeting_id, account);
  if m.id is null then
    return private.refusal(404, 'meeting_unknown', 'We could not find this call in your account.');
  end if;
  if (private.booking_link_view(m) ->> 'state') not in ('hold', 'confirmed', 'cancelled') then
    return private.refusal(410, 'meeting_not_upcoming', 'This call can no longer be cancelled: it has passed.');
  end if;
  return private.booking_link_view(private.cancel_meeting(m));
end;
$$;

REVOKE ALL ON FUNCTION public.cancel_my_meeting(meeting_id uuid) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION public.cancel_my_meeting(meeting_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.cancel_my_meeting(meeting_id uuid) TO service_role;

-- Meetings' "Pick a time" for a call the account requested without one (the demo's "Not scheduled yet"): books a
-- free slot of the grid for it as book_discovery_call books one (a taken slot is refused, the budget is spent),
-- in the zone the page asked in, and e-mails the receipt with the call's link and the agency's copy.
create function public.schedule_my_meeting(meeting_id uuid, slot_start timestamp with time zone) returns json
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  account uuid := private.require_account('pick a time for a call');
  taken constant text := 'Sorry, that time has just been booked. Please choose another time.';
  settings public.booking_settings;
  slot record;
  m public.meetings;
  receipt jsonb;
begin
  select * into settings from public.booking_settings;
  m := private.lock_own_meeting(schedule_my_meeting.meeting_id, account);
  if m.id is null then
    return private.refusal(404, 'meeting_unknown', 'We could not find this call in your account.');
  end if;
  if m.status <> 'requested' or m.scheduled_at is not null then
    return private.refusal(409, 'meeting_has_time', 'This call already has a time.');
  end if;
  select g.slot_start, g.slot_end into slot
  from private.slot_grid(now(), (schedule_my_meeting.slot_start at time zone settings.time_zone)::date) g
  where g.slot_start = schedule_my_meeting.slot_start;
  if not found then
    raise exception 'That time cannot be booked. Please choose one of the times shown.';
  end if;
  if not pg_try_advisory_xact_lock(hashtext('booking-slot:' || extract(epoch from slot.slot_start)::text)) then
    raise exception '%', taken;
  end if;
  if private.slot_is_taken(slot.slot_start, slot.slot_end) then
    raise exception '%', taken;
  end if;
  perform private.spend_client_budget('booking');
  begin
    update public.meetings set
      scheduled_at = slot.slot_start,
      ends_at = slot.slot_end,
      confirmed_at = now(),
      time_zone = private.booker_time_zone(),
      contact_email = private.meeting_contact(m) ->> 'email',
      contact_name = private.meeting_contact(m) ->> 'name'
    where id = m.id
    returning * into m;
  exception when exclusion_violation then
    raise exception '%', taken;
  end;
  receipt := private.booking_payload(m);
  perform private.enqueue_email('booking_agency_copy', (select c.email_contact from private.company_details c),
    receipt, 'booking_agency_copy:' || m.id);
  perform private.enqueue_email('booking_receipt', m.contact_email,
    receipt || jsonb_build_object('manageUrl', private.new_booking_link(m.id)), 'booking_receipt:' || m.id);
  return private.booking_link_view(m);
end;
$$;

REVOKE ALL ON FUNCTION public.schedule_my_meeting(meeting_id uuid, slot_start timestamp with time zone) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION public.schedule_my_meeting(meeting_id uuid, slot_start timestamp with time zone) TO authenticated;
GRANT ALL ON FUNCTION public.schedule_my_meeting(meeting_id uuid, slot_start timestamp with time zone) TO service_role;

-- The e-mailed link's cancellation, now the shared one.
create or replace function public.cancel_booking(token text) returns json
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  m public.meetings;
  refused json;
begin
  perform private.spend_client_budget('booking');
  m := private.lock_booking_of_link(token);
  refused := private.refuse_booking_link(m, array['hold', 'confirmed', 'cancelled']);
  if refused is not null then
    return refused;
  end if;
  return private.booking_link_view(private.cancel_meeting(m));
end;
$$;
