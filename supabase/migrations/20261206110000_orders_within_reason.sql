-- Orders within reason (issue #44, item 1). Signed in, 30 calls of place_order in 1.6 s all succeeded: 30 final
-- invoices (each needing a credit note to undo) and 60 queued e-mails, 20 of them company e-mails to a stranger's
-- address. Now each account has:
-- - an order budget: client_budgets 'order', 10 orders per 24 hours per account (a real customer orders a few
--   services once; ten leaves room for corrections). Over it: 429 `over_request_rate_limit` with the wait, the
--   words the checkout already shows for a budget;
-- - a cap on orders awaiting payment: client_budgets 'unpaid_order', at most 3 orders in 'awaiting_payment' placed
--   within its window (30 days) at once. Over it: 409 `too_many_unpaid_orders`, "You have 3 orders awaiting
--   payment: pay one, or ask us to cancel it" (the number is the cap's); the checkout adds a link to the contact
--   page. A paid or cancelled order frees its place.
-- Both are rows of client_budgets, so the agency changes them as it changes the other budgets (service role), and
-- the tests lift them as they lift the others. They are checked under the account's cart lock that place_order
-- already takes, after every other check, so a burst's calls queue and each sees the orders before it: a burst
-- gets exactly the budget (or the cap), and a refused call records nothing, spends nothing, invoices nothing.
-- The invoice keeps its number at order time (the customer pays against it, README "The agency's side of an
-- order"): the budget and the cap are what bound the register.
-- place_order also takes billing details as text only: `123`, `{"a":1}` or `[1,2]` as a name were stored as their
-- JSON text (22023 'Each billing detail is text'). Its body is otherwise 20261128105000_place_order_billing.sql's,
-- as moved to private by 20261205090000_cart_items_as_json.sql (the public wrapper is unchanged).

alter table public.client_budgets drop constraint client_budgets_action_check;
alter table public.client_budgets add constraint client_budgets_action_check
  check (action in ('booking', 'subscription', 'code_miss', 'order', 'unpaid_order'));
insert into public.client_budgets (action, max_uses, window_seconds) values
  ('order', 10, 86400),
  ('unpaid_order', 3, 2592000);

-- 409 while the account has as many orders awaiting payment as the cap allows, 429 once its order budget for the
-- window is spent; otherwise counts this order. The agency (service role) is not counted.
create function private.check_order_allowance(account uuid) returns void
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
    perform private.raise_over_budget(taken.retry_after);
  end if;
end;
$$;

create or replace function private.place_order(
  items jsonb,
  expected_total integer,
  discount_code text default null,
  billing jsonb default null,
  show_in_recent_purchases boolean default false
)
returns json
language plpgsql volatile security definer set search_path = ''
as $$
declare
  ids text[] := private.cart_service_ids(items);
  uid uuid := private.require_account('check out');
  code text := private.normalised_code(discount_code);
  code_state text;
  price record;
  buyer public.billing_details;
  new_order_id uuid;
begin
  if expected_total is null then
    raise exception 'expected_total is the total the customer saw, in cents' using errcode = '22023';
  end if;
  if place_order.billing is not null and jsonb_typeof(place_order.billing) <> 'object' then
    raise exception 'billing must be an object of billing details' using errcode = '22023';
  end if;
  -- Each detail is text or absent: 123, {"a":1} or [1,2] would otherwise be stored as their JSON text.
  if exists (select 1 from jsonb_each(place_order.billing) f where jsonb_typeof(f.value) not in ('string', 'null')) then
    raise exception 'Each billing detail is text' using errcode = '22023';
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
    -- Commits (the wrong code's count): nothing else may have been written before it.
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
  -- Within reason (under the account's cart lock, so a burst's calls queue here and each sees the ones before).
  perform private.check_order_allowance(uid);

  -- The buyer: the details given now, saved for next time (the table's checks apply), or the saved ones.
  if place_order.billing is not null then
    insert into public.billing_details (user_id, name, company, address, postal_code, city, country, vat_number)
    select uid, d.name, d.company, d.address, d.postal_code, d.city, d.country, d.vat_number
    from jsonb_populate_record(null::public.billing_details, place_order.billing) d
    on conflict on constraint billing_details_pkey do update set name = excluded.name, company = excluded.company,
      address = excluded.address, postal_code = excluded.postal_code, city = excluded.city,
      country = excluded.country, vat_number = excluded.vat_number
    returning * into buyer;
  else
    select * into buyer from public.billing_details b where b.user_id = uid;
  end if;

  insert into public.orders (user_id, total_amount, discount_amount, discount_code, billing, show_in_recent_purchases)
  values (uid, price.total_cents, price.discount_cents, case when code_state = 'valid' then code end,
    case when buyer.user_id is not null then to_jsonb(buyer) - 'user_id' - 'updated_at' end,
    coalesce(place_order.show_in_recent_purchases, false))
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

  if buyer.user_id is not null then
    perform private.invoice_and_confirm_order(new_order_id);
  end if;

  delete from public.cart_items where user_id = uid and not checked_out;
  insert into public.cart_items (user_id, email, service_id, service_title, service_price, sort_order, checked_out)
  select uid, auth.jwt() ->> 'email', s.id, s.title, s.price, (i.place - 1)::integer, true
  from unnest(ids) with ordinality as i(id, place)
  join public.services s on s.id = i.id;
  return to_json(new_order_id);
end;
$$;

revoke all on function private.check_order_allowance(uuid) from public, anon, authenticated;
grant execute on function private.check_order_allowance(uuid) to service_role;
revoke all on function private.place_order(jsonb, integer, text, jsonb, boolean) from public, anon, authenticated;
