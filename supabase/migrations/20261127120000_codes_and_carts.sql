-- Codes that serve the offer, and bounded carts (issue #30, items 3 and 5).
--
-- Codes. The site offers 10 % off a first project order; the server gave 10 % on any order of anyone holding any
-- unused code, and let anyone guess codes as fast as the network allowed. Now:
-- - One code discount per account: once an order of the account has redeemed a code, a code discounts nothing on
--   its later orders ('account_used').
-- - A code applies only where it lowers the price: when the order's volume discount is as large (3 services or
--   more already give 10 %), it gives nothing ('no_benefit') and is not redeemed, so it stays for a later order.
-- - Wrong codes are counted per client and per account (client_budgets 'code_miss', 20261127110000_fair_use.sql)
--   by quote_cart, validate_discount_code and place_order; with none left, each answers 429 before looking the code
--   up, so a guess over budget learns nothing. The count must survive the refusal: quote_cart and
--   validate_discount_code answer normally (both become VOLATILE: called with POST, as supabase-js calls them; a
--   GET now runs them read-only and fails), and place_order answers its 'Invalid discount code' through
--   private.refusal, which commits. place_order returns json for that (the same JSON string on success).
-- - A session that still lacks its second factor may quote (as a guest: no account rule) but not order.
--
-- Carts. quote_cart (anonymous) and place_order took item lists of any length: a 30,000-item quote raised other
-- clients' reads on PGlite from 6 ms to 148 ms. Both now refuse more items than the catalogue holds, and any
-- service listed twice, with replace_cart's error (22023 'A cart holds at most 13 items, one per service') before
-- doing any other work.

-- A cart as sent by the browser, [{service_id, ...}, ...], as its service ids in order. Other keys (titles, prices)
-- are ignored: the server prices from `services`. Refused (22023) before anything else is read: not an array, more
-- items than services, an item without a service_id, a service listed twice.
create or replace function private.cart_service_ids(items jsonb) returns text[]
language plpgsql stable set search_path = ''
as $$
declare
  most integer;
  ids text[];
begin
  if items is null or jsonb_typeof(items) <> 'array' then
    raise exception 'items must be an array of {service_id}' using errcode = '22023';
  end if;
  select count(*) into most from public.services;
  if jsonb_array_length(items) > most then
    raise exception 'A cart holds at most % items, one per service', most
      using errcode = '22023', detail = format('%s items were sent', jsonb_array_length(items));
  end if;
  if exists (
    select 1 from jsonb_array_elements(items) e
    where jsonb_typeof(e) <> 'object' or jsonb_typeof(e -> 'service_id') is distinct from 'string'
  ) then
    raise exception 'items must be an array of {service_id}' using errcode = '22023';
  end if;
  select coalesce(array_agg(x.e ->> 'service_id' order by x.place), '{}') into ids
  from jsonb_array_elements(items) with ordinality as x(e, place);
  if cardinality(ids) <> (select count(distinct i) from unnest(ids) as i) then
    raise exception 'A cart holds at most % items, one per service', most
      using errcode = '22023', detail = 'a service was listed more than once';
  end if;
  return ids;
end;
$$;

-- Where a code stands for an order of these services (ids; null: the code alone) by this account (null: a guest,
-- no account rule): null without a code, 'unknown', 'redeemed', 'account_used' (the account has had its one code
-- discount), 'no_benefit' (the order costs as much without it), or 'valid'.
create function private.code_status_for(code text, ids text[], account uuid) returns text
language sql stable set search_path = ''
as $$
  select case
    when s.status is distinct from 'valid' then s.status
    when account is not null
      and exists (select 1 from public.discount_redemptions r where r.user_id = account) then 'account_used'
    when ids is not null
      and (select c.total_cents from private.price_cart(ids, true) c)
        >= (select p.total_cents from private.price_cart(ids, false) p) then 'no_benefit'
    else 'valid'
  end
  from (select private.discount_code_status(code) as status) s;
$$;

-- Whose wrong codes a call counts: the client's, and the account's when signed in (any session: guessing from an
-- account counts against it).
create function private.code_guessers() returns text[]
language sql stable set search_path = ''
as $$
  select array_remove(array[private.client_subject(), 'account:' || auth.uid()::text], null);
$$;

-- Before a code is looked up: locks the callers' wrong-code counters (their concurrent guesses queue) and answers
-- 429 when any has none left, so a guess over budget is never looked up. The agency is not counted.
create function private.check_code_budget() returns void
language plpgsql volatile set search_path = ''
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
      perform private.raise_over_budget(taken.retry_after);
    end if;
  end loop;
end;
$$;

-- Records a wrong code against each of the callers (under the locks check_code_budget took).
create function private.count_code_miss() returns void
language plpgsql volatile set search_path = ''
as $$
declare
  guesser text;
begin
  if auth.role() = 'service_role' then
    return;
  end if;
  foreach guesser in array private.code_guessers() loop
    perform private.take_budget('code_miss', guesser, 1);
  end loop;
end;
$$;

-- The code's status for the caller, with the wrong-code budget checked before and a miss recorded after. The
-- caller must let the miss commit: answer normally, or with private.refusal.
create function private.checked_code_status(code text, ids text[], account uuid) returns text
language plpgsql volatile set search_path = ''
as $$
declare
  status text;
begin
  if code is null then
    return null;
  end if;
  perform private.check_code_budget();
  status := private.code_status_for(code, ids, account);
  if status = 'unknown' then
    perform private.count_code_miss();
  end if;
  return status;
end;
$$;

-- A code or nothing: upper-cased and trimmed, as the codes are stored.
create function private.normalised_code(code text) returns text
language sql immutable set search_path = ''
as $$
  select nullif(upper(btrim(coalesce(code, ''))), '');
