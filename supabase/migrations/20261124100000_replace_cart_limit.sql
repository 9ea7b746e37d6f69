-- replace_cart refuses a cart with more items than there are services. A cart holds each service at most once,
-- so a longer list is never a real cart, and it was expensive: a 12,000-item call held the embedded database's
-- only connection for 560 ms while every other client waited. Counted before the lock and the delete, so a
-- refused call changes nothing and costs almost nothing.
--
-- Expand only: the signature, replace_cart(items jsonb) returns void, and every accepted call are unchanged,
-- so clients built before and after this migration work against it alike; there is nothing to contract later.
create or replace function public.replace_cart(items jsonb) returns void
language plpgsql security invoker set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  most integer;
begin
  if uid is null then
    raise exception 'Sign in to save a cart' using errcode = '42501';
  end if;
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
revoke all on function public.replace_cart(jsonb) from public, anon;
grant execute on function public.replace_cart(jsonb) to authenticated, service_role;
