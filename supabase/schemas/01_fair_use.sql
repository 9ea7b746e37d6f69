-- Fair use: per-client budgets, so that one client (an address, or an account) cannot book every slot, subscribe
-- every address or guess codes. A use is counted by one upsert per action and client, which also locks the counter
-- until the transaction ends, so concurrent requests queue instead of overspending. Over budget: HTTP 429
-- `over_request_rate_limit`, the wait in `details` (supabase-js passes no headers). The agency (service role) is
-- never counted. Used by 07_newsletter_and_codes (subscriptions, wrong codes) and 08_booking (bookings).

-- The budgets, one row per action ('booking', 'subscription', 'code_miss', 'order', and 'unpaid_order': the
-- orders an account may have awaiting payment at once, of those placed within the window): how many uses per
-- window, per account for a signed-in caller (max_uses) and per address for an anonymous one (address_max_uses;
-- null: the same), sized for an office behind one address. The agency tunes them with the service role;
-- migrations insert the rows.
create table public.client_budgets (
    action text not null,
    max_uses integer not null,
    window_seconds integer not null,
    updated_at timestamp with time zone default now() not null,
    address_max_uses integer,
    constraint client_budgets_action_check check ((action = any (array['booking'::text, 'subscription'::text, 'code_miss'::text, 'order'::text, 'unpaid_order'::text]))),
    constraint client_budgets_address_max_uses_check check ((address_max_uses >= 0)),
    constraint client_budgets_max_uses_check check ((max_uses >= 0)),
    constraint client_budgets_window_seconds_check check (((window_seconds >= 1) and (window_seconds <= 2592000))),
    constraint client_budgets_pkey primary key (action)
);

alter table public.client_budgets enable row level security;

REVOKE ALL ON TABLE public.client_budgets FROM anon, authenticated;
GRANT SELECT,UPDATE ON TABLE public.client_budgets TO service_role;

-- One row per action and client (or account): the current window and what was used in it.
create table private.budget_counters (
    action text not null,
    subject text not null,
    window_start timestamp with time zone not null,
    used integer not null,
    constraint budget_counters_pkey primary key (action, subject)
);

-- The client's address as Supabase's gateway set it (cf-connecting-ip, which a client cannot write), IPv6
-- reduced to its /64; null outside an API request.
create function private.client_address() returns text
    language plpgsql stable
    set search_path to ''
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

REVOKE ALL ON FUNCTION private.client_address() FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.client_address() TO service_role;

-- The key a client's uses are counted under ('client:unknown' when no address came with the request).
create function private.client_subject() returns text
    language sql stable
    set search_path to ''
    as $$
  select 'client:' || coalesce(private.client_address(), 'unknown');
$$;

REVOKE ALL ON FUNCTION private.client_subject() FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.client_subject() TO service_role;

-- Who a call counts against: the signed-in account ('account:<id>'), else the client's address.
create function private.budget_subject() returns text
language sql stable set search_path = ''
as $$
  select coalesce('account:' || auth.uid()::text, private.client_subject());
$$;

REVOKE ALL ON FUNCTION private.budget_subject() FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.budget_subject() TO service_role;

-- Adds `amount` uses of `for_action` by `for_subject` in the current window (a new window starts from zero) in one
-- upsert; returns the uses so far, the budget (an address's, 'client:...', is address_max_uses) and the seconds
-- until the window ends. 0 only locks and reads.
create function private.take_budget(for_action text, for_subject text, amount integer, out spent integer, out allowed integer, out retry_after integer) returns record
    language plpgsql
    set search_path to ''
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

REVOKE ALL ON FUNCTION private.take_budget(for_action text, for_subject text, amount integer, OUT spent integer, OUT allowed integer, OUT retry_after integer) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.take_budget(for_action text, for_subject text, amount integer, OUT spent integer, OUT allowed integer, OUT retry_after integer) TO service_role;

-- HTTP 429 with the wait, in the body (supabase-js passes it on) and in Retry-After. The words say what was
-- counted (`counted` is the subject take_budget counted): the caller's account ('account:...'), else their network.
create function private.raise_over_budget(retry_after integer, counted text) returns void
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

-- Counts one use of `for_action` by the caller (their account, else their address); over budget, 429.
create function private.spend_client_budget(for_action text) returns void
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

REVOKE ALL ON FUNCTION private.spend_client_budget(for_action text) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.spend_client_budget(for_action text) TO service_role;
