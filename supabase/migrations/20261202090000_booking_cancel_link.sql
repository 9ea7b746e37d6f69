-- The booking's e-mailed link also cancels the call (issue #31.4: "a booking receipt with the link that confirms
-- or changes it"; beyond the spec, docs/booking.md). To change the time, one cancels and books another.
--
-- - cancel_booking(token) (anon and authenticated): cancels the upcoming call the link opens, a guest's hold or a
--   confirmed booking ('requested' or 'scheduled'): status 'cancelled', its slot and its address's one upcoming
--   call free at once; the agency keeps the row (cancelled_at says the link did it). Again, or a call the agency
--   cancelled, is the same answer. A past call or an expired hold is refused like confirm_booking's (410
--   booking_link_expired), an unknown link too (404 booking_link_unknown): both now share
--   private.lock_booking_of_link and private.refuse_booking_link. Each call spends the client's 'booking' budget,
--   as booking does.
-- - The agency is told once (booking_cancelled_agency_copy, keyed by the meeting), in the same transaction.
-- - Every receipt now carries its link as `manageUrl`, a signed-in booking's too (a guest's is also its
--   `confirmUrl`, the same link: the e-mail shows it once).
-- - The link's view says `callType` ('discovery' or 'strategy'), so the page links to the right calendar.
--
-- Expand only: a new nullable column, a new function, the same answers with one more key. book_discovery_call,
-- confirm_booking and the view keep their signatures, rules and grants. A send-emails deployed before this shows
-- a guest's receipt link twice ("Confirm my call", "Change or cancel this call") until it is deployed.

alter table public.meetings
  -- When the booking's own link cancelled it; null for the agency's cancellation and a released hold.
  add column cancelled_at timestamptz;

-- As in 20261130090000_guest_booking_proof.sql, and: a call its link cancelled says 'cancelled' ever after (a
-- cancelled hold would otherwise turn 'expired' when its hold time passes); `callType`.
create or replace function private.booking_link_view(m public.meetings) returns json
language sql stable set search_path = ''
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
    'timeZone', (select s.time_zone from public.booking_settings s),
    'holdExpiresAt', case when m.confirmed_at is null then m.hold_expires_at end,
    'inYourAccount', m.user_id is not null and m.user_id = private.acting_user(),
    'canAddToAccount', m.user_id is null and private.acting_user() is not null
  ) end;
$$;

-- The booking a link opens, locked until the transaction ends (null fields for an unknown link), after releasing
-- the expired holds, so a hold whose time ran out is seen as expired.
create function private.lock_booking_of_link(token text) returns public.meetings
language plpgsql volatile set search_path = ''
as $$
declare
  m public.meetings;
begin
  perform private.release_expired_holds();
  select * into m from public.meetings where id = (private.booking_of_link(token)).id for update;
  return m;
end;
$$;

-- Why a link may not act on its booking `m` (locked by the caller) when its state is not one of `acting_on`: the
-- refusal (404 for an unknown link, 410 for the rest), or null when it may.
create function private.refuse_booking_link(m public.meetings, acting_on text[]) returns json
language plpgsql volatile set search_path = ''
as $$
begin
  if m.id is null then
    return private.refusal(404, 'booking_link_unknown',
      'We do not know this link. Please check that you opened the whole link from the e-mail.');
  end if;
  if (private.booking_link_view(m) ->> 'state') <> all (acting_on) then
    return private.refusal(410, 'booking_link_expired',
      'This link has expired: the call was not confirmed in time, was cancelled or has passed.');
  end if;
  return null;
end;
$$;

-- As in 20261130090000_guest_booking_proof.sql, through private.lock_booking_of_link and refuse_booking_link.
create or replace function public.confirm_booking(token text) returns json
language plpgsql volatile security definer set search_path = ''
as $$
declare
  m public.meetings := private.lock_booking_of_link(token);
  refused json := private.refuse_booking_link(m, array['hold', 'confirmed']);
begin
  if refused is not null then
    return refused;
  end if;
  update public.meetings
  set confirmed_at = coalesce(confirmed_at, now()), user_id = coalesce(user_id, private.acting_user())
  where id = m.id
  returning * into m;
  return private.booking_link_view(m);
end;
$$;

-- The link's "Cancel this call": cancels an upcoming call (once; again is the same answer) and queues the agency's
-- copy; answers the link's view. Simultaneous clicks queue on the row lock and each sees the one before.
create function public.cancel_booking(token text) returns json
language plpgsql volatile security definer set search_path = ''
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
  if m.status <> 'cancelled' then
    update public.meetings set status = 'cancelled', cancelled_at = now() where id = m.id returning * into m;
    perform private.enqueue_email('booking_cancelled_agency_copy',
      (select c.email_contact from private.company_details c), private.booking_payload(m),
      'booking_cancelled_agency_copy:' || m.id);
  end if;
  return private.booking_link_view(m);
