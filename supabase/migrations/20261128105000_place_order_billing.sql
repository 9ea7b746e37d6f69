-- The checkout's order, paid by invoice (issue #31.1, .2, .4, .5, .7; beyond the spec). place_order is #30's
-- (20261127120000_codes_and_carts.sql) with every rule kept: the cart bounded and checked first, an account with a
-- sufficient session (aal2 where the account has a second factor), the one-code rules, the wrong-code budget and
-- its committed refusal, the total the customer saw. In the same transaction it now also:
-- - saves the billing details the customer confirmed at checkout (`billing`: the columns of billing_details) as
--   theirs, so the next checkout and Profile show them; billing_details' own constraints refuse what the form
--   refuses (23514), and nothing of the order is recorded then;
-- - copies them onto the order (its buyer, never changed by a later edit in Profile);
-- - records whether the customer agreed to be told of in the purchase toast (`show_in_recent_purchases`);
-- - issues the order's invoice (private.issue_invoice: the next number of the year, without gaps);
-- - queues the order confirmation to the customer and the agency's copy (private.enqueue_email, keyed by the order,
--   so a retried transaction queues nothing twice); send-emails sends them.
--
-- Rollout (expand, then contract): the new arguments have defaults, so a checkout deployed before this migration
-- (place_order(items, expected_total, discount_code)) keeps working. Its order is made out to the customer's saved
-- billing details when they have some (invoice and e-mails as above); without any it is recorded as before, with
-- no invoice and no e-mail, and the agency asks the customer for the details.

drop function public.place_order(jsonb, integer, text);
create function public.place_order(
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

-- Issues an order's invoice and queues its confirmation (to the customer) and the agency's copy (to the company's
-- billing address), with the payload send-emails' templates take (PURCHASE.md, and the invoice's seller): absolute
-- links from the deployment's site URL. Called in the order's own transaction.
create function private.invoice_and_confirm_order(order_id uuid) returns void
language plpgsql volatile set search_path = ''
as $$
declare
  o public.orders;
  invoice public.invoices := private.issue_invoice(invoice_and_confirm_order.order_id);
  company private.company_details;
  customer_email text;
  payload jsonb;
begin
  select * into o from public.orders where id = invoice_and_confirm_order.order_id;
  select * into company from private.company_details;
  select u.email into customer_email from auth.users u where u.id = o.user_id;
  payload := jsonb_build_object(
    'orderId', o.id,
    'orderNumber', '#' || left(o.id::text, 8),
    'invoiceNumber', invoice.number,
    'createdAt', o.created_at,
    'lines', invoice.lines,
    'subtotalCents', invoice.subtotal_cents,
    'discountPercent', invoice.discount_percent,
    'discountCents', invoice.discount_cents,
    'totalCents', invoice.total_cents,
    'vatRatePercent', invoice.vat_rate_percent,
    'vatCents', invoice.vat_cents,
    'billing', jsonb_build_object(
      'name', o.billing ->> 'name',
      'company', o.billing ->> 'company',
      'address', concat_ws(E'\n', o.billing ->> 'address',
        concat_ws(' ', o.billing ->> 'postal_code', o.billing ->> 'city')),
      'country', (select c.name from private.countries c where c.code = o.billing ->> 'country'),
      'vatNumber', o.billing ->> 'vat_number'),
    'dueDate', invoice.due_on,
    'invoiceUrl', company.site_url || '/account/invoice?number=' || invoice.number,
    'bookKickoffUrl', company.site_url || '/contact',
    'customerEmail', customer_email,
    -- The e-mail goes out in the seller's name, with its legal details and bank account, as the invoice has them.
    'seller', invoice.seller
  );
  if customer_email is not null then
    perform private.enqueue_email('order_confirmation', customer_email, payload, 'order_confirmation:' || o.id);
  end if;
  perform private.enqueue_email('order_agency_copy', company.email_billing, payload, 'order_agency_copy:' || o.id);
end;
$$;

revoke all on function private.invoice_and_confirm_order(uuid) from public, anon, authenticated;
grant execute on function private.invoice_and_confirm_order(uuid) to service_role;
revoke all on function public.place_order(jsonb, integer, text, jsonb, boolean) from public, anon, authenticated;
grant execute on function public.place_order(jsonb, integer, text, jsonb, boolean) to authenticated, service_role;
