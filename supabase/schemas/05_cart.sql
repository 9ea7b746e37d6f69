-- The cart: a signed-in user's saved cart (a guest's lives in the browser only), and the rule every function
-- that takes a cart applies first. The cart's items arrive as JSON `[{service_id}, ...]` in the order the user
-- put them; titles and prices a client sends are ignored.

-- A signed-in user's cart rows, read and written only by their owner; the site reads them directly and saves
-- them through replace_cart, and place_order marks the ordered rows checked_out.
create table public.cart_items (
    id uuid default gen_random_uuid() not null,
    user_id uuid not null,
    email text,
    service_id text not null,
    service_title text not null,
    service_price numeric(10,2) not null,
    checked_out boolean default false not null,
    created_at timestamp with time zone default now() not null,
    sort_order integer default 0 not null,
    constraint cart_items_email_check check ((char_length(email) <= 255)),
    constraint cart_items_service_id_check check (((char_length(service_id) >= 1) and (char_length(service_id) <= 100))),
    constraint cart_items_service_price_check check ((service_price >= (0)::numeric)),
    constraint cart_items_service_title_check check (((char_length(service_title) >= 1) and (char_length(service_title) <= 200))),
    constraint cart_items_sort_order_check check ((sort_order >= 0)),
    constraint cart_items_pkey primary key (id),
    constraint cart_items_user_id_fkey foreign key (user_id) references auth.users(id) on delete cascade
);

create index cart_items_user_id_idx on public.cart_items using btree (user_id, checked_out);

alter table public.cart_items enable row level security;

create policy "own cart: delete" on public.cart_items for delete to authenticated using ((( select auth.uid() as uid) = user_id));

create policy "own cart: insert" on public.cart_items for insert to authenticated with check ((( select auth.uid() as uid) = user_id));

create policy "own cart: select" on public.cart_items for select to authenticated using ((( select auth.uid() as uid) = user_id));

create policy "own cart: update" on public.cart_items for update to authenticated using ((( select auth.uid() as uid) = user_id)) with check ((( select auth.uid() as uid) = user_id));

create policy "second factor when verified" on public.cart_items as restrictive to authenticated using (( select private.aal_sufficient() as aal_sufficient)) with check (( select private.aal_sufficient() as aal_sufficient));

REVOKE ALL ON TABLE public.cart_items FROM anon, authenticated;
GRANT ALL ON TABLE public.cart_items TO service_role;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.cart_items TO authenticated;

