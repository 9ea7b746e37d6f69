-- The saved cart keeps the order in which the customer added services. replace_cart used to insert the rows
-- sorted by service id (`distinct on` sorts), so a cart read back after a reload or on another device came back
-- alphabetical; and rows inserted together share `created_at`, so nothing else can restore the order.
alter table public.cart_items
  add column sort_order integer not null default 0 check (sort_order >= 0);

-- As in 20261122140000_hardening.sql, plus each item's place in the submitted list. A service listed twice
-- keeps its first place.
create or replace function public.replace_cart(items jsonb) returns void
language plpgsql security invoker set search_path = ''
as $$
declare
  uid uuid := auth.uid();
begin
  if uid is null then
    raise exception 'Sign in to save a cart' using errcode = '42501';
  end if;
  if items is null or jsonb_typeof(items) <> 'array' then
    raise exception 'items must be an array of {service_id, service_title, service_price}' using errcode = '22023';
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
revoke all on function public.replace_cart(jsonb) from public, anon;
grant execute on function public.replace_cart(jsonb) to authenticated, service_role;
