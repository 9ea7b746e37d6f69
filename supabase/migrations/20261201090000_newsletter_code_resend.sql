-- "Already Subscribed" is no dead end (issue #33, item 5): resend_newsletter_code(email) e-mails an address's
-- code to that address again, through the e-mail outbox (template 'newsletter_code', sent by send-emails).
-- - The code only ever travels to the subscribed address itself: the answer is `null` whether or not the address
--   is subscribed, and never holds the code. (An unknown address gets nothing and is told nothing: the answer
--   says no more than subscribe_newsletter's 'Already Subscribed' already does.)
-- - At most once a day per address, whatever its capitals: private.newsletter_code_resends keeps when each
--   address was last sent its code, taken in one upsert that only moves a time at least a day old, so two
--   requests at once send one e-mail. Sooner: 429 `code_recently_sent`, the wait in `details` as for a budget.
-- - Each request also spends the client's 'subscription' budget (20261127110000_fair_use.sql), refusals
--   included, so one client cannot have every subscriber e-mailed.
-- - The e-mail goes to the address as the subscriber gave it; its idempotency key names the subscription and
--   the moment of the send (in microseconds), so each allowed request queues exactly one e-mail.

create table private.newsletter_code_resends (
  -- lower(btrim(email)), as newsletter_subscribers_email_lower_key compares addresses.
  address text primary key,
  sent_at timestamptz not null
);
revoke all on table private.newsletter_code_resends from public, anon, authenticated;

create function public.resend_newsletter_code(email text) returns json
language plpgsql volatile security definer set search_path = ''
as $$
declare
  wanted text := lower(btrim(coalesce(email, '')));
  subscriber public.newsletter_subscribers;
  last_sent timestamptz;
begin
  perform private.spend_client_budget('subscription');
  select * into subscriber from public.newsletter_subscribers s where lower(s.email) = wanted;
  if not found then
    return null;
  end if;
  insert into private.newsletter_code_resends as r (address, sent_at)
  values (wanted, now())
  on conflict (address) do update set sent_at = excluded.sent_at
    where r.sent_at <= excluded.sent_at - interval '1 day';
  if not found then
    select r.sent_at into last_sent from private.newsletter_code_resends r where r.address = wanted;
    perform set_config('response.status', '429', true);
    return json_build_object(
      'code', 'code_recently_sent',
      'message', 'We sent this address its code less than a day ago.',
      'details', json_build_object('retry_after_seconds',
        greatest(1, ceil(extract(epoch from last_sent + interval '1 day' - now())))::integer)::text,
      'hint', null
    );
  end if;
  perform private.enqueue_email(
    'newsletter_code',
    subscriber.email,
    jsonb_build_object('name', subscriber.name, 'code', subscriber.discount_code),
    'newsletter_code:' || subscriber.id || ':' || (extract(epoch from now()) * 1000000)::bigint::text
  );
  return null;
end;
$$;

revoke all on function public.resend_newsletter_code(text) from public, anon, authenticated;
grant execute on function public.resend_newsletter_code(text) to anon, authenticated, service_role;
