-- Fair use of the calendar and of the newsletter codes (issue #30, item 2). One anonymous client booked all 198
-- free slots in 0.4 s, and subscribe_newsletter handed out a code per call to any address, 100 in 228 ms.
--
-- - client_budgets: one row per action, the budgets the agency may change (service role): at most max_uses per
--   client in each window of window_seconds. 'booking' counts every booking a client asks for (a guest's booking
--   will be a 30-minute hold once the purchase issue adds the e-mailed confirmation: it counts the same),
--   'subscription' every subscription, 'code_miss' every wrong discount code (20261127120000_codes_and_carts.sql;
--   per client and per account).
-- - The client is its network address as Supabase's gateway hands it to PostgREST: `cf-connecting-ip`, which
--   Cloudflare sets to the address that connected, replacing whatever the client sent (x-forwarded-for keeps the
--   client's own words in front). private.client_address is the one place that reads it; an IPv6 client counts by
--   its /64, as GoTrue's own limits count. local-supabase sets the header the same way from its socket.
-- - Uses are counted by one upsert per call (private.take_budget), which also locks the counter until the
--   transaction ends: a client's simultaneous calls queue there and each sees the ones before it, so a burst gets
--   exactly its budget, never more.
-- - Over budget: HTTP 429 `over_request_rate_limit` (GoTrue's code), the wait in seconds in the body's `details`
--   ({"retry_after_seconds": n}, because supabase-js hands no headers to the caller) and in Retry-After.
-- - At most one upcoming call per address and per account: a booking for an address that already has one is told
--   "We've e-mailed that address a link to manage its booking" (409 `address_has_booking`), never that booking's
--   date; an account that has one is told so (409 `account_has_booking`). Both answers commit what the call
--   spent (private.refusal), so a refusal is not a free probe; the purchase issue's e-mail is written there too.
-- - One subscription per address whatever its capitals (a unique index on lower(email)). Rows that differ from an
--   earlier one only in case are moved to private.newsletter_subscribers_merged: the earliest subscription of each
--   address stays; the later ones' codes stop validating unless an order already used them (that order keeps its
--   discount and its redemption).
-- - book_discovery_call and subscribe_newsletter return json instead of uuid and text: the answer on success is the
--   same JSON string, and a refusal can commit. Signed in with a session that still lacks its second factor, a
--   booking is made as a guest's (private.acting_user): it does not join the account.

-- Budgets --------------------------------------------------------------------------------------------------------

create table public.client_budgets (
  action text primary key check (action in ('booking', 'subscription', 'code_miss')),
  max_uses integer not null check (max_uses >= 0),
  window_seconds integer not null check (window_seconds between 1 and 2592000),
  updated_at timestamptz not null default now()
);
insert into public.client_budgets (action, max_uses, window_seconds) values
  ('booking', 5, 3600),
  ('subscription', 5, 3600),
  ('code_miss', 10, 900);
alter table public.client_budgets enable row level security;
revoke all on table public.client_budgets from public, anon, authenticated;
grant select, update on public.client_budgets to service_role;

-- One row per action and client (or account): the current window and what was used in it.
create table private.budget_counters (
  action text not null,
  subject text not null,
  window_start timestamptz not null,
  used integer not null,
  constraint budget_counters_pkey primary key (action, subject)
);
revoke all on table private.budget_counters from public, anon, authenticated;

-- The client's address as the gateway set it, IPv6 reduced to its /64; null outside an API request.
create function private.client_address() returns text
language plpgsql stable set search_path = ''
as $$
declare
  said text := nullif(btrim(nullif(current_setting('request.headers', true), '')::json ->> 'cf-connecting-ip'), '');
  address inet;
begin
  if said is null then
    return null;
  end if;
  begin
    address := said::inet;
  exception when invalid_text_representation then
    return left(said, 64);
  end;
  if family(address) = 6 then
    return network(set_masklen(address, 64))::text;
  end if;
  return host(address);
end;
$$;

-- The key a client's uses are counted under ('client:unknown' when no address came with the request).
create function private.client_subject() returns text
language sql stable set search_path = ''
as $$
  select 'client:' || coalesce(private.client_address(), 'unknown');
$$;

-- Adds `amount` uses of `for_action` by `for_subject` in the current window (a new window starts from zero) in one
-- upsert, which locks the counter until the transaction ends; returns the uses so far, the budget and the seconds
-- until the window ends. An amount of 0 only locks and reads.
create function private.take_budget(
  for_action text,
  for_subject text,
  amount integer,
  out spent integer,
  out allowed integer,
  out retry_after integer
)
language plpgsql volatile set search_path = ''
as $$
declare
  budget public.client_budgets;
  current_window timestamptz;
begin
  select * into strict budget from public.client_budgets b where b.action = for_action;
  current_window := to_timestamp(floor(extract(epoch from now()) / budget.window_seconds) * budget.window_seconds);
  insert into private.budget_counters as c (action, subject, window_start, used)
  values (for_action, for_subject, current_window, amount)
  on conflict on constraint budget_counters_pkey do update
    set used = case when c.window_start >= excluded.window_start then c.used + excluded.used else excluded.used end,
      window_start = greatest(c.window_start, excluded.window_start)
  returning c.used, c.window_start into spent, current_window;
  allowed := budget.max_uses;
  retry_after := greatest(1, ceil(extract(epoch from
    current_window + make_interval(secs => budget.window_seconds) - now())))::integer;
end;
$$;

-- HTTP 429 with the wait, in the body (supabase-js passes it on) and in Retry-After.
create function private.raise_over_budget(retry_after integer) returns void
language plpgsql volatile set search_path = ''
as $$
begin
  raise sqlstate 'PGRST' using
    message = json_build_object(
      'code', 'over_request_rate_limit',
      'message', 'Too many requests from your network. Please wait and try again.',
      'details', json_build_object('retry_after_seconds', retry_after)::text,
      'hint', null
    )::text,
    detail = json_build_object('status', 429, 'headers', json_build_object('Retry-After', retry_after::text))::text;
end;
$$;

-- Counts one use of `for_action` by the calling client; over budget, 429. The agency (service role) is not counted.
create function private.spend_client_budget(for_action text) returns void
language plpgsql volatile set search_path = ''
as $$
declare
  taken record;
begin
  if auth.role() = 'service_role' then
    return;
  end if;
  select * into taken from private.take_budget(for_action, private.client_subject(), 1);
  if taken.spent > taken.allowed then
    perform private.raise_over_budget(taken.retry_after);
  end if;
end;
$$;

-- A refusal that keeps what the call wrote before it (a spent budget, a recorded wrong code, an e-mail in the
-- purchase issue's outbox): PostgREST answers `status` with this body, which supabase-js returns as the error, and
-- commits the transaction, where a raised error would roll all of it back. Return it from a function that
-- returns json.
create function private.refusal(status integer, code text, message text) returns json
language plpgsql volatile set search_path = ''
as $$
begin
  perform set_config('response.status', status::text, true);
  return json_build_object('code', code, 'message', message, 'details', null, 'hint', null);
end;
$$;

-- Booking -----------------------------------------------------------------------------------------------------

-- A booking that still stands ahead: made through the calendar (it has an address), not cancelled, not past.
create function private.is_upcoming_booking(m public.meetings) returns boolean
language sql stable set search_path = ''
as $$
  select m.contact_email is not null and m.status in ('requested', 'scheduled') and m.scheduled_at > now();
$$;

-- As in 20261125100000_booking.sql (the one definition of a slot that available_slots and book_discovery_call
-- share), optionally for one local day only: a booking generated the whole grid (every slot of every day up to
-- the horizon) to check its one time, so each booking cost as much as listing the calendar.
drop function private.slot_grid(timestamptz);
create function private.slot_grid(from_time timestamptz, on_day date default null)
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
    and (on_day is null or d.day = on_day)
    and local_start at time zone s.time_zone >= from_time + make_interval(mins => s.min_notice_minutes)
  order by 1;
$$;

-- As in 20261125100000_booking.sql, and: the caller's booking when signed in with a sufficient session
-- (private.acting_user), else a guest's; at most one upcoming call per account and per address; counted against
-- the client's booking budget, refusals for an account or address included. Nobody queues behind another client's
-- booking (anon's statement_timeout is 3 s, as on hosted Supabase, and a queue of simultaneous bookings outlasted
-- it under load): the slot, the account and the address are each taken with a try-lock held until commit.
-- - A slot another request is booking at this moment is "just been booked" at once, before anything is counted
--   (a time that is then refused for its own booker stays taken for those few milliseconds).
-- - The budget comes next: a client's own simultaneous bookings queue on its counter (the upsert), each for the
--   moment the one before needs to commit, so a burst gets exactly its budget. After it, the only way the call can
--   still fail is its own input (the table's checks).
-- - An account or address another request is booking at this moment gets the same answer as one that has a call:
--   that other booking has passed its slot and budget, so it stands unless its own input is refused.
drop function public.book_discovery_call(timestamptz, text, text, text);
create function public.book_discovery_call(slot_start timestamptz, name text, email text, note text default null)
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
  meeting_id uuid;
begin
  select * into settings from public.booking_settings;
  select g.slot_start, g.slot_end into slot
  from private.slot_grid(now(), (book_discovery_call.slot_start at time zone settings.time_zone)::date) g
  where g.slot_start = book_discovery_call.slot_start;
  if not found then
    raise exception 'That time cannot be booked. Please choose one of the times shown.';
  end if;
  -- Each lookup comes after its lock, in a statement of its own (SQL does not promise to evaluate `a or b` from
  -- the left): a booking that held the lock has committed, and the lookup sees it.
  if not pg_try_advisory_xact_lock(hashtext('booking-slot:' || extract(epoch from slot.slot_start)::text)) then
    raise exception '%', taken;
  end if;
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
  if exists (
    select 1 from public.meetings m where lower(m.contact_email) = address and private.is_upcoming_booking(m)
  ) then
    return private.refusal(409, 'address_has_booking', address_has_call);
  end if;
  begin
    insert into public.meetings (user_id, meeting_type, scheduled_at, ends_at, status, notes, contact_name, contact_email)
    values (
      owner,
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
    -- An overlapping time of another length (the agency changed slot_minutes meanwhile).
    raise exception '%', taken;
  end;
  return to_json(meeting_id);
end;
$$;

-- Newsletter -----------------------------------------------------------------------------------------------------

create table private.newsletter_subscribers_merged (
  id uuid primary key,
  name text not null,
  email text not null,
  discount_code text not null,
  created_at timestamptz not null,
  -- The subscription of the same address that stays.
  kept_id uuid not null,
  merged_at timestamptz not null default now()
);
revoke all on table private.newsletter_subscribers_merged from public, anon, authenticated;

with ranked as (
  select s.id, first_value(s.id) over (partition by lower(s.email) order by s.created_at, s.id) as kept_id
  from public.newsletter_subscribers s
), moved as (
  delete from public.newsletter_subscribers s
  using ranked r
  where s.id = r.id and r.id <> r.kept_id
  returning s.id, s.name, s.email, s.discount_code, s.created_at, r.kept_id
)
insert into private.newsletter_subscribers_merged (id, name, email, discount_code, created_at, kept_id)
select id, name, email, discount_code, created_at, kept_id from moved;

alter table public.newsletter_subscribers drop constraint newsletter_subscribers_email_key;
create unique index newsletter_subscribers_email_lower_key on public.newsletter_subscribers (lower(email));

-- As in 20261124110000_discount_codes.sql, and: one subscription per address whatever its capitals, refused with
-- 409 and code 23505 (as before: the popup says 'Already Subscribed') in an answer that commits; counted against
-- the client's subscription budget, refusals included (after the insert: a client's simultaneous subscriptions
-- queue only for the count).
drop function public.subscribe_newsletter(text, text);
create function public.subscribe_newsletter(name text, email text) returns json
language plpgsql volatile security definer set search_path = ''
as $$
declare
  code text;
  violated text;
begin
  for attempt in 1..5 loop
    code := private.discount_code_prefix(coalesce(name, '')) || private.random_code_suffix();
    begin
      insert into public.newsletter_subscribers (name, email, discount_code)
      values (btrim(subscribe_newsletter.name), btrim(subscribe_newsletter.email), code);
      perform private.spend_client_budget('subscription');
      return to_json(code);
    exception when unique_violation then
      get stacked diagnostics violated = constraint_name;
      if violated = 'newsletter_subscribers_email_lower_key' then
        perform private.spend_client_budget('subscription');
        return private.refusal(409, '23505', 'This email is already subscribed.');
      end if;
      if violated is distinct from 'newsletter_subscribers_discount_code_key' or attempt = 5 then
        raise;
      end if;
    end;
  end loop;
  return null; -- not reached: the fifth attempt returns or raises
end;
$$;

-- Privileges -----------------------------------------------------------------------------------------------------

revoke all on function private.slot_grid(timestamptz, date), private.client_address(), private.client_subject(),
  private.take_budget(text, text, integer), private.raise_over_budget(integer),
  private.spend_client_budget(text), private.refusal(integer, text, text),
  private.is_upcoming_booking(public.meetings)
  from public, anon, authenticated;
grant execute on all functions in schema private to service_role;
revoke all on function public.book_discovery_call(timestamptz, text, text, text),
  public.subscribe_newsletter(text, text) from public, anon, authenticated;
grant execute on function public.book_discovery_call(timestamptz, text, text, text),
  public.subscribe_newsletter(text, text) to anon, authenticated, service_role;