end;
$$;

-- As in 20261130090000_guest_booking_proof.sql (every rule, lock and e-mail kept), and: every receipt carries the
-- booking's link as manageUrl (a guest's also as confirmUrl).
create or replace function public.book_discovery_call(
  slot_start timestamptz,
  name text,
  email text,
  note text default null,
  call_type text default 'discovery'
)
returns json
language plpgsql volatile security definer set search_path = ''
as $$
declare
  owner uuid := private.acting_user();
  address text := lower(btrim(coalesce(email, '')));
  taken constant text := 'Sorry, that time has just been booked. Please choose another time.';
  account_has_call constant text :=
    'You already have an upcoming call with us. You will find it under Meetings in your account.';
  address_has_call constant text := 'We''ve e-mailed that address a link to manage its booking.';
  slot record;
  settings public.booking_settings;
  booked public.meetings;
  existing public.meetings;
  receipt jsonb;
  link text;
begin
  if call_type is null or call_type not in ('discovery', 'strategy') then
    raise exception 'call_type is discovery or strategy' using errcode = '22023';
  end if;
  select * into settings from public.booking_settings;
  select g.slot_start, g.slot_end into slot
  from private.slot_grid(now(), (book_discovery_call.slot_start at time zone settings.time_zone)::date) g
  where g.slot_start = book_discovery_call.slot_start;
  if not found then
    raise exception 'That time cannot be booked. Please choose one of the times shown.';
  end if;
  if not pg_try_advisory_xact_lock(hashtext('booking-slot:' || extract(epoch from slot.slot_start)::text)) then
    raise exception '%', taken;
  end if;
  perform private.release_expired_holds();
  if private.slot_is_taken(slot.slot_start, slot.slot_end) then
    raise exception '%', taken;
  end if;
  perform private.spend_client_budget('booking');
  if owner is not null then
    if not pg_try_advisory_xact_lock(hashtext('booking-account:' || owner::text)) then
      return private.refusal(409, 'account_has_booking', account_has_call);
    end if;
    if exists (select 1 from public.meetings m where m.user_id = owner and private.is_upcoming_booking(m)) then
      return private.refusal(409, 'account_has_booking', account_has_call);
    end if;
  end if;
  if not pg_try_advisory_xact_lock(hashtext('booking-address:' || address)) then
    return private.refusal(409, 'address_has_booking', address_has_call);
  end if;
  select * into existing from public.meetings m
  where lower(m.contact_email) = address and private.is_upcoming_booking(m)
  order by m.scheduled_at limit 1;
  if existing.id is not null then
    perform private.email_booking_link(existing, 'already_booked');
    return private.refusal(409, 'address_has_booking', address_has_call);
  end if;
  begin
    insert into public.meetings (user_id, meeting_type, scheduled_at, ends_at, status, notes, contact_name,
      contact_email, hold_expires_at, confirmed_at)
    values (
      owner,
      case call_type when 'strategy' then settings.strategy_meeting_type else settings.meeting_type end,
      slot.slot_start,
      slot.slot_end,
      'requested',
      nullif(btrim(coalesce(note, '')), ''),
      btrim(name),
      btrim(email),
      case when owner is null then now() + make_interval(secs => settings.hold_seconds) end,
      case when owner is not null then now() end
    )
    returning * into booked;
  exception when exclusion_violation then
    raise exception '%', taken;
  end;
  receipt := private.booking_payload(booked);
  perform private.enqueue_email('booking_agency_copy', (select c.email_contact from private.company_details c),
    receipt, 'booking_agency_copy:' || booked.id);
  link := private.new_booking_link(booked.id);
  receipt := receipt || jsonb_build_object('manageUrl', link);
  if owner is null then
    receipt := receipt || jsonb_build_object('confirmUrl', link);
  end if;
  perform private.enqueue_email('booking_receipt', booked.contact_email, receipt, 'booking_receipt:' || booked.id);
  return to_json(booked.id);
end;
$$;

revoke all on function private.lock_booking_of_link(text), private.refuse_booking_link(public.meetings, text[])
  from public, anon, authenticated;
grant execute on function private.lock_booking_of_link(text), private.refuse_booking_link(public.meetings, text[])
  to service_role;
revoke all on function public.cancel_booking(text) from public, anon, authenticated;
grant execute on function public.cancel_booking(text) to anon, authenticated, service_role;
