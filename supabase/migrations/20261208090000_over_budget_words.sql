-- The 429's words say what was counted (issue #44, round two, item 2).
--
-- Since budgets are per account (20261206140000_budgets_per_account.sql) a signed-in caller's uses count against
-- their account, yet every 429 said "Too many requests from your network". raise_over_budget now takes the subject
-- take_budget counted and says "from your account" for an account, "from your network" for an address. Its callers
-- pass what they counted.

drop function private.raise_over_budget(integer);

create or replace function private.raise_over_budget(retry_after integer, counted text) returns void
    language plpgsql
    set search_path to ''
    as $$
begin
  raise sqlstate 'PGRST' using
    message = json_build_object(
      'code', 'over_request_rate_limit',
      'message', case when counted like 'account:%'
        then 'Too many requests from your account. Please wait and try again.'
        else 'Too many requests from your network. Please wait and try again.' end,
      'details', json_build_object('retry_after_seconds', retry_after)::text,
      'hint', null
    )::text,
    detail = json_build_object('status', 429, 'headers', json_build_object('Retry-After', retry_after::text))::text;
end;
$$;

REVOKE ALL ON FUNCTION private.raise_over_budget(retry_after integer, counted text) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.raise_over_budget(retry_after integer, counted text) TO service_role;

create or replace function private.spend_client_budget(for_action text) returns void
    language plpgsql
    set search_path to ''
    as $$
declare
  subject text := private.budget_subject();
  taken record;
begin
  if auth.role() = 'service_role' then
    return;
  end if;
  select * into taken from private.take_budget(for_action, subject, 1);
  if taken.spent > taken.allowed then
    perform private.raise_over_budget(taken.retry_after, subject);
  end if;
end;
$$;

create or replace function private.check_order_allowance(account uuid) returns void
language plpgsql volatile set search_path = ''
as $$
declare
  cap public.client_budgets;
  unpaid integer;
  taken record;
begin
  if auth.role() = 'service_role' then
    return;
  end if;
  select * into strict cap from public.client_budgets b where b.action = 'unpaid_order';
  select count(*) into unpaid from public.orders o
  where o.user_id = account and o.status = 'awaiting_payment'
    and o.created_at > now() - make_interval(secs => cap.window_seconds);
  if unpaid >= cap.max_uses then
    raise sqlstate 'PGRST' using
      message = json_build_object(
        'code', 'too_many_unpaid_orders',
        'message', format('You have %s orders awaiting payment: pay one, or ask us to cancel it', unpaid),
        'details', json_build_object('unpaid_orders', unpaid)::text,
        'hint', null
      )::text,
      detail = json_build_object('status', 409, 'headers', json_build_object())::text;
  end if;
  select * into taken from private.take_budget('order', 'account:' || account::text, 1);
  if taken.spent > taken.allowed then
    perform private.raise_over_budget(taken.retry_after, 'account:' || account::text);
  end if;
end;
$$;

create or replace function private.check_code_budget() returns void
    language plpgsql
    set search_path to ''
    as $$
declare
  guesser text;
  taken record;
begin
  if auth.role() = 'service_role' then
    return;
  end if;
  foreach guesser in array private.code_guessers() loop
    select * into taken from private.take_budget('code_miss', guesser, 0);
    if taken.spent >= taken.allowed then
      perform private.raise_over_budget(taken.retry_after, guesser);
    end if;
  end loop;
end;
$$;
