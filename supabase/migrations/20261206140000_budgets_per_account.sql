-- Budgets per account, not per network (issue #44, items 5 and 6).
--
-- Every budget counted per network address (cf-connecting-ip), signed in or not, so the colleagues of an office
-- behind one address shared five bookings an hour: a first-time guest there was told "Please wait 54 minutes".
-- Now what a signed-in customer does counts against their account only ('account:<id>', as the wrong-code budget
-- already counted it); an anonymous call counts against its address only, with a budget sized for an office
-- behind one address: client_budgets.address_max_uses (null: the same as max_uses). The numbers (README "Fair use"):
-- - booking: 5 an hour per account (one upcoming call per account anyway), 20 an hour per address (an office's
--   visitors; a guest's booking is a 30-minute hold until its e-mailed link confirms it, so an address holds at
--   most about ten slots at once, of some two hundred);
-- - subscription: 5 an hour per account, 20 an hour per address (one subscription per address anyway);
-- - code_miss: 10 wrong codes per 15 minutes per account, 30 per address (codes are 9 characters of 31: guessing
--   stays hopeless at either rate);
-- - order (an account's only): 10 a day; unpaid_order: 3 (20261206110000_orders_within_reason.sql).
-- A new account is no way around an account's budget: sign-ups are GoTrue's, limited per address
-- ([auth.rate_limit] sign_in_sign_ups) and confirmed by e-mail in production.
--
-- resend_newsletter_code answers the same whether or not an address is subscribed: null, and 429
-- `code_recently_sent` for any address asked for within a day (recorded for unknown addresses too), so the answer
-- no longer tells who subscribed. Only a subscribed address is sent its code.

alter table public.client_budgets
  add column address_max_uses integer check (address_max_uses >= 0);
update public.client_budgets set address_max_uses = case action
  when 'booking' then 20
  when 'subscription' then 20
  when 'code_miss' then 30
end
where action in ('booking', 'subscription', 'code_miss');

-- Who a call counts against: the signed-in account, else the client's address.
create function private.budget_subject() returns text
language sql stable set search_path = ''
as $$
  select coalesce('account:' || auth.uid()::text, private.client_subject());
$$;

-- As in 20261127110000_fair_use.sql, and: an address ('client:...') has the budget's address_max_uses.
create or replace function private.take_budget(
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
  allowed := case when for_subject like 'client:%'
    then coalesce(budget.address_max_uses, budget.max_uses) else budget.max_uses end;
  retry_after := greatest(1, ceil(extract(epoch from
    current_window + make_interval(secs => budget.window_seconds) - now())))::integer;
end;
$$;

create or replace function private.spend_client_budget(for_action text) returns void
language plpgsql volatile set search_path = ''
as $$
declare
  taken record;
begin
  if auth.role() = 'service_role' then
    return;
  end if;
  select * into taken from private.take_budget(for_action, private.budget_subject(), 1);
  if taken.spent > taken.allowed then
    perform private.raise_over_budget(taken.retry_after);
  end if;
end;
$$;

-- Wrong codes: the account's when signed in, else the address's (no longer both).
create or replace function private.code_guessers() returns text[]
language sql stable set search_path = ''
as $$
  select array[private.budget_subject()];
$$;

create or replace function public.resend_newsletter_code(email text) returns json
language plpgsql volatile security definer set search_path = ''
as $$
declare
  wanted text := lower(btrim(coalesce(email, '')));
  subscriber public.newsletter_subscribers;
  last_sent timestamptz;
begin
  perform private.spend_client_budget('subscription');
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

revoke all on function private.budget_subject() from public, anon, authenticated;
grant execute on function private.budget_subject() to service_role;
