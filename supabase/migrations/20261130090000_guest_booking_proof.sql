-- A guest's booking proven by a link e-mailed to its address, its e-mails, and a strategy call (issues #30.1,
-- #31.4, #33.6; beyond the spec, docs/booking.md).
--
-- - Every booking queues the booker's receipt (booking_receipt) and the agency's copy (booking_agency_copy) in its
--   own transaction, keyed by the meeting, so a retried booking queues nothing twice.
-- - A guest's booking (no signed-in session, or one still lacking its second factor: private.acting_user) is a
--   hold: it keeps its slot for booking_settings.hold_seconds (30 minutes) until the link in its receipt confirms
--   it (confirmed_at). An unconfirmed hold whose time has run out is released: the free slots, the one-upcoming-
--   call rules and the booking itself ignore it from that moment, and the next booking or link marks it
--   'cancelled' (the agency keeps the row: cancelled, hold_expires_at set, confirmed_at null).
-- - A booking made while signed in with a sufficient session is the owner's act: confirmed at once, no hold.
-- - The link carries a random token; only its SHA-256 is stored (private.booking_links). Opening the link
--   (booking_link) changes nothing, as mail scanners open links; the page's button (confirm_booking) confirms the
--   hold and, signed in with a sufficient session, adds the booking to that account.
-- - The refusal of a second call for an address ('We''ve e-mailed that address a link to manage its booking.')
--   now e-mails that address a link to its booking, at most once in ten minutes (the e-mail's key).
-- - Meetings offers an account the confirmed, upcoming guest bookings made with its own address, by date only
--   (guest_bookings_for_account); adding one sends the link to that address (send_booking_link).
-- - book_discovery_call takes `call_type`: 'discovery' (booking_settings.meeting_type) or 'strategy'
--   (booking_settings.strategy_meeting_type, 'AI Strategy Call'), one slot long, counted by the same
--   one-upcoming-call rules.
--
-- Existing rows: every booking made before this migration counts as confirmed (confirmed_at = created_at), so
-- none loses its slot; none joins an account (links by address were undone by 20261127090000_booking_proof.sql).
-- Expand only: new columns with defaults, a new argument with a default (an older marketing remote's call is the
-- same discovery booking, now with its e-mails), new functions.

alter table public.booking_settings
  add column hold_seconds integer not null default 1800 check (hold_seconds between 0 and 86400),
  add column strategy_meeting_type text not null default 'AI Strategy Call'
    check (char_length(btrim(strategy_meeting_type)) between 1 and 100);

alter table public.meetings
  -- Until when a guest's unconfirmed booking holds its slot; null for a booking that was never a hold.
  add column hold_expires_at timestamptz,
  -- When the booking's address (its link) or its signed-in owner confirmed it.
  add column confirmed_at timestamptz;
update public.meetings set confirmed_at = created_at where confirmed_at is null;

-- What the release scans: the unconfirmed holds still counted as live.
create index meetings_open_holds_idx on public.meetings (hold_expires_at)
  where confirmed_at is null and hold_expires_at is not null and status = 'requested';

create table private.booking_links (
  -- sha256 of the token in the link; the token itself is only in the e-mail.
  token_hash bytea primary key,
  meeting_id uuid not null references public.meetings (id) on delete cascade,
  created_at timestamptz not null default now()
);
create index booking_links_meeting_idx on private.booking_links (meeting_id);
alter table private.booking_links enable row level security;
revoke all on table private.booking_links from public, anon, authenticated;

-- Holds ------------------------------------------------------------------------------------------------------

-- A guest's booking whose hold ran out before its link confirmed it: released, whatever its status still says.
create function private.is_expired_hold(m public.meetings) returns boolean
language sql stable set search_path = ''
as $$
  select m.confirmed_at is null and m.hold_expires_at is not null and m.hold_expires_at <= now();
$$;

-- Marks expired holds 'cancelled' (what the exclusion constraint counts); rows another request holds are left to
-- the next call, never waited for.
create function private.release_expired_holds() returns void
language sql volatile set search_path = ''
as $$
  update public.meetings m set status = 'cancelled'
  where m.id in (
    select h.id from public.meetings h
    where h.confirmed_at is null and h.hold_expires_at is not null and h.status = 'requested'
      and h.hold_expires_at <= now()
    for update skip locked
  );
$$;

-- As in 20261127110000_fair_use.sql, and: an expired hold stands for nothing.
create or replace function private.is_upcoming_booking(m public.meetings) returns boolean
language sql stable set search_path = ''
as $$
  select m.contact_email is not null and m.status in ('requested', 'scheduled') and m.scheduled_at > now()
    and not private.is_expired_hold(m);
$$;

-- As in 20261125100000_booking.sql, and: an expired hold takes no time.
create or replace function private.slot_is_taken(slot_start timestamptz, slot_end timestamptz) returns boolean
language sql stable set search_path = ''
as $$
  select exists (
    select 1
    from public.meetings m, public.booking_settings s
    where m.status <> 'cancelled'
      and not private.is_expired_hold(m)
      and m.scheduled_at < slot_is_taken.slot_end
      and coalesce(m.ends_at, m.scheduled_at + make_interval(mins => s.slot_minutes)) > slot_is_taken.slot_start
  );
$$;

-- Links -----------------------------------------------------------------------------------------------------

-- A new link to the booking `meeting_id` (its page on the site); only the token's hash is kept.
create function private.new_booking_link(meeting_id uuid) returns text
language plpgsql volatile set search_path = ''
as $$
declare
  token text := encode(extensions.gen_random_bytes(32), 'hex');
begin
  insert into private.booking_links (token_hash, meeting_id)
  values (sha256(convert_to(token, 'UTF8')), new_booking_link.meeting_id);
  return private.site_link('/booking?token=' || token);
end;
$$;

-- The booking a link's token opens, if any.
create function private.booking_of_link(token text) returns public.meetings
language sql stable set search_path = ''
as $$
  select m.* from private.booking_links l join public.meetings m on m.id = l.meeting_id
  where l.token_hash = sha256(convert_to(coalesce(token, ''), 'UTF8'));
$$;

-- The e-mail payload of a booking (the booking schema of supabase/functions/send-emails/templates.ts), without links.
create function private.booking_payload(m public.meetings) returns jsonb
language sql stable set search_path = ''
as $$
  select jsonb_build_object(
    'meetingId', m.id,
    'meetingType', m.meeting_type,
    'startsAt', m.scheduled_at,
    'endsAt', m.ends_at,
    'timeZone', (select s.time_zone from public.booking_settings s),
    'name', m.contact_name,
    'email', m.contact_email,
    'note', m.notes,
    'holdExpiresAt', case when m.confirmed_at is null then m.hold_expires_at end,
    'seller', private.seller()
  );
$$;

-- E-mails the booking's address a new link to it ('already_booked': someone asked to book that address again;
-- 'add_to_account': its account asked to add it), at most once in ten minutes per booking: within that window the
-- e-mail's key is taken and nothing (no token either) is made.
create function private.email_booking_link(m public.meetings, reason text) returns void
language plpgsql volatile set search_path = ''
as $$
declare
  key text := 'booking_link:' || m.id || ':' || floor(extract(epoch from now()) / 600)::bigint;