$$;

-- Spec section 7: true for an issued code that no order has used. Wrong codes count against the caller's budget.
create or replace function public.validate_discount_code(code text) returns boolean
language plpgsql volatile security definer set search_path = ''
as $$
begin
  return coalesce(private.checked_code_status(private.normalised_code(code), null, null) = 'valid', false);
end;
$$;

-- What an order of these items would cost and where the code stands for it (see code_status_for); the price
-- includes the code only when 'valid'.
create or replace function public.quote_cart(
  items jsonb,
  discount_code text default null,
  out item_count integer,
  out subtotal_cents bigint,
  out discount_percent integer,
  out discount_cents bigint,
  out total_cents bigint,
  out code_status text
)
language plpgsql volatile security definer set search_path = ''
as $$
declare
  ids text[] := private.cart_service_ids(items);
begin
  if exists (select 1 from unnest(ids) i where not exists (select 1 from public.services s where s.id = i)) then
    raise exception 'Your cart holds a service that is no longer offered' using errcode = 'P0001';
  end if;
  code_status := private.checked_code_status(private.normalised_code(discount_code), ids, private.acting_user());
  select p.item_count, p.subtotal_cents, p.discount_percent, p.discount_cents, p.total_cents
  into item_count, subtotal_cents, discount_percent, discount_cents, total_cents
  from private.price_cart(ids, code_status = 'valid') p;
end;
$$;

-- Checkout: records the order of exactly these items for the caller (an account with a sufficient session),
-- priced by price_cart, and replaces the caller's open cart rows with them, checked out. The code is redeemed
-- only when it is 'valid' for this order (in the same transaction; of concurrent orders with one code, one gets
-- it); a code that gives nothing ('no_benefit', 'account_used') is not recorded and stays unused. Refuses,
-- recording nothing: an empty cart, a service no longer offered, a used code ('This discount code has already
-- been used.'), a total other than `expected_total`, the cents the customer saw (PT409, with the server's total
-- in details); and an unknown code ('Invalid discount code', 400 P0001 as before, keeping the recorded miss).
drop function public.place_order(jsonb, integer, text);
drop function private.record_order(uuid, text[], text, integer);
create function public.place_order(items jsonb, expected_total integer, discount_code text default null)
returns json
language plpgsql volatile security definer set search_path = ''
as $$
declare
  ids text[] := private.cart_service_ids(items);
  uid uuid := private.require_account('check out');
  code text := private.normalised_code(discount_code);
  code_state text;
  price record;
  new_order_id uuid;
begin
  if expected_total is null then
    raise exception 'expected_total is the total the customer saw, in cents' using errcode = '22023';
  end if;
  -- The same lock as replace_cart: a save in flight finishes first, and no save interleaves with the order; it
  -- also makes the one-code-per-account check safe against the account's concurrent orders.
  perform pg_advisory_xact_lock(hashtext('cart:' || uid::text));
  if cardinality(ids) = 0 then
    raise exception 'Your cart is empty' using errcode = 'P0001';
  end if;
  if exists (select 1 from unnest(ids) i where not exists (select 1 from public.services s where s.id = i)) then
    raise exception 'Your cart holds a service that is no longer offered' using errcode = 'P0001';
  end if;
  code_state := private.checked_code_status(code, ids, uid);
  if code_state = 'unknown' then
    return private.refusal(400, 'P0001', 'Invalid discount code');
  end if;
  if code_state = 'redeemed' then
    raise exception 'This discount code has already been used.' using errcode = 'P0001';
  end if;
  select * into price from private.price_cart(ids, code_state = 'valid');
  if expected_total <> price.total_cents then
    raise exception 'The price of your order has changed.' using errcode = 'PT409',
      detail = json_build_object('total_cents', price.total_cents)::text;
  end if;

  insert into public.orders (user_id, total_amount, discount_amount, discount_code)
  values (uid, price.total_cents, price.discount_cents, case when code_state = 'valid' then code end)
  returning id into new_order_id;
  -- The primary key decides between concurrent orders with one code: the second waits for the first, finds the
  -- row and raises, which takes its order back with it.
  if code_state = 'valid' then
    insert into public.discount_redemptions (code, user_id, order_id) values (code, uid, new_order_id)
    on conflict on constraint discount_redemptions_pkey do nothing;
    if not found then
      raise exception 'This discount code has already been used.' using errcode = 'P0001';
    end if;
  end if;
  insert into public.order_items (order_id, service_id, service_title, service_price, sort_order)
  select new_order_id, s.id, s.title, s.price, (i.place - 1)::integer
  from unnest(ids) with ordinality as i(id, place)
  join public.services s on s.id = i.id;

  delete from public.cart_items where user_id = uid and not checked_out;
  insert into public.cart_items (user_id, email, service_id, service_title, service_price, sort_order, checked_out)
  select uid, auth.jwt() ->> 'email', s.id, s.title, s.price, (i.place - 1)::integer, true
  from unnest(ids) with ordinality as i(id, place)
  join public.services s on s.id = i.id;
  return to_json(new_order_id);
end;
$$;

-- Privileges -----------------------------------------------------------------------------------------------------

revoke all on function private.cart_service_ids(jsonb), private.code_status_for(text, text[], uuid),
  private.code_guessers(), private.check_code_budget(), private.count_code_miss(),
  private.checked_code_status(text, text[], uuid), private.normalised_code(text)
  from public, anon, authenticated;
grant execute on all functions in schema private to service_role;
revoke all on function public.place_order(jsonb, integer, text) from public, anon, authenticated;
grant execute on function public.place_order(jsonb, integer, text) to authenticated, service_role;
