-- A booking joins an account only by proof from its address or by its owner's act (issue #30, item 1).
--
-- Until now a guest's booking moved to whichever account had its e-mail address: on sign-up and when an address
-- was confirmed (the trigger link_guest_meetings on auth.users), and before Meetings listed (claim_guest_meetings).
-- Neither is proof. With enable_confirmations off every sign-up is confirmed at once, and an address reached by an
-- e-mail change or a sign-up has never shown that the account's owner reads its mail: anyone who booked with
-- victim@example.com put their booking, name and note into the victim's account, and anyone who signed up with (or
-- changed their address to) a guest's address received that guest's bookings.
--
-- From this migration on:
-- - A booking belongs to an account only when it was made while signed in to it (book_discovery_call); the
--   e-mailed link that lets a guest prove the address comes with the purchase issue's outbox (#31).
-- - Nothing links by address any more. The trigger is dropped where the migration's role may drop it (hosted
--   Supabase lets `postgres` drop its own triggers on auth.users, through supautils); a role that only holds the
--   TRIGGER privilege cannot (PostgreSQL asks for the table's owner), so its function becomes a no-op as well: the
--   result is the same everywhere.
-- - claim_guest_meetings() stays, linking nothing and answering 0, because account remotes deployed before this
--   release call it before listing meetings (expand); a later migration drops it once none is served (README,
--   "Rolling out a change").
-- - Links made before this migration are undone. The database kept no record of how a booking came to its account
--   (made while signed in, or linked by address: both leave the same row), so every booking made through the
--   calendar (it has a contact_email) loses its account. The agency keeps every booking, with its contact, and
--   still confirms, holds and cancels them; only the customer's Meetings tab no longer lists them.

create or replace function private.link_guest_meetings_of_user() returns trigger
language plpgsql volatile security definer set search_path = ''
as $$
begin
  -- Kept only where the trigger could not be dropped (see the top of 20261127090000_booking_proof.sql).
  return new;
end;
$$;

do $$
begin
  drop trigger if exists link_guest_meetings on auth.users;
exception when insufficient_privilege then
  raise notice 'link_guest_meetings stays on auth.users as a no-op: this role may not drop it';
end;
$$;

drop function private.link_guest_meetings(uuid, text);

create or replace function public.claim_guest_meetings() returns integer
language sql stable security invoker set search_path = ''
as $$
  -- Links nothing (20261127090000_booking_proof.sql): older account remotes still call it.
  select 0;
$$;

update public.meetings set user_id = null where user_id is not null and contact_email is not null;

-- The index served the linking by address; the booking rules look addresses up case-insensitively instead.
drop index public.meetings_contact_email_unclaimed_idx;
create index meetings_contact_email_idx on public.meetings (lower(contact_email))
  where contact_email is not null;