-- The rule for a cart (issue #30): an array of at most as many items as there are services, each an object
-- with a service_id, no service twice; refused with 22023 before anything else is read. Returns the ids in order.
-- It reads the `json` the request carried, which PostgreSQL checks but does not rebuild: a hostile 30,000-item
-- cart is refused without first being converted to jsonb.
create function private.cart_service_ids(items json) returns text[]
    language plpgsql stable
    set search_path to ''
    as $$
declare
  most integer;
  ids text[];
begin
  if items is null or json_typeof(items) <> 'array' then
    raise exception 'items must be an array of {service_id}' using errcode = '22023';
  end if;
  select count(*) into most from public.services;
  if json_array_length(items) > most then
    raise exception 'A cart holds at most % items, one per service', most
      using errcode = '22023', detail = format('%s items were sent', json_array_length(items));
  end if;
  if exists (
    select 1 from json_array_elements(items) e
    where json_typeof(e) <> 'object' or json_typeof(e -> 'service_id') is distinct from 'string'
  ) then
    raise exception 'items must be an array of {service_id}' using errcode = '22023';
  end if;
  select coalesce(array_agg(x.e ->> 'service_id' order by x.place), '{}') into ids
  from json_array_elements(items) with ordinality as x(e, place);
  if cardinality(ids) <> (select count(distinct i) from unnest(ids) as i) then
    raise exception 'A cart holds at most % items, one per service', most
      using errcode = '22023', detail = 'a service was listed more than once';
  end if;
  return ids;
end;
$$;

-- The same rule for the jsonb the bodies hold (they are called with the at most 13 items that passed).
create function private.cart_service_ids(items jsonb) returns text[]
    language sql stable
    set search_path to ''
    as $$
  select private.cart_service_ids(items::json);
$$;

REVOKE ALL ON FUNCTION private.cart_service_ids(items json) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.cart_service_ids(items json) TO service_role;

REVOKE ALL ON FUNCTION private.cart_service_ids(items jsonb) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.cart_service_ids(items jsonb) TO service_role;

-- The items of a cart that passed the rule, as jsonb for the bodies in `private`.
create function private.checked_items(items json) returns jsonb
    language plpgsql stable
    set search_path to ''
    as $$
begin
  perform private.cart_service_ids(items);
  return items::jsonb;
end;
$$;

REVOKE ALL ON FUNCTION private.checked_items(items json) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.checked_items(items json) TO service_role;

-- What an order of these items would cost, priced by price_cart, and where the code stands for it
-- (code_status_for): the price includes the code only when 'valid'. A wrong code counts against the caller's
-- budget, so the browser calls it with POST.
create function private.quote_cart(items jsonb, discount_code text default null::text, out item_count integer, out subtotal_cents bigint, out discount_percent integer, out discount_cents bigint, out total_cents bigint, out code_status text) returns record
    language plpgsql security definer
    set search_path to ''
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

REVOKE ALL ON FUNCTION private.quote_cart(items jsonb, discount_code text, OUT item_count integer, OUT subtotal_cents bigint, OUT discount_percent integer, OUT discount_cents bigint, OUT total_cents bigint, OUT code_status text) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.quote_cart(items jsonb, discount_code text, OUT item_count integer, OUT subtotal_cents bigint, OUT discount_percent integer, OUT discount_cents bigint, OUT total_cents bigint, OUT code_status text) TO service_role;

-- The checkout's quote, for anyone: checks the cart as json (the rule above), then private.quote_cart.
create function public.quote_cart(items json, discount_code text default null::text, out item_count integer, out subtotal_cents bigint, out discount_percent integer, out discount_cents bigint, out total_cents bigint, out code_status text) returns record
    language sql security definer
    set search_path to ''
    as $$
  select * from private.quote_cart(private.checked_items(items), discount_code);
$$;

REVOKE ALL ON FUNCTION public.quote_cart(items json, discount_code text, OUT item_count integer, OUT subtotal_cents bigint, OUT discount_percent integer, OUT discount_cents bigint, OUT total_cents bigint, OUT code_status text) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION public.quote_cart(items json, discount_code text, OUT item_count integer, OUT subtotal_cents bigint, OUT discount_percent integer, OUT discount_cents bigint, OUT total_cents bigint, OUT code_status text) TO anon;
GRANT ALL ON FUNCTION public.quote_cart(items json, discount_code text, OUT item_count integer, OUT subtotal_cents bigint, OUT discount_percent integer, OUT discount_cents bigint, OUT total_cents bigint, OUT code_status text) TO authenticated;
GRANT ALL ON FUNCTION public.quote_cart(items json, discount_code text, OUT item_count integer, OUT subtotal_cents bigint, OUT discount_percent integer, OUT discount_cents bigint, OUT total_cents bigint, OUT code_status text) TO service_role;

-- The spec's delete-then-insert of the caller's open cart, in one transaction; an account only (aal2 where it
-- has a second factor). It runs with the caller's rights, so cart_items' own policies guard what it writes.
create function public.replace_cart(items jsonb) returns void
    language plpgsql
    set search_path to ''
    as $$
declare
  uid uuid := private.require_account('save a cart');
  most integer;
begin
  if items is null or jsonb_typeof(items) <> 'array' then
    raise exception 'items must be an array of {service_id, service_title, service_price}' using errcode = '22023';
  end if;
  select count(*) into most from public.services;
  if jsonb_array_length(items) > most then
    raise exception 'A cart holds at most % items, one per service', most
      using errcode = '22023', detail = format('%s items were sent', jsonb_array_length(items));
  end if;
  -- One save at a time per user: concurrent calls queue here, and the last one's cart is what remains.
  perform pg_advisory_xact_lock(hashtext('cart:' || uid::text));
  delete from public.cart_items where user_id = uid and not checked_out;
  insert into public.cart_items (user_id, email, service_id, service_title, service_price, sort_order)
  select distinct on (i.service_id)
    uid, auth.jwt() ->> 'email', i.service_id, i.service_title, i.service_price, i.position - 1
  from rows from (jsonb_to_recordset(items) as (service_id text, service_title text, service_price numeric))
    with ordinality as i(service_id, service_title, service_price, position)
  order by i.service_id, i.position;
end;
$$;

REVOKE ALL ON FUNCTION public.replace_cart(items jsonb) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION public.replace_cart(items jsonb) TO service_role;
GRANT ALL ON FUNCTION public.replace_cart(items jsonb) TO authenticated;