begin
  if exists (select 1 from private.email_outbox o where o.idempotency_key = key) then
    return;
  end if;
  perform private.enqueue_email('booking_link', m.contact_email,
    private.booking_payload(m) - 'name' - 'note'
      || jsonb_build_object('linkUrl', private.new_booking_link(m.id), 'reason', reason),
    key);
end;
$$;

-- What a link's page shows: the call's type and time and what may be done with it, nothing about who booked.
-- state: 'unknown' (no such link), 'hold' (waiting for confirmation), 'confirmed', 'expired' (a hold not
-- confirmed in time), 'cancelled', 'past'.
create function private.booking_link_view(m public.meetings) returns json
language sql stable set search_path = ''
as $$
  select case when m.id is null then json_build_object('state', 'unknown') else json_build_object(
    'state', case
      when private.is_expired_hold(m) then 'expired'
      when m.status = 'cancelled' then 'cancelled'
      when m.scheduled_at <= now() or m.status = 'completed' then 'past'
      when m.confirmed_at is null then 'hold'
      else 'confirmed' end,
    'meetingType', m.meeting_type,
    'startsAt', m.scheduled_at,
    'endsAt', m.ends_at,
    'timeZone', (select s.time_zone from public.booking_settings s),
    'holdExpiresAt', case when m.confirmed_at is null then m.hold_expires_at end,
    'inYourAccount', m.user_id is not null and m.user_id = private.acting_user(),
    'canAddToAccount', m.user_id is null and private.acting_user() is not null
  ) end;
$$;

-- Opening a link: changes nothing (mail scanners open links too).
create function public.booking_link(token text) returns json
language sql stable security definer set search_path = ''
as $$
  select private.booking_link_view(private.booking_of_link(token));
$$;

