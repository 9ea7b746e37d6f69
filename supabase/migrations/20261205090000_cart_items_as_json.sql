-- Bounded carts, refused before the list is built (issue #30, item 5).
--
-- quote_cart (anonymous) and place_order take the cart as `items jsonb`. PostgREST hands a function its arguments
-- from the request body (`json_to_record(body) as _(items jsonb, ...)`), so PostgreSQL built the whole list as
-- jsonb before the functions' first line could refuse it: for a hostile 30,000-item quote (0.9 MB) that conversion
-- was nearly all of the refusal's 150 ms on PostgreSQL, and hosted Supabase pays it too. `json` is the body's own
-- text, checked but not rebuilt, so the public functions now take `items json`, check the cart there with the
-- same rule and error as before (private.cart_service_ids), and only then hand the at most 13 items on as jsonb.
--
-- Nothing else changes: the bodies are 20261127120000_codes_and_carts.sql's quote_cart and
-- 20261128105000_place_order_billing.sql's place_order, moved unchanged into `private` (same name and arguments,
-- so their own references such as `place_order.billing` still resolve) behind thin public wrappers with the old
-- names, argument names and defaults. Clients send the same JSON and get the same answers; supabase-js and the
-- generated types see `Json` either way. The rule for a cart's items stays in one place: the jsonb form of
-- cart_service_ids, which the moved bodies still call, now reads its list through the json form.

create function private.cart_service_ids(items json) returns text[]
language plpgsql stable set search_path = ''
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

create or replace function private.cart_service_ids(items jsonb) returns text[]
language sql stable set search_path = ''
as $$
  select private.cart_service_ids(items::json);
$$;

-- The items of a cart that passed the rule, as the moved bodies take them.
create function private.checked_items(items json) returns jsonb
language plpgsql stable set search_path = ''
as $$
begin
  perform private.cart_service_ids(items);
  return items::jsonb;
end;
$$;

alter function public.quote_cart(jsonb, text) set schema private;
alter function public.place_order(jsonb, integer, text, jsonb, boolean) set schema private;
-- Moving keeps a function's grants; the moved bodies are reached only through the wrappers below.
revoke all on function private.quote_cart(jsonb, text), private.place_order(jsonb, integer, text, jsonb, boolean)
  from public, anon, authenticated;

create function public.quote_cart(
  items json,
  discount_code text default null,
  out item_count integer,
  out subtotal_cents bigint,
  out discount_percent integer,
  out discount_cents bigint,
  out total_cents bigint,
  out code_status text
)
language sql volatile security definer set search_path = ''
as $$
  select * from private.quote_cart(private.checked_items(items), discount_code);
$$;

create function public.place_order(
  items json,
  expected_total integer,
  discount_code text default null,
  billing jsonb default null,
  show_in_recent_purchases boolean default false
)
returns json
language sql volatile security definer set search_path = ''
as $$
  select private.place_order(
    private.checked_items(items), expected_total, discount_code, billing, show_in_recent_purchases
  );
$$;

revoke all on function private.cart_service_ids(json), private.checked_items(json) from public, anon, authenticated;
grant execute on function private.cart_service_ids(json), private.checked_items(json) to service_role;
revoke all on function public.quote_cart(json, text), public.place_order(json, integer, text, jsonb, boolean)
  from public, anon, authenticated;
grant execute on function public.quote_cart(json, text) to anon, authenticated, service_role;
grant execute on function public.place_order(json, integer, text, jsonb, boolean) to authenticated, service_role;
