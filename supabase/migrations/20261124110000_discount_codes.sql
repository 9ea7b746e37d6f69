-- Discounts the server can stand behind (expand step; 20261124120000_discount_codes_contract.sql contracts).
-- - Codes are issued by the database: subscribe_newsletter(name, email) makes, stores and returns the code.
-- - A code is redeemed once in total: the first order placed with it records a row in discount_redemptions, in
--   the same transaction as the order; validate_discount_code answers false for a redeemed code.
-- - One pricing rule: private.price_cart prices a list of services from `services`; place_order and the
--   read-only quote_cart both call it.
-- - place_order takes the cart itself and the total the customer saw, and refuses (nothing recorded) when the
--   server's price differs. Called as before, with only discount_code, it still orders the saved cart, so the
--   remotes deployed before this migration keep working; the direct insert into newsletter_subscribers stays
--   granted for them too, until the contract migration.

create schema if not exists private;
revoke all on schema private from public, anon, authenticated;

-- Codes ------------------------------------------------------------------------------------------------------

-- The code's prefix exactly as shared-lib's generateDiscountCode made it in the browser:
-- name.normalize('NFC').toUpperCase(), then the first three letters (Unicode category L). ICU's upper-casing
-- is the full mapping JavaScript uses ('ß' -> 'SS', 'ﬁ' -> 'FI'), and under ICU [[:alpha:]] is u_isalpha, the
-- letter categories; the database's own locale (C, C.UTF-8, en_US) would do neither.
create function private.discount_code_prefix(name text) returns text
language sql immutable strict set search_path = ''
as $$
  select left(
    regexp_replace(upper(normalize(name, nfc) collate "und-x-icu"), '[^[:alpha:]]', '', 'g'),
    3
  );
$$;

-- Six characters [A-Z0-9] from pgcrypto's cryptographic generator, each byte drawn again from 252 up (the largest
-- multiple of 36 a byte holds) so that every character is equally likely, as in generateDiscountCode.
create function private.random_code_suffix() returns text
language plpgsql volatile set search_path = ''
as $$
declare
  alphabet constant text := 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  suffix text := '';
  bytes bytea;
  b integer;
begin
  while char_length(suffix) < 6 loop
    bytes := extensions.gen_random_bytes(6);
    for i in 0..5 loop
      b := get_byte(bytes, i);
      if b < 252 and char_length(suffix) < 6 then
        suffix := suffix || substr(alphabet, b % 36 + 1, 1);
      end if;
    end loop;
  end loop;
  return suffix;
end;
$$;

-- Subscribes and returns the new code. A known e-mail fails with the table's unique violation (23505, message
-- 'duplicate key value ...'), which the popup shows as 'Already Subscribed'; a code that happens to exist already
-- is drawn again.
create function public.subscribe_newsletter(name text, email text) returns text
language plpgsql volatile security definer set search_path = ''
as $$
declare
  code text;
  violated text;
begin
  for attempt in 1..5 loop
    code := private.discount_code_prefix(coalesce(name, '')) || private.random_code_suffix();
    begin
      insert into public.newsletter_subscribers (name, email, discount_code)
      values (btrim(subscribe_newsletter.name), btrim(subscribe_newsletter.email), code);
      return code;
    exception when unique_violation then
      get stacked diagnostics violated = constraint_name;
      if violated is distinct from 'newsletter_subscribers_discount_code_key' or attempt = 5 then
        raise;
      end if;
    end;
  end loop;
  return null; -- not reached: the fifth attempt returns or raises
end;
$$;

-- Redemptions ------------------------------------------------------------------------------------------------

-- One row per redeemed code (the primary key is what makes a code single-use), written only by place_order.
-- A deleted account or order leaves the row, without its owner, so the code stays used.
create table public.discount_redemptions (
  code text primary key,
  user_id uuid references auth.users (id) on delete set null,
  order_id uuid unique references public.orders (id) on delete set null,
  redeemed_at timestamptz not null default now()
);
create index discount_redemptions_user_id_idx on public.discount_redemptions (user_id);
alter table public.discount_redemptions enable row level security;
create policy "own redemptions" on public.discount_redemptions for select to authenticated
  using ((select auth.uid()) = user_id);
revoke all on table public.discount_redemptions from public, anon, authenticated;
grant select on public.discount_redemptions to authenticated;
grant all on public.discount_redemptions to service_role;

