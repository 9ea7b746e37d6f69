-- The back office's calendar desk and promotions (issue #42 items 4 and 5, beyond the spec): staff read the calls
-- by day with the booker's details, confirm, complete and cancel them (a cancellation e-mails the booker the
-- agency's message), block out times, which private.slot_is_taken counts as taken (so available_slots stops
-- offering them and book_discovery_call refuses them, without redefining either), change the booking settings,
-- create, edit and end promotions, and export the newsletter's subscribers. Every function starts with
-- private.require_staff() (20261206090000_back_office.sql). supabase/schemas/08_booking.sql and
-- 09_back_office.sql hold the same definitions.

-- Times the agency blocks out (the back office's calendar desk, issue #42): a day off, an afternoon away. A blocked
-- time offers no slot and takes no booking: private.slot_is_taken counts it as taken.
create table private.booking_blockouts (
    id uuid default gen_random_uuid() not null primary key,
    starts_at timestamp with time zone not null,
    ends_at timestamp with time zone not null,
    reason text,
    created_by uuid references auth.users(id) on delete set null,
    created_at timestamp with time zone default now() not null,
    constraint booking_blockouts_ends_after_start check ((ends_at > starts_at)),
    constraint booking_blockouts_span_check check ((ends_at - starts_at <= interval '366 days')),
    constraint booking_blockouts_reason_check check ((char_length(reason) <= 200))
);

create index booking_blockouts_span_idx on private.booking_blockouts using btree (starts_at, ends_at);

alter table private.booking_blockouts enable row level security;

GRANT ALL ON TABLE private.booking_blockouts TO service_role;


create or replace function private.slot_is_taken(slot_start timestamp with time zone, slot_end timestamp with time zone) returns boolean
    language sql stable
    set search_path to ''
    as $$
  select exists (
    select 1
    from public.meetings m, public.booking_settings s
    where m.status <> 'cancelled'
      and not private.is_expired_hold(m)
      and m.scheduled_at < slot_is_taken.slot_end
      and coalesce(m.ends_at, m.scheduled_at + make_interval(mins => s.slot_minutes)) > slot_is_taken.slot_start
  ) or exists (
    select 1 from private.booking_blockouts b
    where b.starts_at < slot_is_taken.slot_end and b.ends_at > slot_is_taken.slot_start
  );
$$;


-- The calendar desk: the calls from `from_day` for `days` days (in the booking calendar's time zone), confirmed
-- and holds, with the booker's details, and the blocked-out times.
create function public.staff_calendar(from_day date, days integer default 14) returns json
    language plpgsql stable security definer
    set search_path to ''
    as $$
declare
  zone text := (select s.time_zone from public.booking_settings s);
  range_start timestamptz := staff_calendar.from_day::timestamp at time zone zone;
  range_end timestamptz := (staff_calendar.from_day + least(greatest(coalesce(staff_calendar.days, 14), 1), 62))::timestamp at time zone zone;
begin
  perform private.require_staff();
  return json_build_object(
    'time_zone', zone,
    'calls', coalesce((
      select json_agg(json_build_object('id', m.id, 'meeting_type', m.meeting_type, 'scheduled_at', m.scheduled_at,
        'ends_at', m.ends_at, 'status', m.status, 'hold', m.confirmed_at is null and m.hold_expires_at is not null,
        'hold_expires_at', m.hold_expires_at, 'name', coalesce(m.contact_name, u.raw_user_meta_data ->> 'full_name'),
        'email', coalesce(m.contact_email, u.email), 'account_email', u.email, 'notes', m.notes)
        order by m.scheduled_at)
      from public.meetings m
      left join auth.users u on u.id = m.user_id
      where m.scheduled_at >= range_start and m.scheduled_at < range_end
        and not private.is_expired_hold(m)), '[]'),
    'blockouts', coalesce((
      select json_agg(json_build_object('id', b.id, 'starts_at', b.starts_at, 'ends_at', b.ends_at,
        'reason', b.reason) order by b.starts_at)
      from private.booking_blockouts b
      where b.starts_at < range_end and b.ends_at > range_start), '[]')
  );
end;
$$;

REVOKE ALL ON FUNCTION public.staff_calendar(from_day date, days integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.staff_calendar(from_day date, days integer) TO authenticated;
GRANT ALL ON FUNCTION public.staff_calendar(from_day date, days integer) TO service_role;


-- Moves a call on for a staff member: confirm (requested -> scheduled, which queues the call-confirmed e-mails:
-- meetings_call_confirmed), complete (scheduled -> completed) or cancel (-> cancelled, with a message e-mailed to
-- the booker). A call in another status is refused with 409 `call_changed` and its status in details.
create function private.staff_move_call(meeting_id uuid, from_statuses text[], new_status text, message text default null::text) returns json
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  m public.meetings;
  booker_email text;
  words text := nullif(btrim(staff_move_call.message), '');
begin
  perform private.require_staff();
  select * into m from public.meetings where id = staff_move_call.meeting_id for update;
  if not found then
    raise sqlstate 'PGRST' using
      message = json_build_object('code', 'call_not_found', 'message', 'There is no such call.',
        'details', null, 'hint', null)::text,
      detail = json_build_object('status', 404, 'headers', json_build_object())::text;
  end if;
  if not (m.status = any (staff_move_call.from_statuses)) or private.is_expired_hold(m) then
    raise sqlstate 'PGRST' using
      message = json_build_object('code', 'call_changed',
        'message', case when private.is_expired_hold(m) then 'This call''s hold has expired.'
          else 'This call is ' || m.status || ' now.' end,
        'details', m.status, 'hint', null)::text,
      detail = json_build_object('status', 409, 'headers', json_build_object())::text;
  end if;
  if char_length(words) > 2000 then
    raise exception 'A message has at most 2000 characters' using errcode = '22001';
  end if;
  update public.meetings set status = staff_move_call.new_status,
    cancelled_at = case when staff_move_call.new_status = 'cancelled' then now() else cancelled_at end,
    confirmed_at = case when staff_move_call.new_status = 'scheduled' then coalesce(confirmed_at, now())
      else confirmed_at end
  where id = m.id returning * into m;
  if m.status = 'cancelled' then
    select coalesce(m.contact_email, u.email) into booker_email from auth.users u where u.id = m.user_id;
    booker_email := coalesce(booker_email, m.contact_email);
    if booker_email is not null then
      perform private.enqueue_email('call_cancelled', booker_email, jsonb_strip_nulls(jsonb_build_object(
        'meetingType', m.meeting_type,
        'startsAt', m.scheduled_at,
        'endsAt', coalesce(m.ends_at, m.scheduled_at + interval '30 minutes'),
        'timeZone', (select s.time_zone from public.booking_settings s),
        'name', coalesce(m.contact_name, booker_email),
        'message', words,
        'bookUrl', (select c.site_url from private.company_details c) || '/contact',
        'seller', private.seller())), 'call_cancelled:' || m.id);
    end if;
  end if;
  return json_build_object('id', m.id, 'status', m.status, 'scheduled_at', m.scheduled_at,
    'confirmed_at', m.confirmed_at, 'cancelled_at', m.cancelled_at);
end;
$$;

REVOKE ALL ON FUNCTION private.staff_move_call(meeting_id uuid, from_statuses text[], new_status text, message text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.staff_move_call(meeting_id uuid, from_statuses text[], new_status text, message text) TO service_role;


create function public.staff_confirm_call(meeting_id uuid) returns json
    language plpgsql security definer
    set search_path to ''
    as $$
begin
  perform private.require_staff();
  return private.staff_move_call(staff_confirm_call.meeting_id, array['requested'], 'scheduled');
end;
$$;

REVOKE ALL ON FUNCTION public.staff_confirm_call(meeting_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.staff_confirm_call(meeting_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.staff_confirm_call(meeting_id uuid) TO service_role;


create function public.staff_complete_call(meeting_id uuid) returns json
    language plpgsql security definer
    set search_path to ''
    as $$
begin
  perform private.require_staff();
  return private.staff_move_call(staff_complete_call.meeting_id, array['scheduled'], 'completed');
end;
$$;

REVOKE ALL ON FUNCTION public.staff_complete_call(meeting_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.staff_complete_call(meeting_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.staff_complete_call(meeting_id uuid) TO service_role;


create function public.staff_cancel_call(meeting_id uuid, message text default null::text) returns json
    language plpgsql security definer
    set search_path to ''
    as $$
begin
  perform private.require_staff();
  return private.staff_move_call(staff_cancel_call.meeting_id, array['requested', 'scheduled'], 'cancelled',
    staff_cancel_call.message);
end;
$$;

REVOKE ALL ON FUNCTION public.staff_cancel_call(meeting_id uuid, message text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.staff_cancel_call(meeting_id uuid, message text) TO authenticated;
GRANT ALL ON FUNCTION public.staff_cancel_call(meeting_id uuid, message text) TO service_role;


-- Blocks out a time (whole days are from midnight to midnight in the calendar's time zone, which the app sends):
-- its slots leave available_slots and book_discovery_call refuses them. Calls already booked in it stay.
create function public.staff_block_time(starts_at timestamp with time zone, ends_at timestamp with time zone, reason text default null::text) returns uuid
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  new_id uuid;
begin
  perform private.require_staff();
  insert into private.booking_blockouts (starts_at, ends_at, reason, created_by)
  values (staff_block_time.starts_at, staff_block_time.ends_at, nullif(btrim(staff_block_time.reason), ''),
    auth.uid())
  returning id into new_id;
  return new_id;
end;
$$;

REVOKE ALL ON FUNCTION public.staff_block_time(starts_at timestamp with time zone, ends_at timestamp with time zone, reason text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.staff_block_time(starts_at timestamp with time zone, ends_at timestamp with time zone, reason text) TO authenticated;
GRANT ALL ON FUNCTION public.staff_block_time(starts_at timestamp with time zone, ends_at timestamp with time zone, reason text) TO service_role;


create function public.staff_unblock_time(blockout_id uuid) returns void
    language plpgsql security definer
    set search_path to ''
    as $$
begin
  perform private.require_staff();
  delete from private.booking_blockouts b where b.id = staff_unblock_time.blockout_id;
end;
$$;

REVOKE ALL ON FUNCTION public.staff_unblock_time(blockout_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.staff_unblock_time(blockout_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.staff_unblock_time(blockout_id uuid) TO service_role;


-- The booking hours and slot settings the calendar already has (public.booking_settings' one row): read, and
-- changed by the keys given (slot_minutes, weekdays, day_start, day_end, horizon_days, min_notice_minutes,
-- hold_seconds), checked by the table's constraints (23514).
create function public.staff_booking_settings(changes jsonb default null::jsonb) returns json
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  s public.booking_settings;
begin
  perform private.require_staff();
  if staff_booking_settings.changes is not null then
    if jsonb_typeof(staff_booking_settings.changes) <> 'object' or exists (
      select 1 from jsonb_object_keys(staff_booking_settings.changes) k
      where k not in ('slot_minutes', 'weekdays', 'day_start', 'day_end', 'horizon_days', 'min_notice_minutes',
        'hold_seconds')
    ) then
      raise exception 'changes may name slot_minutes, weekdays, day_start, day_end, horizon_days, min_notice_minutes and hold_seconds'
        using errcode = '22023';
    end if;
    update public.booking_settings b set
      slot_minutes = coalesce((staff_booking_settings.changes ->> 'slot_minutes')::integer, b.slot_minutes),
      weekdays = coalesce((select array_agg(d::integer) from jsonb_array_elements_text(
        staff_booking_settings.changes -> 'weekdays') d), b.weekdays),
      day_start = coalesce((staff_booking_settings.changes ->> 'day_start')::time, b.day_start),
      day_end = coalesce((staff_booking_settings.changes ->> 'day_end')::time, b.day_end),
      horizon_days = coalesce((staff_booking_settings.changes ->> 'horizon_days')::integer, b.horizon_days),
      min_notice_minutes = coalesce((staff_booking_settings.changes ->> 'min_notice_minutes')::integer,
        b.min_notice_minutes),
      hold_seconds = coalesce((staff_booking_settings.changes ->> 'hold_seconds')::integer, b.hold_seconds),
      updated_at = now();
  end if;
  select * into s from public.booking_settings;
  return json_build_object('slot_minutes', s.slot_minutes, 'weekdays', s.weekdays, 'day_start', s.day_start,
    'day_end', s.day_end, 'time_zone', s.time_zone, 'horizon_days', s.horizon_days,
    'min_notice_minutes', s.min_notice_minutes, 'hold_seconds', s.hold_seconds);
end;
$$;

REVOKE ALL ON FUNCTION public.staff_booking_settings(changes jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.staff_booking_settings(changes jsonb) TO authenticated;
GRANT ALL ON FUNCTION public.staff_booking_settings(changes jsonb) TO service_role;


-- Promotions: every campaign, newest start first.
create function public.staff_promotions() returns setof public.promotions
    language plpgsql stable security definer
    set search_path to ''
    as $$
begin
  perform private.require_staff();
  return query select * from public.promotions p order by p.starts_at desc, p.id;
end;
$$;

REVOKE ALL ON FUNCTION public.staff_promotions() FROM PUBLIC;
GRANT ALL ON FUNCTION public.staff_promotions() TO authenticated;
GRANT ALL ON FUNCTION public.staff_promotions() TO service_role;


-- Creates a promotion (promotion_id null) or edits one; the table's checks refuse empty or padded words and an
-- end at or before the start (23514).
create function public.staff_save_promotion(promotion_id uuid, words text, starts_at timestamp with time zone, ends_at timestamp with time zone) returns public.promotions
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  saved public.promotions;
begin
  perform private.require_staff();
  if staff_save_promotion.promotion_id is null then
    insert into public.promotions (words, starts_at, ends_at)
    values (staff_save_promotion.words, staff_save_promotion.starts_at, staff_save_promotion.ends_at)
    returning * into saved;
  else
    update public.promotions p set words = staff_save_promotion.words, starts_at = staff_save_promotion.starts_at,
      ends_at = staff_save_promotion.ends_at
    where p.id = staff_save_promotion.promotion_id
    returning * into saved;
    if not found then
      raise sqlstate 'PGRST' using
        message = json_build_object('code', 'promotion_not_found', 'message', 'There is no such promotion.',
          'details', null, 'hint', null)::text,
        detail = json_build_object('status', 404, 'headers', json_build_object())::text;
    end if;
  end if;
  return saved;
end;
$$;

REVOKE ALL ON FUNCTION public.staff_save_promotion(promotion_id uuid, words text, starts_at timestamp with time zone, ends_at timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.staff_save_promotion(promotion_id uuid, words text, starts_at timestamp with time zone, ends_at timestamp with time zone) TO authenticated;
GRANT ALL ON FUNCTION public.staff_save_promotion(promotion_id uuid, words text, starts_at timestamp with time zone, ends_at timestamp with time zone) TO service_role;


-- Ends a promotion now: a running one stops (its banner goes), one not yet started is removed; an ended one stays
-- as it was.
create function public.staff_end_promotion(promotion_id uuid) returns void
    language plpgsql security definer
    set search_path to ''
    as $$
begin
  perform private.require_staff();
  delete from public.promotions p where p.id = staff_end_promotion.promotion_id and p.starts_at >= now();
  update public.promotions p set ends_at = now()
  where p.id = staff_end_promotion.promotion_id and p.starts_at < now() and p.ends_at > now();
end;
$$;

REVOKE ALL ON FUNCTION public.staff_end_promotion(promotion_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.staff_end_promotion(promotion_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.staff_end_promotion(promotion_id uuid) TO service_role;


-- The newsletter's subscribers for the CSV export, oldest first (no discount codes: they are the subscribers').
create function public.staff_subscribers() returns table(name text, email text, subscribed_at timestamp with time zone)
    language plpgsql stable security definer
    set search_path to ''
    as $$
begin
  perform private.require_staff();
  return query select s.name, s.email, s.created_at from public.newsletter_subscribers s order by s.created_at, s.id;
end;
$$;

REVOKE ALL ON FUNCTION public.staff_subscribers() FROM PUBLIC;
GRANT ALL ON FUNCTION public.staff_subscribers() TO authenticated;
GRANT ALL ON FUNCTION public.staff_subscribers() TO service_role;
