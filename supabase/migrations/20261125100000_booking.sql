-- Booking a discovery call from the contact page (issue #21, beyond the spec). Expand only: every change is
-- additive (a nullable user, new nullable columns, checks that hold for every existing row, new functions), so the
-- account remote deployed before this migration keeps reading `meetings` as it did; nothing needs contracting.
--
-- Bookings are rows of `meetings` rather than a table of their own: the spec's Account -> Meetings tab already lists
-- that table, so a booked call shows there at once as the spec's meeting card, and one table holds the agency's
-- calendar, so a time the agency gave to any meeting is never offered again.
-- - booking_settings: one row, the rules the agency may change (service role).
-- - available_slots(): the free slots under those rules, without anything about who booked the others.
-- - book_discovery_call(...): books one slot atomically; an exclusion constraint makes two bookings of one time
--   impossible, whatever the timing.
-- - A guest's booking keeps their email and moves to their account once that address is confirmed as theirs:
--   on sign-up or confirmation (trigger on auth.users), or at sign-in through claim_guest_meetings().
-- Only the agency (service role) confirms or cancels: clients still only read their own meetings.

-- Settings ---------------------------------------------------------------------------------------------------

-- True for a time zone name Postgres knows ('Europe/Berlin'); a typo would otherwise break every slot query.
create function private.is_time_zone(zone text) returns boolean
language plpgsql stable set search_path = ''
as $$
begin
  perform now() at time zone zone;
  return true;
exception when invalid_parameter_value then
  return false;
end;
$$;

create table public.booking_settings (
  -- One row: the primary key can only be true.
  id boolean primary key default true check (id),
  meeting_type text not null default 'Discovery Call' check (char_length(btrim(meeting_type)) between 1 and 100),
  slot_minutes integer not null default 30 check (slot_minutes between 10 and 240),
  -- ISO days of the week, 1 = Monday ... 7 = Sunday.
  weekdays integer[] not null default '{1,2,3,4,5}'
    check (cardinality(weekdays) between 1 and 7 and weekdays <@ '{1,2,3,4,5,6,7}'::integer[]),
  day_start time not null default '09:00',
  day_end time not null default '17:00',
  time_zone text not null default 'Europe/Berlin' check (private.is_time_zone(time_zone)),
  horizon_days integer not null default 21 check (horizon_days between 1 and 366),
  min_notice_minutes integer not null default 1440 check (min_notice_minutes between 0 and 525600),
  updated_at timestamptz not null default now(),
  check (day_start < day_end)
);
insert into public.booking_settings default values;
alter table public.booking_settings enable row level security;
revoke all on table public.booking_settings from public, anon, authenticated;
grant select, update on public.booking_settings to service_role;

-- Meetings: a guest's booking has no user yet -------------------------------------------------------------------

alter table public.meetings alter column user_id drop not null;
alter table public.meetings
  -- Who booked, as they typed it (the agency writes to them); the guest's key to their account later.
  add column contact_name text check (char_length(btrim(contact_name)) between 1 and 100),
  add column contact_email text
    check (char_length(contact_email) <= 255 and contact_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  -- The end of a booked slot: the slot length may change later, the booked time does not.
  add column ends_at timestamptz,
  add constraint meetings_owner_check check (user_id is not null or contact_email is not null),
  add constraint meetings_ends_after_start check (ends_at > scheduled_at),
  -- As the booking form's note (shared-lib BOOKING_NOTE_MAX); older rows are not re-checked.
  add constraint meetings_notes_length check (char_length(notes) <= 1000) not valid;

-- Two live bookings can never overlap: Postgres refuses the second insert, even when both run at the same moment.
alter table public.meetings add constraint meetings_no_double_booking
  exclude using gist (tstzrange(scheduled_at, ends_at) with &&)
  where (status <> 'cancelled' and ends_at is not null);

create index meetings_contact_email_unclaimed_idx on public.meetings (lower(contact_email)) where user_id is null;

-- Slots ------------------------------------------------------------------------------------------------------

-- Every slot the rules allow at `from_time` (weekday, hours, notice, horizon), booked or not: the one definition both
-- available_slots and book_discovery_call use. Days are the settings' time zone's local dates, from today to
-- today + horizon_days - 1; a slot starts on the grid from day_start and ends by day_end.
create function private.slot_grid(from_time timestamptz)
returns table (slot_start timestamptz, slot_end timestamptz)
language sql stable set search_path = ''
as $$
  select local_start at time zone s.time_zone,
    (local_start + make_interval(mins => s.slot_minutes)) at time zone s.time_zone
  from public.booking_settings s
  cross join lateral generate_series(0, s.horizon_days - 1) as day_offset
  cross join lateral (select (from_time at time zone s.time_zone)::date + day_offset as day) d
  cross join lateral generate_series(
    d.day + s.day_start,
    d.day + s.day_end - make_interval(mins => s.slot_minutes),
    make_interval(mins => s.slot_minutes)
  ) as local_start
  where extract(isodow from d.day)::integer = any (s.weekdays)
    and local_start at time zone s.time_zone >= from_time + make_interval(mins => s.min_notice_minutes)
  order by 1;
$$;

-- Whether any live meeting takes part of [slot_start, slot_end). A meeting the agency entered without an end
-- counts as one slot long.
create function private.slot_is_taken(slot_start timestamptz, slot_end timestamptz) returns boolean
language sql stable set search_path = ''
as $$
  select exists (
    select 1
    from public.meetings m, public.booking_settings s
    where m.status <> 'cancelled'
      and m.scheduled_at < slot_is_taken.slot_end
      and coalesce(m.ends_at, m.scheduled_at + make_interval(mins => s.slot_minutes)) > slot_is_taken.slot_start
  );
$$;

-- The free slots from now on, earliest first. Only times: nobody learns who booked the others.
create function public.available_slots()
returns table (slot_start timestamptz, slot_end timestamptz)
language sql stable security definer set search_path = ''
as $$
  select g.slot_start, g.slot_end
  from private.slot_grid(now()) g
  where not private.slot_is_taken(g.slot_start, g.slot_end)
  order by g.slot_start;
$$;

-- Books the slot starting at `slot_start` for the caller: a signed-in customer's booking is theirs at once, a
-- guest's waits for an account with that email. Errors are sentences for people (P0001): a time that is not a
-- slot now (misaligned, past, too soon, too far, outside hours) and a time someone else has, including the one
-- a concurrent booking took a moment earlier. Name, email and note meet the table's checks (23514) as the form's.
create function public.book_discovery_call(slot_start timestamptz, name text, email text, note text default null)
returns uuid
language plpgsql volatile security definer set search_path = ''
as $$
declare
  slot record;
  settings public.booking_settings;
  meeting_id uuid;
begin
  select * into settings from public.booking_settings;
  select g.slot_start, g.slot_end into slot
  from private.slot_grid(now()) g
  where g.slot_start = book_discovery_call.slot_start;
  if not found then
    raise exception 'That time cannot be booked. Please choose one of the times shown.';
  end if;
  if private.slot_is_taken(slot.slot_start, slot.slot_end) then
    raise exception 'Sorry, that time has just been booked. Please choose another time.';
  end if;
  begin
    insert into public.meetings (user_id, meeting_type, scheduled_at, ends_at, status, notes, contact_name, contact_email)
    values (
      auth.uid(),
      settings.meeting_type,
      slot.slot_start,
      slot.slot_end,
      'requested',
      nullif(btrim(coalesce(note, '')), ''),
      btrim(name),
      btrim(email)
    )
    returning id into meeting_id;
  exception when exclusion_violation then
    raise exception 'Sorry, that time has just been booked. Please choose another time.';
  end;
  return meeting_id;
end;
$$;

-- Guests' bookings follow their email --------------------------------------------------------------------------

-- Gives the user the bookings made as a guest with their email. Only ever called with an address the auth server
-- has confirmed belongs to the user.
create function private.link_guest_meetings(user_id uuid, email text) returns integer
language plpgsql volatile set search_path = ''
as $$
declare
  linked integer;
begin
  update public.meetings m
  set user_id = link_guest_meetings.user_id
  where m.user_id is null and lower(m.contact_email) = lower(link_guest_meetings.email);
  get diagnostics linked = row_count;
  return linked;
end;
$$;

-- On sign-up with a confirmed address (local auto-confirm) and when an address is confirmed later.
create function private.link_guest_meetings_of_user() returns trigger
language plpgsql volatile security definer set search_path = ''
as $$
begin
  if new.email is not null and new.email_confirmed_at is not null then
    perform private.link_guest_meetings(new.id, new.email);
  end if;
  return new;
end;
$$;

create trigger link_guest_meetings
after insert or update of email, email_confirmed_at on auth.users
for each row execute function private.link_guest_meetings_of_user();

-- At sign-in: a guest booking made while the account already existed. Returns how many were linked.
create function public.claim_guest_meetings() returns integer
language sql volatile security definer set search_path = ''
as $$
  select coalesce(
    (select private.link_guest_meetings(u.id, u.email)
     from auth.users u
     where u.id = auth.uid() and u.email is not null and u.email_confirmed_at is not null),
    0
  );
$$;

-- Privileges -----------------------------------------------------------------------------------------------

revoke all on function private.is_time_zone(text), private.slot_grid(timestamptz),
  private.slot_is_taken(timestamptz, timestamptz), private.link_guest_meetings(uuid, text),
  private.link_guest_meetings_of_user() from public, anon, authenticated;
grant execute on all functions in schema private to service_role;
revoke all on function public.available_slots(), public.book_discovery_call(timestamptz, text, text, text),
  public.claim_guest_meetings() from public, anon, authenticated;
grant execute on function public.available_slots(), public.book_discovery_call(timestamptz, text, text, text)
  to anon, authenticated, service_role;
grant execute on function public.claim_guest_meetings() to authenticated, service_role;
