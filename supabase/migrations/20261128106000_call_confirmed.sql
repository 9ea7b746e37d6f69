-- The agency confirms a discovery call (issue #31.4, beyond the spec; docs/booking.md): as the service role,
--   update public.meetings set status = 'scheduled' where id = '...';
-- In the same transaction a trigger queues 'call_confirmed' to the person who booked it and
-- 'call_confirmed_agency_copy' to the agency (the company's contact address), keyed by the meeting: confirming it
-- again, or a retried transaction, queues nothing twice. A meeting without a time or without the booker's name and
-- address (requests of the first schema, seeded demo rows) gets none: there is nothing to tell or no one to tell.
-- Expand only: a new trigger; no column, function or answer a deployed app uses changes.

create function private.queue_call_confirmed() returns trigger
language plpgsql security definer set search_path = ''
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
    'timeZone', (select s.time_zone from public.booking_settings s),
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

create trigger meetings_call_confirmed after update of status on public.meetings
for each row when (new.status = 'scheduled' and old.status is distinct from 'scheduled')
execute function private.queue_call_confirmed();

revoke all on function private.queue_call_confirmed() from public, anon, authenticated;
grant execute on function private.queue_call_confirmed() to service_role;