-- Orders placed before this migration: the earliest order per code redeemed it; later ones stay as history.
-- Codes issued and not used yet stay valid for one use.
insert into public.discount_redemptions (code, user_id, order_id, redeemed_at)
select distinct on (o.discount_code) o.discount_code, o.user_id, o.id, o.created_at
from public.orders o
where o.discount_code is not null
order by o.discount_code, o.created_at, o.id;

-- Where a code stands: null for none, 'valid' (issued, unused), 'redeemed', or 'unknown'.
create function private.discount_code_status(code text) returns text
language sql stable set search_path = ''
as $$
  select case
    when c.normalised is null then null
    when exists (select 1 from public.discount_redemptions r where r.code = c.normalised) then 'redeemed'
    when exists (select 1 from public.newsletter_subscribers s where s.discount_code = c.normalised) then 'valid'
    else 'unknown'
  end
  from (select nullif(upper(btrim(coalesce(discount_code_status.code, ''))), '') as normalised) c;
$$;

-- Still boolean (spec section 7): true only for an issued code nobody has redeemed.
create or replace function public.validate_discount_code(code text) returns boolean
language sql stable security definer set search_path = ''
as $$
  select coalesce(private.discount_code_status(code) = 'valid', false);
$$;

-- Pricing ----------------------------------------------------------------------------------------------------

-- The one pricing rule (spec section 9): volume tiers by the number of distinct services, an applied code worth
-- at least 10%, the larger discount wins; total = subtotal × (1 − discount) rounded half up to the cent, in
-- integer cents. Ids that are not in `services` are not counted (callers refuse them first). shared-lib's
-- priceCart gives the same figures in the browser, and a backend test compares the two on every cart.
create function private.price_cart(
  service_ids text[],
  with_code boolean,
  out item_count integer,
  out subtotal_cents bigint,
  out discount_percent integer,
  out discount_cents bigint,
  out total_cents bigint
)
language sql stable set search_path = ''
as $$
  select c.n, c.subtotal, p.percent, c.subtotal - t.total, t.total
  from (
    select count(*)::integer as n, coalesce(sum(round(s.price * 100)), 0)::bigint as subtotal
    from public.services s
    where s.id = any (service_ids)
  ) c
  cross join lateral (
    select case
      when c.n = 0 then 0
      else greatest(
        case when c.n >= 10 then 25 when c.n >= 7 then 20 when c.n >= 5 then 15 when c.n >= 3 then 10 else 0 end,
        case when with_code then 10 else 0 end
      )
    end as percent
  ) p
  cross join lateral (select (c.subtotal * (100 - p.percent) + 50) / 100 as total) t;
$$;

-- A cart as sent by the browser, [{service_id, ...}, ...], as its service ids in order, each once at its first
-- place. Other keys (titles, prices) are ignored: the server prices from `services`.
create function private.cart_service_ids(items jsonb) returns text[]
language plpgsql immutable set search_path = ''
as $$
begin
  if items is null or jsonb_typeof(items) <> 'array' then
    raise exception 'items must be an array of {service_id}' using errcode = '22023';
  end if;
  if exists (
    select 1 from jsonb_array_elements(items) e
    where jsonb_typeof(e) <> 'object' or jsonb_typeof(e -> 'service_id') is distinct from 'string'
  ) then
    raise exception 'items must be an array of {service_id}' using errcode = '22023';
  end if;
  return coalesce((
    select array_agg(f.id order by f.place)
    from (
      select e ->> 'service_id' as id, min(x.place) as place
      from jsonb_array_elements(items) with ordinality as x(e, place)
      group by e ->> 'service_id'
    ) f
  ), '{}');
end;
$$;

-- The price an order of these items would have, and the code's status; it applies the code only when 'valid'.
-- Read-only (GET works); anyone may ask, as anyone may validate a code.
create function public.quote_cart(
  items jsonb,
  discount_code text default null,
  out item_count integer,
  out subtotal_cents bigint,
  out discount_percent integer,
  out discount_cents bigint,
  out total_cents bigint,
  out code_status text
)
language plpgsql stable security definer set search_path = ''
as $$
declare
  ids text[] := private.cart_service_ids(items);
begin
  if exists (select 1 from unnest(ids) i where not exists (select 1 from public.services s where s.id = i)) then
    raise exception 'Your cart holds a service that is no longer offered' using errcode = 'P0001';
  end if;
  code_status := private.discount_code_status(discount_code);
  select p.item_count, p.subtotal_cents, p.discount_percent, p.discount_cents, p.total_cents
  into item_count, subtotal_cents, discount_percent, discount_cents, total_cents
  from private.price_cart(ids, code_status = 'valid') p;
