-- A booking names its own booker (issue #44, item 3). Signed in as A, a booking with B's address, the name "Your
-- bank" and the note "Please wire money to http://evil.example" was confirmed at once (no hold, no link), owned by
-- A, and B received the company's receipt with that text; it also blocked B's address until B acted on a link B
-- never asked for. Now a signed-in booking joins the account only when its address is the account's own
-- (auth.users.email, whatever its capitals); with any other address it is a guest's booking, as anyone's: a hold
-- of booking_settings.hold_seconds, confirmed only by the link e-mailed to that address, whose receipt carries the
-- call and the link and none of the booker's words (no note here; send-emails' booking_receipt shows neither name
-- nor note for a hold). It still counts against the caller's booking budget. The name and note are trimmed of every
-- kind of space (private.trim_spaces, 20261206100000_one_normalisation.sql; it trimmed ASCII spaces only), and the
-- account's own booking in flight is answered before the budget is spent (its counter is that booking's until it
-- ends). Otherwise as in
-- 20261202090000_booking_cancel_link.sql (every rule, lock and e-mail kept).

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
  address text := lower(btrim(coalesce(email, '')));
  -- Signed in, a booking joins the account only for the account's own address; for any other it is a guest's.
  owner uuid := (select u.id from auth.users u
    where u.id = private.acting_user() and lower(u.email) = lower(btrim(coalesce(book_discovery_call.email, ''))));
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
  -- The account's own booking in flight answers at once, before the budget, whose counter (the account's, as
  -- this call's) that booking holds until it ends.
  if owner is not null and not pg_try_advisory_xact_lock(hashtext('booking-account:' || owner::text)) then
    return private.refusal(409, 'account_has_booking', account_has_call);
  end if;
  perform private.spend_client_budget('booking');
  if owner is not null
    and exists (select 1 from public.meetings m where m.user_id = owner and private.is_upcoming_booking(m)) then
    return private.refusal(409, 'account_has_booking', account_has_call);
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
      nullif(private.trim_spaces(coalesce(note, '')), ''),
      private.trim_spaces(name),
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
    -- To an address nobody has proven: the call and its link, none of the booker's words.
    receipt := (receipt - 'note') || jsonb_build_object('confirmUrl', link);
  end if;
  perform private.enqueue_email('booking_receipt', booked.contact_email, receipt, 'booking_receipt:' || booked.id);
  return to_json(booked.id);
end;
$$;