-- The link's button: confirms the hold (once; again is the same answer) and, signed in with a sufficient session,
-- adds the booking to that account (unless it is already an account's). A link whose booking is gone, cancelled,
-- past or an expired hold is refused with 410 `booking_link_expired`; an unknown one with 404
-- `booking_link_unknown` (each in an answer that commits the holds it released).
create function public.confirm_booking(token text) returns json
language plpgsql volatile security definer set search_path = ''
as $$
declare
  found_id uuid := (private.booking_of_link(token)).id;
  m public.meetings;
  state text;
begin
  perform private.release_expired_holds();
  select * into m from public.meetings where id = found_id for update;
  if m.id is null then
    return private.refusal(404, 'booking_link_unknown',
      'We do not know this link. Please check that you opened the whole link from the e-mail.');
  end if;
  state := private.booking_link_view(m) ->> 'state';
  if state not in ('hold', 'confirmed') then
    return private.refusal(410, 'booking_link_expired',
      'This link has expired: the call was not confirmed in time, was cancelled or has passed.');
  end if;
  update public.meetings
  set confirmed_at = coalesce(confirmed_at, now()), user_id = coalesce(user_id, private.acting_user())
  where id = m.id
  returning * into m;
  return private.booking_link_view(m);
end;
$$;

-- Meetings' offer ---------------------------------------------------------------------------------------------

-- The confirmed, upcoming guest bookings made with the account's own address (no account has them yet).
create function private.offered_guest_bookings(account uuid) returns setof public.meetings
language sql stable set search_path = ''
as $$
  select m.* from public.meetings m
  where m.user_id is null and m.confirmed_at is not null and private.is_upcoming_booking(m)
    and lower(m.contact_email) = (select lower(u.email) from auth.users u where u.id = account);
$$;

-- What Meetings offers to add: each booking's id, type and local date, never its name, note or time.
create function public.guest_bookings_for_account()
returns table (id uuid, meeting_type text, call_date date)
language sql stable security definer set search_path = ''
as $$
  select m.id, m.meeting_type, (m.scheduled_at at time zone s.time_zone)::date
  from private.offered_guest_bookings(private.require_account('see your bookings')) m,
    public.booking_settings s
  order by m.scheduled_at;
$$;

-- Sends the link to one of those bookings to its address (the account's own); opening it signed in adds it.
create function public.send_booking_link(meeting_id uuid) returns void
language plpgsql volatile security definer set search_path = ''
as $$
declare
  m public.meetings;
begin
  select * into m from private.offered_guest_bookings(private.require_account('add a booking'))
  where id = send_booking_link.meeting_id;
  if m.id is null then
    raise exception 'This call cannot be added to your account.' using errcode = 'P0001';
  end if;
  perform private.email_booking_link(m, 'add_to_account');
end;
$$;

-- Booking -----------------------------------------------------------------------------------------------------

-- As in 20261127110000_fair_use.sql (every rule and lock kept), and: `call_type` chooses the meeting type; a
-- guest's booking is a hold until its link confirms it; expired holds are released first; the receipt and the
-- agency's copy are queued; the refusal for an address e-mails it a link to its booking.
drop function public.book_discovery_call(timestamptz, text, text, text);
create function public.book_discovery_call(
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
  if owner is null then
    receipt := receipt || jsonb_build_object('confirmUrl', private.new_booking_link(booked.id));
  end if;
  perform private.enqueue_email('booking_receipt', booked.contact_email, receipt, 'booking_receipt:' || booked.id);
  return to_json(booked.id);
end;
$$;

-- Privileges -----------------------------------------------------------------------------------------------------

revoke all on function private.is_expired_hold(public.meetings), private.release_expired_holds(),
  private.new_booking_link(uuid), private.booking_of_link(text), private.booking_payload(public.meetings),
  private.email_booking_link(public.meetings, text), private.booking_link_view(public.meetings),
  private.offered_guest_bookings(uuid)
  from public, anon, authenticated;
grant execute on all functions in schema private to service_role;
revoke all on function public.book_discovery_call(timestamptz, text, text, text, text),
  public.booking_link(text), public.confirm_booking(text), public.guest_bookings_for_account(),
  public.send_booking_link(uuid)
  from public, anon, authenticated;
grant execute on function public.book_discovery_call(timestamptz, text, text, text, text),
  public.booking_link(text), public.confirm_booking(text) to anon, authenticated, service_role;
grant execute on function public.guest_bookings_for_account(), public.send_booking_link(uuid)
  to authenticated, service_role;
