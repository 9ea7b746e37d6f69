-- The code resends' record is pruned (issue #44, round two, item 4).
--
-- resend_newsletter_code records every address asked for, unknown ones too (so that the answer does not tell who
-- subscribed), and nothing ever deleted a row: a client could grow the table without bound, one address per
-- request of its subscription budget. A row counts for a day only (the once-a-day rule); each request now deletes
-- up to a hundred rows older than that (found through an index on sent_at, skipping rows another request holds),
-- and records one, so the rows older than a day go as fast as they come.

create index newsletter_code_resends_sent_at_idx on private.newsletter_code_resends using btree (sent_at);

create or replace function public.resend_newsletter_code(email text) returns json
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  wanted text := lower(btrim(coalesce(email, '')));
  subscriber public.newsletter_subscribers;
  last_sent timestamptz;
begin
  perform private.spend_client_budget('subscription');
  -- A day on, a row counts for nothing: pruned here, so that addresses asked for cannot pile up. At most a hundred
  -- a call (each call records one) and never waiting for a row another request holds.
  delete from private.newsletter_code_resends r
  where r.address in (
    select o.address from private.newsletter_code_resends o
    where o.sent_at <= now() - interval '1 day'
    limit 100
    for update skip locked
  );
  -- Every address asked for is recorded, subscribed or not: the answer is the same for both.
  insert into private.newsletter_code_resends as r (address, sent_at)
  values (left(wanted, 255), now())
  on conflict (address) do update set sent_at = excluded.sent_at
    where r.sent_at <= excluded.sent_at - interval '1 day';
  if not found then
    select r.sent_at into last_sent from private.newsletter_code_resends r where r.address = left(wanted, 255);
    perform set_config('response.status', '429', true);
    return json_build_object(
      'code', 'code_recently_sent',
      'message', 'We sent this address its code less than a day ago.',
      'details', json_build_object('retry_after_seconds',
        greatest(1, ceil(extract(epoch from last_sent + interval '1 day' - now())))::integer)::text,
      'hint', null
    );
  end if;
  select * into subscriber from public.newsletter_subscribers s where lower(s.email) = wanted;
  if found then
    perform private.enqueue_email(
      'newsletter_code',
      subscriber.email,
      jsonb_build_object('name', subscriber.name, 'code', subscriber.discount_code),
      'newsletter_code:' || subscriber.id || ':' || (extract(epoch from now()) * 1000000)::bigint::text
    );
  end if;
  return null;
end;
$$;