end;
$$;

-- Orders -----------------------------------------------------------------------------------------------------

alter table public.order_items add column sort_order integer not null default 0 check (sort_order >= 0);

-- Records an order of these services for the user, priced by price_cart; redeems the code in the same
-- transaction; refuses when expected_total (cents, when given) is not the server's total. Raises, so that
-- nothing is recorded, on: an empty cart, a service no longer offered, an unknown code ('Invalid discount
-- code'), a redeemed one (also when a concurrent order redeemed it first), a changed price (PT409).
create function private.record_order(uid uuid, ids text[], discount_code text, expected_total integer)
returns uuid
language plpgsql volatile set search_path = ''
as $$
declare
  code text := nullif(upper(btrim(coalesce(discount_code, ''))), '');
  status text := private.discount_code_status(code);
  price record;
  new_order_id uuid;
begin
  if coalesce(cardinality(ids), 0) = 0 then
    raise exception 'Your cart is empty' using errcode = 'P0001';
  end if;
  if exists (select 1 from unnest(ids) i where not exists (select 1 from public.services s where s.id = i)) then
    raise exception 'Your cart holds a service that is no longer offered' using errcode = 'P0001';
  end if;
  if status = 'unknown' then
    raise exception 'Invalid discount code' using errcode = 'P0001';
  end if;
  if status = 'redeemed' then
    raise exception 'This discount code has already been used.' using errcode = 'P0001';
  end if;
  select * into price from private.price_cart(ids, code is not null);
  if expected_total is not null and expected_total <> price.total_cents then
    raise exception 'The price of your order has changed.' using errcode = 'PT409',
      detail = json_build_object('total_cents', price.total_cents)::text;
  end if;

  insert into public.orders (user_id, total_amount, discount_amount, discount_code)
  values (uid, price.total_cents, price.discount_cents, code)
  returning id into new_order_id;
  -- The primary key decides between concurrent orders with one code: the second waits for the first, finds
  -- the row and raises, which takes its order back with it.
  if code is not null then
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
  return new_order_id;
end;
$$;

-- Checkout. New shape: place_order(items, expected_total, discount_code) orders exactly the items the checkout
-- shows (the server prices them; the caller's open cart rows are replaced by them and marked checked out).
-- Old shape, place_order(discount_code): orders the saved open cart, as before this migration. One function
-- with defaults, so both calls resolve by their argument names.
drop function public.place_order(text);
create function public.place_order(
  discount_code text default null,
  items jsonb default null,
  expected_total integer default null
) returns uuid
language plpgsql volatile security definer set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  ids text[];
  new_order_id uuid;
begin
  if uid is null then
    raise exception 'Sign in to check out' using errcode = '42501';
  end if;
  -- The same lock as replace_cart: a save in flight finishes first, and no save interleaves with the order.
  perform pg_advisory_xact_lock(hashtext('cart:' || uid::text));
  if items is null then
    select coalesce(array_agg(c.service_id order by c.place), '{}') into ids
    from (
      select service_id, min(sort_order) as place
      from public.cart_items where user_id = uid and not checked_out group by service_id
    ) c;
    new_order_id := private.record_order(uid, ids, discount_code, expected_total);
    update public.cart_items set checked_out = true where user_id = uid and not checked_out;
  else
    ids := private.cart_service_ids(items);
    new_order_id := private.record_order(uid, ids, discount_code, expected_total);
    delete from public.cart_items where user_id = uid and not checked_out;
    insert into public.cart_items (user_id, email, service_id, service_title, service_price, sort_order, checked_out)
    select uid, auth.jwt() ->> 'email', s.id, s.title, s.price, (i.place - 1)::integer, true
    from unnest(ids) with ordinality as i(id, place)
    join public.services s on s.id = i.id;
  end if;
  return new_order_id;
end;
$$;

-- Privileges --------------------------------------------------------------------------------------------------
revoke all on all functions in schema private from public, anon, authenticated;
revoke all on function public.subscribe_newsletter(text, text), public.quote_cart(jsonb, text),
  public.place_order(text, jsonb, integer), public.validate_discount_code(text)
  from public, anon, authenticated;
grant execute on function public.subscribe_newsletter(text, text), public.quote_cart(jsonb, text),
  public.validate_discount_code(text) to anon, authenticated, service_role;
grant execute on function public.place_order(text, jsonb, integer) to authenticated, service_role;
grant usage on schema private to service_role;
grant execute on all functions in schema private to service_role;
